import type { Knex } from 'knex';
import { pageList, type ListQuery, type SortColumns } from '@cc/platform';
import { MEMBER_TIERS, memberTier, rolesOfTier, type MemberTierName, type User, type UserWithTier } from '@cc/contracts';
import { listTotal } from '../staff/listTotal';

export interface ProfileRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  phone: string | null;
  bio: string | null;
  branch_of_service: string | null;
  years_served: number | null;
  discharge_type: string | null;
  disability_rating: number | null;
  operation_theaters: string[];
  mos: string | null;
  sub_mos: string | null;
  awards: string[];
  devices: string[];
  profile_image_url: string | null;
  va_file_number: string | null;
  ssn_last4: string | null;
  member_tier: MemberTierName;
  created_at: Date;
}

export function toUser(row: ProfileRow): User {
  const tier = memberTier(row.member_tier);
  return {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || null),
    phone: row.phone,
    bio: row.bio,
    branchOfService: row.branch_of_service,
    yearsServed: row.years_served,
    dischargeType: row.discharge_type,
    disabilityRating: row.disability_rating,
    operationTheaters: row.operation_theaters ?? [],
    mos: row.mos,
    subMos: row.sub_mos,
    awards: row.awards ?? [],
    devices: row.devices ?? [],
    profileImageUrl: row.profile_image_url,
    vaFileNumber: row.va_file_number,
    ssnLast4: row.ssn_last4,
    memberTier: row.member_tier,
    memberTierData: tier,
    roles: rolesOfTier(row.member_tier),
    createdAt: row.created_at.toISOString(),
  };
}

export async function findUserProfile(knex: Knex, userId: string): Promise<User | undefined> {
  const row: ProfileRow | undefined = await knex('user_profiles').where({ user_id: userId }).first();
  return row ? toUser(row) : undefined;
}

/** Every field of a listed user can be sorted on; the tier's display name is looked up from contracts. */
export const USER_SORT_COLUMNS: SortColumns<UserWithTier> = {
  id: 'user_id',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  memberTier: 'member_tier',
  memberTierData: `case member_tier ${MEMBER_TIERS.map((t) => `when '${t.tierName}' then '${t.displayName.replace(/'/g, "''")}'`).join(' ')} end`,
  createdAt: 'created_at',
};

export type UserListQuery = ListQuery<keyof UserWithTier, { q?: string; memberTier?: MemberTierName }>;

export async function listUsersWithTier(knex: Knex, query: UserListQuery): Promise<{ rows: UserWithTier[]; total: number }> {
  const base = knex('user_profiles').modify((q) => {
    if (query.filter.memberTier) q.where('member_tier', query.filter.memberTier);
    if (query.filter.q) {
      const like = `%${query.filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) => w.whereILike('email', like).orWhereILike('first_name', like).orWhereILike('last_name', like));
    }
  });
  const paged = pageList(base, USER_SORT_COLUMNS, query, 'user_id');
  const rows: ProfileRow[] = await paged.clone();
  return {
    total: await listTotal(knex, paged, query.range, rows.length),
    rows: rows.map((row) => ({
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      memberTier: row.member_tier,
      memberTierData: { displayName: memberTier(row.member_tier).displayName },
      createdAt: row.created_at.toISOString(),
    })),
  };
}

import { ACCOUNT_ERASED } from '../account/erasedRows';
import { pickEventTypes, USER_EVENT_TYPES, type UserPersonalData, type UserProfileChanges } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { preloadOwners } from '../claims/sealed';

interface UserProfileRow {
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
  operation_theaters: unknown[];
  mos: string | null;
  sub_mos: string | null;
  awards: unknown[];
  devices: unknown[];
  profile_image_url: string | null;
  va_file_number: string | null;
  ssn_last4: string | null;
  member_tier: string;
  created_at: string | Date;
  updated_at: string | Date;
}

const COLUMN_OF: Record<keyof UserProfileChanges, keyof UserProfileRow> = {
  firstName: 'first_name',
  lastName: 'last_name',
  name: 'name',
  phone: 'phone',
  bio: 'bio',
  branchOfService: 'branch_of_service',
  yearsServed: 'years_served',
  dischargeType: 'discharge_type',
  disabilityRating: 'disability_rating',
  operationTheaters: 'operation_theaters',
  mos: 'mos',
  subMos: 'sub_mos',
  awards: 'awards',
  devices: 'devices',
  profileImageUrl: 'profile_image_url',
  vaFileNumber: 'va_file_number',
  ssnLast4: 'ssn_last4',
};
const LIST_COLUMNS = new Set<keyof UserProfileRow>(['operation_theaters', 'awards', 'devices']);

const PROFILE_EVENTS = [
  ...pickEventTypes(USER_EVENT_TYPES, ['UserRegistered', 'UserProfileUpdated', 'UserTierChanged']),
  ACCOUNT_ERASED,
] as const;

/** The personal data of a profile event, opened (undefined once the key is erased). */
interface OpenedProfileEvent {
  personal?: UserPersonalData;
  changes?: UserProfileChanges;
}

/** The user profile read model behind `GET /api/auth/user` and the administrators' user list. */
export function userProfilesProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof PROFILE_EVENTS)[number], { user_profiles: UserProfileRow }, OpenedProfileEvent>({
    name: 'user_profiles',
    version: 1,
    handles: PROFILE_EVENTS,
    tables: {
      user_profiles: {
        key: ['user_id'],
        columns: {
          user_id: 'uuid',
          email: 'text',
          first_name: 'text',
          last_name: 'text',
          name: 'text',
          phone: 'text',
          bio: 'text',
          branch_of_service: 'text',
          years_served: 'integer',
          discharge_type: 'text',
          disability_rating: 'integer',
          operation_theaters: 'jsonb',
          mos: 'text',
          sub_mos: 'text',
          awards: 'jsonb',
          devices: 'jsonb',
          profile_image_url: 'text',
          va_file_number: 'text',
          ssn_last4: 'text',
          member_tier: 'text',
          created_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      if (event.type === 'UserRegistered') return { personal: await vault.open<UserPersonalData>(event.data.userId, event.data.personal) };
      if (event.type === 'UserProfileUpdated')
        return { changes: await vault.open<UserProfileChanges>(event.data.userId, event.data.personal) };
      return {};
    },
    touches: (event) => ({ user_profiles: [{ user_id: event.data.userId }] }),
    evolve({ user_profiles }, event, opened) {
      const at = event.metadata.occurredAt;
      const profile = user_profiles.get({ user_id: event.data.userId });
      switch (event.type) {
        case ACCOUNT_ERASED:
          // The account is gone: it leaves the user list, and GET /api/auth/user has no one to answer.
          user_profiles.delete({ user_id: event.data.userId });
          return;
        case 'UserRegistered':
          if (profile) return;
          // An erased key leaves a profile with no personal data, never a crash.
          user_profiles.put({
            user_id: event.data.userId,
            email: opened.personal?.email ?? '',
            first_name: opened.personal?.firstName ?? null,
            last_name: opened.personal?.lastName ?? null,
            name: null,
            phone: null,
            bio: null,
            branch_of_service: null,
            years_served: null,
            discharge_type: null,
            disability_rating: null,
            operation_theaters: [],
            mos: null,
            sub_mos: null,
            awards: [],
            devices: [],
            profile_image_url: null,
            va_file_number: null,
            ssn_last4: null,
            member_tier: event.data.memberTier,
            created_at: at,
            updated_at: at,
          });
          return;
        case 'UserProfileUpdated': {
          if (!profile) return;
          const row: UserProfileRow = { ...profile, updated_at: at };
          for (const [field, value] of Object.entries(opened.changes ?? {}) as [keyof UserProfileChanges, unknown][]) {
            const column = COLUMN_OF[field];
            if (column) (row as unknown as Record<string, unknown>)[column] = LIST_COLUMNS.has(column) ? (value ?? []) : value;
          }
          user_profiles.put(row);
          return;
        }
        case 'UserTierChanged':
          if (profile) user_profiles.put({ ...profile, member_tier: event.data.to, updated_at: at });
          return;
      }
    },
  });
}

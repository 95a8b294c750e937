import type { Knex } from 'knex';
import {
  CLAIM_STATUS_LABELS,
  type ClaimStatus,
  type MemberTierName,
  type StaffSupportRequest,
  type StaffSupportRequestDetail,
  type StaffSupportThread,
  type SupportClaimSummary,
  type SupportMessage,
  type SupportPriority,
  type SupportRequestDetail,
  type SupportRequestStatus,
  type SupportRequestSummary,
} from '@cc/contracts';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import { listTotal } from '../staff/listTotal';
import { displayNameSql, likePattern } from '../staff/names';

interface RequestRow {
  request_id: string;
  user_id: string;
  subject: string;
  status: SupportRequestStatus;
  claim_id: string | null;
  tier: MemberTierName;
  priority: SupportPriority;
  opened_at: Date;
  updated_at: Date;
  waiting_since: Date | null;
  message_count: number;
}

interface StaffRequestRow extends RequestRow {
  requester_name: string;
  requester_email: string;
}

const toSummary = (row: RequestRow): SupportRequestSummary => ({
  id: row.request_id,
  subject: row.subject,
  status: row.status,
  claimId: row.claim_id,
  openedAt: row.opened_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  messageCount: row.message_count,
});

const toStaffRequest = (row: StaffRequestRow): StaffSupportRequest => ({
  ...toSummary(row),
  priority: row.priority,
  tier: row.tier,
  requesterId: row.user_id,
  requesterName: row.requester_name,
  requesterEmail: row.requester_email,
  waitingSince: row.waiting_since?.toISOString() ?? null,
});

export const SUPPORT_REQUEST_SORT_COLUMNS: SortColumns<SupportRequestSummary> = {
  id: 'request_id',
  subject: 'subject',
  status: 'status',
  claimId: 'claim_id',
  openedAt: 'opened_at',
  updatedAt: 'updated_at',
  messageCount: 'message_count',
};

/**
 * `priority` sorts the queue as support works it: Pro, then the other priority tiers, then Free,
 * and within each the oldest request first.
 */
export const STAFF_SUPPORT_REQUEST_SORT_COLUMNS: SortColumns<StaffSupportRequest> = {
  ...SUPPORT_REQUEST_SORT_COLUMNS,
  priority: 'queue_key',
  tier: 'tier',
  requesterId: 'user_id',
  requesterName: 'requester_name',
  requesterEmail: 'requester_email',
  waitingSince: 'waiting_since',
};

export type SupportRequestListQuery = ListQuery<keyof SupportRequestSummary, { status?: SupportRequestStatus }>;
export type StaffSupportRequestListQuery = ListQuery<
  keyof StaffSupportRequest,
  { status?: SupportRequestStatus; tier?: MemberTierName; q?: string }
>;

export async function listSupportRequests(knex: Knex, userId: string, query: SupportRequestListQuery) {
  const base = knex('support_requests')
    .where({ user_id: userId })
    .modify((q) => {
      if (query.filter.status) q.where('status', query.filter.status);
    });
  const total = await countList(base, SUPPORT_REQUEST_SORT_COLUMNS, query);
  const rows: RequestRow[] = await pageList(base.clone(), SUPPORT_REQUEST_SORT_COLUMNS, query, 'request_id');
  return { rows: rows.map(toSummary), total };
}

/** Every request with its requester: the read model joined with the user profiles. */
const staffRequests = (knex: Knex) =>
  knex.select('*').from(
    knex('support_requests as r')
      .leftJoin('user_profiles as p', 'p.user_id', 'r.user_id')
      .select('r.*', knex.raw(`${displayNameSql('p')} as requester_name`), knex.raw(`coalesce(p.email, '') as requester_email`))
      .as('r'),
  );

export async function listStaffSupportRequests(knex: Knex, query: StaffSupportRequestListQuery) {
  const base = staffRequests(knex).modify((q) => {
    if (query.filter.status) q.where('status', query.filter.status);
    if (query.filter.tier) q.where('tier', query.filter.tier);
    if (query.filter.q) {
      const pattern = likePattern(query.filter.q);
      q.where((w) => w.whereILike('subject', pattern).orWhereILike('requester_name', pattern).orWhereILike('requester_email', pattern));
    }
  });
  const paged = pageList(base, STAFF_SUPPORT_REQUEST_SORT_COLUMNS, query, 'request_id');
  const rows: StaffRequestRow[] = await paged.clone();
  return { rows: rows.map(toStaffRequest), total: await listTotal(knex, paged, query.range, rows.length) };
}

/** A request's thread, oldest first, each message with its author's name. */
async function threadOf(knex: Knex, requestId: string): Promise<SupportMessage[]> {
  const rows: { message_id: string; author: 'veteran' | 'support'; body: string; created_at: Date; author_name: string }[] = await knex(
    'support_messages as m',
  )
    .leftJoin('user_profiles as p', 'p.user_id', 'm.author_id')
    .where('m.request_id', requestId)
    .orderBy('m.created_at')
    .orderBy('m.message_id')
    .select('m.message_id', 'm.author', 'm.body', 'm.created_at', knex.raw(`${displayNameSql('p')} as author_name`));
  return rows.map((m) => ({
    id: m.message_id,
    author: m.author,
    authorName: m.author_name,
    body: m.body,
    createdAt: m.created_at.toISOString(),
  }));
}

/** The veteran's own request; another's is undefined, like a missing one. */
export async function findSupportRequest(knex: Knex, userId: string, requestId: string): Promise<SupportRequestDetail | undefined> {
  const row: RequestRow | undefined = await knex('support_requests').where({ request_id: requestId, user_id: userId }).first();
  return row ? { ...toSummary(row), messages: await threadOf(knex, requestId) } : undefined;
}

export async function findStaffSupportThread(knex: Knex, requestId: string): Promise<StaffSupportThread | undefined> {
  const row: StaffRequestRow | undefined = await staffRequests(knex).where('request_id', requestId).first();
  return row ? { ...toStaffRequest(row), messages: await threadOf(knex, requestId) } : undefined;
}

/** The thread with the claim it names (the requester's own claim, from the claims read model). */
export async function findStaffSupportRequest(knex: Knex, requestId: string): Promise<StaffSupportRequestDetail | undefined> {
  const thread = await findStaffSupportThread(knex, requestId);
  if (!thread) return undefined;
  let claim: SupportClaimSummary | null = null;
  if (thread.claimId) {
    const row = await knex('claims').where({ claim_id: thread.claimId, user_id: thread.requesterId }).first();
    if (row)
      claim = {
        id: row.claim_id,
        claimNumber: row.claim_number,
        condition: row.condition,
        status: row.status,
        statusLabel: CLAIM_STATUS_LABELS[row.status as ClaimStatus] ?? row.status,
        ratingPercentage: row.rating,
        filedAt: row.filed_at.toISOString(),
      };
  }
  return { ...thread, claim };
}

/** Everything the veteran wrote to support and was answered, for the data export. */
export async function supportExportForUser(knex: Knex, userId: string): Promise<SupportRequestDetail[]> {
  const rows: RequestRow[] = await knex('support_requests').where({ user_id: userId }).orderBy('opened_at');
  return Promise.all(rows.map(async (row) => ({ ...toSummary(row), messages: await threadOf(knex, row.request_id) })));
}

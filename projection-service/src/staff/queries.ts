import type { Knex } from 'knex';
import { pageList, type ListQuery, type SortColumns } from '@cc/platform';
import {
  memberTier,
  type AccessLogEntry,
  type ClaimStatus,
  type MemberTierName,
  type ProcessingStatus,
  type Role,
  type StaffClaim,
  type StaffDocument,
  type StaffUser,
  type TierHistoryEntry,
} from '@cc/contracts';
import { CLAIM_SORT_COLUMNS, toClaim, type ClaimRow } from '../claims/queries';
import { matchesSearch, SEARCH_ARMS, searchClaims } from './claimSearch';
import { countLimit, listTotal } from './listTotal';
import { displayNameSql, likePattern } from './names';
import type { ActorInfo } from './timeline';

/**
 * Every user's claims with their owner: the claims read model joined with the user profiles;
 * `where` applies to the join itself (claims `c`, profiles `p`).
 */
const staffClaims = (knex: Knex, where: (q: Knex.QueryBuilder) => void = () => {}) =>
  knex.select('*').from(
    knex('claims as c')
      .leftJoin('user_profiles as p', 'p.user_id', 'c.user_id')
      .select('c.*', knex.raw(`${displayNameSql('p')} as owner_name`), knex.raw(`coalesce(p.email, '') as owner_email`))
      .where(where)
      .as('c'),
  );

export const STAFF_CLAIM_SORT_COLUMNS: SortColumns<StaffClaim> = {
  ...CLAIM_SORT_COLUMNS,
  userId: 'user_id',
  ownerName: 'owner_name',
  ownerEmail: 'owner_email',
};

const OWNER_SORTS: ReadonlySet<keyof StaffClaim> = new Set(['ownerName', 'ownerEmail']);

export type StaffClaimListQuery = ListQuery<keyof StaffClaim, { q?: string; status?: ClaimStatus; userId?: string }>;

type StaffClaimRow = ClaimRow & { user_id: string; owner_name: string; owner_email: string };

export async function listStaffClaims(knex: Knex, query: StaffClaimListQuery, now: Date): Promise<{ rows: StaffClaim[]; total: number }> {
  const { q: text, status, userId } = query.filter;
  const filters = (q: Knex.QueryBuilder) => {
    if (status) q.where('c.status', status);
    if (userId) q.where('c.user_id', userId);
  };
  // A search's matches are looked up first. Few: given them as a list, the planner fetches those
  // claims by key instead of guessing how many a pattern matches and reading the whole table to be
  // safe. Many (a name thousands of owners share): the page is among the first rows of each way of
  // matching, each read in the page's order up to the page's end.
  const search = text ? await searchClaims(knex, text, filters, countLimit(query.range)) : undefined;
  const filtered = (from: Knex.QueryBuilder) =>
    from.modify(filters).modify((q) => {
      if (search?.kind === 'few') q.whereRaw('c.claim_id = any(?::uuid[])', [search.claimIds]);
    });
  const paged =
    search?.kind === 'many'
      ? manyMatchesPage(knex, text!, search.found, query, filters, now)
      : pageList(filtered(staffClaims(knex)), STAFF_CLAIM_SORT_COLUMNS, query, 'claim_id', { now });
  const page: Promise<StaffClaimRow[]> = Promise.resolve(paged.clone());
  // The total walks the claims alone unless the order is the owner's: a left join the planner
  // removes still keeps it from counting out of the index alone (an index-only scan). Of many
  // matches it is only estimated, from the whole search, while the page is read.
  const counted =
    search?.kind === 'many'
      ? pageList(staffClaims(knex, (w) => matchesSearch(w, text!)).modify(filters), STAFF_CLAIM_SORT_COLUMNS, query, 'claim_id', { now })
      : OWNER_SORTS.has(query.sort.field)
        ? paged
        : pageList(filtered(knex.select('*').from('claims as c')), STAFF_CLAIM_SORT_COLUMNS, query, 'claim_id', { now });
  const [rows, total] = await Promise.all([
    page,
    listTotal(
      knex,
      counted,
      query.range,
      page.then((r) => r.length),
      search?.kind === 'many' ? search.atLeast : 0,
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...toClaim(row, now), userId: row.user_id, ownerName: row.owner_name, ownerEmail: row.owner_email })),
    total,
  };
}

/**
 * A page of a search with many matches. Each way of matching that found any is read on its own in
 * the page's order: an arm the search found whole by its ids, the others by their rule. With one
 * arm left (a name thousands share, which no condition holds) the page is that arm's page; with
 * more, it is the page of the union of each arm's first rows up to the page's end.
 */
function manyMatchesPage(
  knex: Knex,
  text: string,
  found: readonly (string[] | undefined)[],
  query: StaffClaimListQuery,
  filters: (q: Knex.QueryBuilder) => void,
  now: Date,
): Knex.QueryBuilder {
  const arms = SEARCH_ARMS.flatMap((arm, i) => {
    const ids = found[i];
    if (ids?.length === 0) return [];
    return [(w: Knex.QueryBuilder) => (ids ? w.whereRaw('c.claim_id = any(?::uuid[])', [ids]) : arm(w, text, knex))];
  });
  const armPage = (matching: (w: Knex.QueryBuilder) => void, range: StaffClaimListQuery['range']) =>
    pageList(staffClaims(knex, matching).modify(filters), STAFF_CLAIM_SORT_COLUMNS, { ...query, range }, 'claim_id', { now });
  if (arms.length === 1) return armPage(arms[0]!, query.range);
  const [first, ...rest] = arms.map((matching) => knex.select('claim_id').from(armPage(matching, [0, query.range[1]]).as('arm')));
  return pageList(
    staffClaims(knex).modify(filters).whereIn('c.claim_id', first!.union(rest, true)),
    STAFF_CLAIM_SORT_COLUMNS,
    query,
    'claim_id',
    { now },
  );
}

export async function findOwner(knex: Knex, userId: string): Promise<{ id: string; name: string; email: string } | undefined> {
  const row = await knex('user_profiles as p')
    .where('p.user_id', userId)
    .first('p.user_id', 'p.email', knex.raw(`${displayNameSql('p')} as name`));
  return row ? { id: row.user_id, name: row.name, email: row.email } : undefined;
}

/** Names and tier histories of the people who acted on a claim, for its history. */
export async function actorInfo(knex: Knex, userIds: readonly string[]): Promise<ActorInfo> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { names: new Map(), tiers: new Map() };
  const profiles = await knex('user_profiles as p')
    .whereIn('p.user_id', ids)
    .select('p.user_id', knex.raw(`${displayNameSql('p')} as name`));
  const tiers = await knex('user_tier_history')
    .whereIn('user_id', ids)
    .orderBy(['user_id', 'position_tx', 'position_seq'])
    .select('user_id', 'to_tier', 'at');
  const byUser = new Map<string, { at: Date; tier: MemberTierName }[]>();
  for (const t of tiers) byUser.set(t.user_id, [...(byUser.get(t.user_id) ?? []), { at: t.at, tier: t.to_tier }]);
  return { names: new Map(profiles.map((p) => [p.user_id as string, p.name as string])), tiers: byUser };
}

// --- documents ---

const staffDocuments = (knex: Knex) =>
  knex.select('*').from(
    knex('documents as d')
      .leftJoin('user_profiles as p', 'p.user_id', 'd.user_id')
      .select('d.*', knex.raw(`${displayNameSql('p')} as owner_name`))
      .as('d'),
  );

export const STAFF_DOCUMENT_SORT_COLUMNS: SortColumns<StaffDocument> = {
  id: 'document_id',
  userId: 'user_id',
  ownerName: 'owner_name',
  fileName: 'file_name',
  fileType: 'file_type',
  fileSize: 'file_size',
  processingStatus: 'processing_status',
  analysisType: 'analysis_type',
  claimId: 'claim_id',
  uploadedAt: 'uploaded_at',
};

export type StaffDocumentListQuery = ListQuery<
  keyof StaffDocument,
  { q?: string; claimId?: string; userId?: string; processingStatus?: ProcessingStatus }
>;

interface StaffDocumentRow {
  document_id: string;
  user_id: string;
  owner_name: string;
  file_name: string;
  file_type: string;
  file_size: string;
  processing_status: ProcessingStatus;
  analysis_type: string | null;
  claim_id: string | null;
  uploaded_at: Date;
}

export async function listStaffDocuments(knex: Knex, query: StaffDocumentListQuery): Promise<{ rows: StaffDocument[]; total: number }> {
  const filtered = (from: Knex.QueryBuilder) =>
    from.modify((q) => {
      if (query.filter.claimId) q.where('claim_id', query.filter.claimId);
      if (query.filter.userId) q.where('user_id', query.filter.userId);
      if (query.filter.processingStatus) q.where('processing_status', query.filter.processingStatus);
      if (query.filter.q) q.whereILike('file_name', likePattern(query.filter.q));
    });
  const paged = pageList(filtered(staffDocuments(knex)), STAFF_DOCUMENT_SORT_COLUMNS, query, 'document_id');
  const rows: StaffDocumentRow[] = await paged.clone();
  // As for claims: the total walks the documents alone, out of the index, unless the order is the owner's.
  const counted =
    query.sort.field === 'ownerName'
      ? paged
      : pageList(filtered(knex.select('*').from('documents')), STAFF_DOCUMENT_SORT_COLUMNS, query, 'document_id');
  return {
    total: await listTotal(knex, counted, query.range, rows.length),
    rows: rows.map((r) => ({
      id: r.document_id,
      userId: r.user_id,
      ownerName: r.owner_name,
      fileName: r.file_name,
      fileType: r.file_type,
      fileSize: Number(r.file_size),
      processingStatus: r.processing_status,
      analysisType: r.analysis_type,
      claimId: r.claim_id,
      uploadedAt: r.uploaded_at.toISOString(),
    })),
  };
}

// --- access log ---

const accessLog = (knex: Knex) =>
  knex.select('*').from(
    knex('staff_access_log as l')
      .leftJoin('user_profiles as sp', 'sp.user_id', 'l.staff_id')
      .leftJoin('user_profiles as op', 'op.user_id', 'l.owner_id')
      .leftJoin('claims as c', 'c.claim_id', 'l.claim_id')
      .select(
        'l.*',
        knex.raw(`coalesce(${displayNameSql('sp')}, 'Unknown user') as staff_name`),
        knex.raw(`case when l.owner_id is null then null else ${displayNameSql('op')} end as owner_name`),
        'c.claim_number',
      )
      .as('l'),
  );

export const ACCESS_LOG_SORT_COLUMNS: SortColumns<AccessLogEntry> = {
  id: 'event_id',
  at: 'at',
  staffId: 'staff_id',
  staffName: 'staff_name',
  staffRole: 'staff_role',
  endpoint: 'endpoint',
  claimId: 'claim_id',
  claimNumber: 'claim_number',
  ownerId: 'owner_id',
  ownerName: 'owner_name',
  version: 'version',
  rows: 'row_count',
  subjectEventId: 'subject_event_id',
};

export type AccessLogQuery = ListQuery<
  keyof AccessLogEntry,
  { staffId?: string; claimId?: string; ownerId?: string; staffRole?: Role; q?: string; at_gte?: string; at_lte?: string }
>;

interface AccessLogRow {
  event_id: string;
  at: Date;
  staff_id: string;
  staff_name: string;
  staff_role: Role;
  endpoint: string;
  claim_id: string | null;
  claim_number: string | null;
  owner_id: string | null;
  owner_name: string | null;
  version: number | null;
  row_count: number | null;
  subject_event_id: string | null;
}

export async function listAccessLog(knex: Knex, query: AccessLogQuery): Promise<{ rows: AccessLogEntry[]; total: number }> {
  const { filter } = query;
  const base = accessLog(knex).modify((q) => {
    if (filter.staffId) q.where('staff_id', filter.staffId);
    if (filter.claimId) q.where('claim_id', filter.claimId);
    if (filter.ownerId) q.where('owner_id', filter.ownerId);
    if (filter.staffRole) q.where('staff_role', filter.staffRole);
    if (filter.at_gte) q.where('at', '>=', filter.at_gte);
    if (filter.at_lte) q.where('at', '<=', filter.at_lte);
    if (filter.q) {
      const like = likePattern(filter.q);
      q.where((w) =>
        w.whereILike('staff_name', like).orWhereILike('owner_name', like).orWhereILike('endpoint', like).orWhereILike('claim_number', like),
      );
    }
  });
  const paged = pageList(base, ACCESS_LOG_SORT_COLUMNS, query, 'event_id');
  const rows: AccessLogRow[] = await paged.clone();
  return {
    total: await listTotal(knex, paged, query.range, rows.length),
    rows: rows.map((r) => ({
      id: r.event_id,
      at: r.at.toISOString(),
      staffId: r.staff_id,
      staffName: r.staff_name,
      staffRole: r.staff_role,
      endpoint: r.endpoint,
      claimId: r.claim_id,
      claimNumber: r.claim_number,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      version: r.version,
      rows: r.row_count,
      subjectEventId: r.subject_event_id,
    })),
  };
}

/** Staff views of one claim, one per role and day: what its owner sees in the claim's history. */
export async function staffViewsOfClaim(knex: Knex, claimId: string): Promise<{ role: Role; day: string; firstAt: Date; count: number }[]> {
  const rows = await knex('staff_access_log')
    .where({ claim_id: claimId })
    .groupBy('staff_role', knex.raw(`(at at time zone 'UTC')::date`))
    .select(
      'staff_role',
      knex.raw(`to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day`),
      knex.raw('min(at) as first_at'),
      knex.raw('count(*)::int as count'),
    );
  return rows.map((r) => ({ role: r.staff_role, day: r.day, firstAt: r.first_at, count: r.count }));
}

// --- users and tiers ---

const tierHistory = (knex: Knex) =>
  knex.select('*').from(
    knex('user_tier_history as h')
      .leftJoin('user_profiles as a', 'a.user_id', 'h.actor_id')
      .select('h.*', knex.raw(`case when h.actor_id is null then null else ${displayNameSql('a')} end as actor_name`))
      .as('h'),
  );

export const TIER_HISTORY_SORT_COLUMNS: SortColumns<TierHistoryEntry> = {
  id: 'event_id',
  userId: 'user_id',
  from: 'from_tier',
  to: 'to_tier',
  reason: 'reason',
  actorId: 'actor_id',
  actorName: 'actor_name',
  operator: 'operator',
  at: 'at',
};

export type TierHistoryQuery = ListQuery<keyof TierHistoryEntry, { userId?: string }>;

interface TierHistoryRow {
  event_id: string;
  user_id: string;
  from_tier: MemberTierName | null;
  to_tier: MemberTierName;
  reason: TierHistoryEntry['reason'];
  actor_id: string | null;
  actor_name: string | null;
  operator: string | null;
  at: Date;
}

export async function listTierHistory(knex: Knex, query: TierHistoryQuery): Promise<{ rows: TierHistoryEntry[]; total: number }> {
  const base = tierHistory(knex).modify((q) => {
    if (query.filter.userId) q.where('user_id', query.filter.userId);
  });
  const paged = pageList(base, TIER_HISTORY_SORT_COLUMNS, query, 'event_id');
  const rows: TierHistoryRow[] = await paged.clone();
  return {
    total: await listTotal(knex, paged, query.range, rows.length),
    rows: rows.map((r) => ({
      id: r.event_id,
      userId: r.user_id,
      from: r.from_tier,
      to: r.to_tier,
      reason: r.reason,
      actorId: r.actor_id,
      actorName: r.actor_name,
      operator: r.operator,
      at: r.at.toISOString(),
    })),
  };
}

export async function findStaffUser(knex: Knex, userId: string): Promise<StaffUser | undefined> {
  const row = await knex('user_profiles as p')
    .where('p.user_id', userId)
    .first(
      'p.*',
      knex.raw('(select count(*)::int from claims c where c.user_id = p.user_id) as claims'),
      knex.raw('(select count(*)::int from documents d where d.user_id = p.user_id) as documents'),
    );
  if (!row) return undefined;
  return {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    memberTier: row.member_tier,
    memberTierData: { displayName: memberTier(row.member_tier).displayName },
    createdAt: row.created_at.toISOString(),
    claims: row.claims,
    documents: row.documents,
  };
}

import type { Knex } from 'knex';
import { pageWithTotal, type ListQuery, type SortColumns } from '@cc/platform';
import {
  CLAIM_PRIORITIES,
  claimReviewDeadlines,
  combinedRating,
  daysBetween,
  displayName,
  isDecided,
  memberTier,
  type Claim,
  type ClaimDetail,
  type ClaimDocumentSummary,
  type ClaimHistoryEntry,
  type ClaimNote,
  type ClaimStatus,
  type DashboardPayload,
  type MemberTierName,
} from '@cc/contracts';
import { recentDocuments } from '../documents/queries';

export interface ClaimRow {
  user_id?: string;
  claim_id: string;
  claim_number: string;
  condition: string;
  condition_type: Claim['conditionType'];
  status: ClaimStatus;
  priority: Claim['priority'];
  progress: number;
  rating: number | null;
  next_action: string | null;
  estimated_decision_date: string | null;
  decision_date: string | null;
  filed_at: Date;
  decided_at: Date | null;
  updated_at: Date;
}

/** Days pending is derived, never stored: it counts from filing and stops when the claim is decided. */
export function toClaim(row: ClaimRow, now: Date): Claim {
  const filedAt = row.filed_at.toISOString();
  return {
    id: row.claim_id,
    claimNumber: row.claim_number,
    condition: row.condition,
    conditionType: row.condition_type,
    status: row.status,
    priority: row.priority,
    progressPercentage: row.progress,
    ratingPercentage: row.rating,
    isApproved: row.status === 'approved',
    daysPending: daysBetween(filedAt, isDecided(row.status) && row.decided_at ? row.decided_at : now),
    nextAction: row.next_action,
    estimatedDecisionDate: row.estimated_decision_date,
    decisionDate: row.decision_date,
    filedAt,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Every field of a listed claim can be sorted on. Priority sorts by urgency (low < normal < high <
 * urgent) and days pending as the read model computes it, at the request's time (`:now`).
 */
export const CLAIM_SORT_COLUMNS: SortColumns<Claim> = {
  id: 'claim_id',
  claimNumber: 'claim_number',
  condition: 'condition',
  conditionType: 'condition_type',
  status: 'status',
  priority: `array_position(array[${[...CLAIM_PRIORITIES]
    .reverse()
    .map((p) => `'${p}'`)
    .join(', ')}], priority)`,
  progressPercentage: 'progress',
  ratingPercentage: 'rating',
  isApproved: "(status = 'approved')",
  daysPending: "(case when status in ('approved', 'denied') and decided_at is not null then decided_at else :now end) - filed_at",
  nextAction: 'next_action',
  estimatedDecisionDate: 'estimated_decision_date',
  decisionDate: 'decision_date',
  filedAt: 'filed_at',
  updatedAt: 'updated_at',
};

export type ClaimListQuery = ListQuery<keyof Claim, { status?: ClaimStatus; q?: string }>;

export async function listClaims(knex: Knex, userId: string, query: ClaimListQuery, now: Date) {
  const base = knex('claims')
    .where({ user_id: userId })
    .modify((q) => {
      if (query.filter.status) q.where('status', query.filter.status);
      if (query.filter.q) q.whereILike('condition', `%${query.filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    });
  const { rows, total } = await pageWithTotal<keyof Claim, ClaimRow>(base.select('*'), CLAIM_SORT_COLUMNS, query, 'claim_id', { now });
  return { rows: rows.map((row) => toClaim(row, now)), total };
}

/**
 * A claim with its notes and documents in one statement (a command's answer waits for it): the
 * notes and documents are gathered as JSON beside the claim's row, so a claim that is not the
 * user's shows none of them.
 */
export async function findClaimDetail(
  knex: Knex,
  userId: string,
  claimId: string,
  now: Date,
  alongside?: Knex.Raw,
): Promise<ClaimDetail | undefined> {
  const { rows } = (await knex.raw(
    // A data-modifying WITH runs to its end whether or not the select reads it.
    `${alongside ? 'with alongside as (?) ' : ''}select c.*,
       (select coalesce(json_agg(json_build_object(
                 'note_id', n.note_id, 'note', n.note, 'note_type', n.note_type, 'is_important', n.is_important,
                 'previous_status', n.previous_status, 'new_status', n.new_status, 'created_at', n.created_at)
               order by n.created_at desc, n.note_id), '[]')
        from claim_notes n where n.claim_id = c.claim_id) as notes_json,
       (select coalesce(json_agg(json_build_object('id', d.document_id, 'fileName', d.file_name, 'processingStatus', d.processing_status)
               order by d.uploaded_at desc, d.document_id), '[]')
        from documents d where d.user_id = c.user_id and d.claim_id = c.claim_id) as documents_json
     from claims c where c.claim_id = ? and c.user_id = ?`,
    alongside ? [alongside, claimId, userId] : [claimId, userId],
  )) as {
    rows: (ClaimRow & { notes_json: (Omit<NoteRow, 'created_at'> & { created_at: string })[]; documents_json: ClaimDocumentSummary[] })[];
  };
  const found = rows[0];
  if (!found) return undefined;
  const { notes_json: notes, documents_json: documents, ...row } = found;
  const claim = toClaim(row, now);
  return {
    ...claim,
    notes: notes.map((note) => toClaimNote({ ...note, created_at: new Date(note.created_at) })),
    documents,
    reviewDeadlines: claimReviewDeadlines(claim),
  };
}

export interface NoteRow {
  note_id: string;
  note: string;
  note_type: ClaimNote['noteType'];
  is_important: boolean;
  previous_status: ClaimStatus | null;
  new_status: ClaimStatus | null;
  created_at: Date;
}

export function toClaimNote(n: NoteRow): ClaimNote {
  return {
    id: n.note_id,
    note: n.note,
    noteType: n.note_type,
    isImportant: n.is_important,
    previousStatus: n.previous_status,
    newStatus: n.new_status,
    createdAt: n.created_at.toISOString(),
  };
}

/** The owner of a claim, so the history route can tell "yours", "staff may read it" and "not found" apart. */
export async function claimOwner(knex: Knex, claimId: string): Promise<string | undefined> {
  const row = await knex('claims').where({ claim_id: claimId }).first('user_id');
  return row?.user_id;
}

export async function claimHistory(knex: Knex, claimId: string): Promise<ClaimHistoryEntry[]> {
  const rows = await knex('claim_history as h')
    .leftJoin('user_profiles as p', 'p.user_id', 'h.actor_id')
    .where('h.claim_id', claimId)
    .orderBy([{ column: 'h.position_tx' }, { column: 'h.position_seq' }])
    .select('h.*', 'p.email', 'p.first_name', 'p.last_name');
  return rows.map((r) => ({
    id: r.event_id,
    type: r.type,
    title: r.title,
    description: r.description,
    changes: r.changes,
    actor: {
      id: r.actor_id,
      name: r.actor_id ? displayName({ email: r.email ?? '', firstName: r.first_name, lastName: r.last_name }) : 'Claims Copilot',
    },
    at: r.at.toISOString(),
  }));
}

/** Who the dashboard greets and counts the plan of, when the caller already read it with the session. */
export interface DashboardUser {
  firstName: string | null;
  memberTier: MemberTierName;
}

/** The dashboard; the user's profile is read only when `user` is not given. */
export async function dashboard(knex: Knex, userId: string, now: Date, user?: DashboardUser): Promise<DashboardPayload> {
  const profile: { first_name: string | null; member_tier: string } | undefined = user
    ? { first_name: user.firstName, member_tier: user.memberTier }
    : await knex('user_profiles').where({ user_id: userId }).first('first_name', 'member_tier');
  const claimRows: ClaimRow[] = await knex('claims').where({ user_id: userId }).orderBy('filed_at', 'desc').orderBy('claim_id');
  const claims = claimRows.map((row) => toClaim(row, now));
  const active = claims.filter((c) => !c.isApproved && c.status !== 'denied');
  const approved = claims.filter((c) => c.isApproved);
  const activities = await knex('activities').where({ user_id: userId }).orderBy('created_at', 'desc').limit(10);
  const limit = memberTier((profile?.member_tier ?? 'free') as MemberTierName).maxClaims;
  return {
    user: { firstName: profile?.first_name ?? null },
    stats: {
      disabilityRating: combinedRating(approved.map((c) => c.ratingPercentage ?? 0)).rating,
      activeClaims: active.length,
      approvedClaims: approved.length,
      oldestPendingDays: active.reduce((max, c) => Math.max(max, c.daysPending), 0),
    },
    recentActivities: activities.map((a) => ({
      id: a.id,
      type: a.type,
      title: a.title,
      description: a.description,
      createdAt: a.created_at.toISOString(),
    })),
    recentDocuments: await recentDocuments(knex, userId),
    recentClaims: claims.slice(0, 10),
    usage: {
      claims: { used: claims.length, limit, remaining: limit === 0 ? null : Math.max(0, limit - claims.length) },
    },
  };
}

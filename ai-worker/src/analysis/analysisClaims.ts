import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex, Migration } from '@cc/platform';

/**
 * Several ai-worker processes read the same requests (the embedded bus has no consumer groups), so
 * each analysis is claimed before its engine runs: the first claimer runs it, the others move on.
 * A claim whose holder stopped sending heartbeats (killed, stuck) is free again after `ttlMs`; the
 * sweeper of any live worker then runs it. The answer's idempotency key still makes a repeated run
 * one result; the claim only keeps two engines from doing the same work.
 */
export const analysisClaimMigrations: Migration[] = [
  {
    name: '001_analysis_claims',
    async up(knex) {
      await knex.raw(`
        create table analysis_claims (
          analysis_id text primary key,
          owner text not null,
          heartbeat_at timestamptz not null default now(),
          answered boolean not null default false,
          -- The request event and its worker context, so a takeover can answer it without the bus.
          event_id text not null,
          request jsonb not null,
          metadata jsonb not null
        )`);
      await knex.raw('create index analysis_claims_open on analysis_claims (heartbeat_at) where not answered');
    },
  },
];

export interface ClaimedRequest {
  analysisId: string;
  eventId: string;
  request: unknown;
  metadata: Record<string, unknown>;
}

export interface AnalysisClaims {
  readonly owner: string;
  readonly ttlMs: number;
  /** True when this worker now holds the analysis (new, its own already, or free after its holder went quiet). */
  claim(entry: ClaimedRequest): Promise<boolean>;
  heartbeat(analysisIds: string[]): Promise<void>;
  answered(analysisId: string): Promise<void>;
  /** Takes over claims whose holder went quiet, at most `limit` at once. */
  takeOverExpired(limit: number): Promise<ClaimedRequest[]>;
}

export function analysisClaims(knex: Knex, options: { ttlMs?: number; owner?: string } = {}): AnalysisClaims {
  const ttlMs = options.ttlMs ?? 30_000;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const expired = knex.raw('now() - make_interval(secs => ?)', [ttlMs / 1000]);
  return {
    owner,
    ttlMs,
    async claim(entry) {
      const result = (await knex.raw(
        `insert into analysis_claims (analysis_id, owner, event_id, request, metadata) values (?, ?, ?, ?::jsonb, ?::jsonb)
         on conflict (analysis_id) do update set owner = excluded.owner, heartbeat_at = now()
         where analysis_claims.owner = excluded.owner or (not analysis_claims.answered and analysis_claims.heartbeat_at < ?)
         returning owner`,
        [entry.analysisId, owner, entry.eventId, JSON.stringify(entry.request), JSON.stringify(entry.metadata), expired],
      )) as { rows: { owner: string }[] };
      return result.rows[0]?.owner === owner;
    },
    async heartbeat(analysisIds) {
      if (analysisIds.length === 0) return;
      await knex('analysis_claims')
        .whereIn('analysis_id', analysisIds)
        .andWhere({ owner, answered: false })
        .update({ heartbeat_at: knex.fn.now() });
    },
    async answered(analysisId) {
      await knex('analysis_claims').where({ analysis_id: analysisId }).update({ answered: true });
    },
    async takeOverExpired(limit) {
      // SKIP LOCKED: two sweepers never take the same claim.
      const result = (await knex.raw(
        `update analysis_claims set owner = ?, heartbeat_at = now()
         where analysis_id in (
           select analysis_id from analysis_claims where not answered and heartbeat_at < ? order by heartbeat_at limit ? for update skip locked)
         returning analysis_id, event_id, request, metadata`,
        [owner, expired, limit],
      )) as { rows: { analysis_id: string; event_id: string; request: unknown; metadata: Record<string, unknown> }[] };
      return result.rows.map((row) => ({
        analysisId: row.analysis_id,
        eventId: row.event_id,
        request: row.request,
        metadata: row.metadata,
      }));
    },
  };
}

import type { Knex } from 'knex';
import type { EventLogEntry } from '@cc/contracts';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import { redactSealed } from './redact';

/**
 * The global event log as stored (data at its stored schema version, not upcast), for the support
 * page. Personal data is sealed in events, and shown here as "[redacted]".
 */
export const EVENT_LOG_SORT_COLUMNS: SortColumns<EventLogEntry> = {
  id: 'event_id',
  position: '(transaction_id, global_position)',
  streamId: 'stream_id',
  streamVersion: 'stream_version',
  type: 'type',
  schemaVersion: 'schema_version',
  actorId: "(metadata->>'userId')",
  operator: "(metadata->>'operator')",
  correlationId: "(metadata->>'correlationId')",
  causationId: "(metadata->>'causationId')",
  occurredAt: "(metadata->>'occurredAt')",
  recordedAt: 'created_at',
  data: 'data',
};

export interface EventLogFilter {
  streamId?: string;
  /** Streams whose id starts with this, e.g. `claim-`. */
  streamPrefix?: string;
  type?: string | string[];
  /** Events about (`data.userId`) or by (`metadata.userId`) this user. */
  userId?: string;
  correlationId?: string;
  recordedAt_gte?: string;
  recordedAt_lte?: string;
}

export type EventLogQuery = ListQuery<keyof EventLogEntry, EventLogFilter>;

export interface EventRow {
  event_id: string;
  position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: { userId?: string | null; operator?: string; correlationId?: string; causationId?: string | null; occurredAt?: string };
  created_at: Date;
}

const COLUMNS =
  "event_id, transaction_id::text || '.' || global_position::text as position, stream_id, stream_version, type, schema_version, data, metadata, created_at";

export function toEventLogEntry(row: EventRow, data: unknown): EventLogEntry {
  return {
    id: row.event_id,
    position: row.position,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    actorId: row.metadata.userId ?? null,
    operator: row.metadata.operator ?? null,
    correlationId: row.metadata.correlationId ?? '',
    causationId: row.metadata.causationId ?? null,
    occurredAt: row.metadata.occurredAt ?? row.created_at.toISOString(),
    recordedAt: row.created_at.toISOString(),
    data,
  };
}

export async function listEvents(knex: Knex, query: EventLogQuery): Promise<{ rows: EventLogEntry[]; total: number }> {
  const { filter } = query;
  const base = knex('events').modify((q) => {
    if (filter.streamId) q.where('stream_id', filter.streamId);
    if (filter.streamPrefix) q.whereLike('stream_id', `${filter.streamPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (filter.type) q.whereIn('type', Array.isArray(filter.type) ? filter.type : [filter.type]);
    const { userId, correlationId } = filter;
    if (userId) q.where((w) => w.whereRaw("data->>'userId' = ?", [userId]).orWhereRaw("metadata->>'userId' = ?", [userId]));
    if (correlationId) q.whereRaw("metadata->>'correlationId' = ?", [correlationId]);
    if (filter.recordedAt_gte) q.where('created_at', '>=', filter.recordedAt_gte);
    // Times are shown to the millisecond and stored to the microsecond: "up to" includes the shown millisecond.
    if (filter.recordedAt_lte) q.whereRaw(`created_at < ?::timestamptz + interval '1 millisecond'`, [filter.recordedAt_lte]);
  });
  const total = await countList(base, EVENT_LOG_SORT_COLUMNS, query);
  const rows: EventRow[] = await pageList(base.clone().select(knex.raw(COLUMNS)), EVENT_LOG_SORT_COLUMNS, query, 'global_position');
  return { total, rows: rows.map((row) => toEventLogEntry(row, redactSealed(row.data))) };
}

export async function findEvent(knex: Knex, eventId: string): Promise<EventRow | undefined> {
  return knex('events').where({ event_id: eventId }).first(knex.raw(COLUMNS));
}

import type { Knex } from 'knex';
import type { EventLogEntry } from '@cc/contracts';
import { filterByIds, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import { listTotal } from '../staff/listTotal';
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

/**
 * Orders and pages the log. In position order both columns of the position go the same way, so the
 * page walks the log's index (`events_global_order`) from either end and reads only its own rows:
 * ordered by the pair as one value, or with the tiebreak always ascending, it would sort the whole log.
 */
function pageEvents(builder: Knex.QueryBuilder, query: EventLogQuery): Knex.QueryBuilder {
  if (query.sort.field !== 'position') return pageList(builder, EVENT_LOG_SORT_COLUMNS, query, 'global_position');
  const order = query.sort.order === 'ASC' ? 'asc' : 'desc';
  return filterByIds(builder, EVENT_LOG_SORT_COLUMNS, query)
    .orderBy([
      { column: 'transaction_id', order },
      { column: 'global_position', order },
    ])
    .offset(query.range[0])
    .limit(query.range[1] - query.range[0] + 1);
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
  const paged = pageEvents(base.select(knex.raw(COLUMNS)), query);
  const rows: EventRow[] = await paged.clone();
  return {
    total: await listTotal(knex, paged, query.range, rows.length),
    rows: rows.map((row) => toEventLogEntry(row, redactSealed(row.data))),
  };
}

export async function findEvent(knex: Knex, eventId: string): Promise<EventRow | undefined> {
  return knex('events').where({ event_id: eventId }).first(knex.raw(COLUMNS));
}

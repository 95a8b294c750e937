import type { EventLogEntry } from '@cc/contracts';
import { formatPosition, problems, type EventStore, type StoredEvent } from '@cc/platform';
import { toEventLogEntry, type EventLogFilter, type EventLogQuery, type EventRow } from './eventLog';
import { redactSealed } from './redact';

/**
 * The event log of a store whose log is not a table here (EventStoreDB, docs/decisions/event-store.md): the
 * port's pages read in log order, filtered as they pass. A scan honours every filter but only the
 * log's own order, and reads at most this many events per request, so a page of a long log costs
 * a bounded read; the total then counts the matches among the events read.
 */
export const EVENT_LOG_SCAN_CAP = 10_000;
const PAGE = 500;

/** The row the SQL path reads, made from the port's stored event, so both paths answer alike. */
export function rowOfStored(event: StoredEvent): EventRow {
  return {
    event_id: event.id,
    position: formatPosition(event.position),
    stream_id: event.streamId,
    stream_version: event.streamVersion,
    type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    created_at: event.recordedAt,
  };
}

function matcher(filter: EventLogFilter, ids: readonly string[] | undefined): (event: StoredEvent) => boolean {
  const types = filter.type === undefined ? undefined : new Set(Array.isArray(filter.type) ? filter.type : [filter.type]);
  const wanted = ids ? new Set(ids) : undefined;
  const from = filter.recordedAt_gte ? Date.parse(filter.recordedAt_gte) : undefined;
  const to = filter.recordedAt_lte ? Date.parse(filter.recordedAt_lte) : undefined;
  return (event) =>
    (wanted === undefined || wanted.has(event.id)) &&
    (filter.streamId === undefined || event.streamId === filter.streamId) &&
    (filter.streamPrefix === undefined || event.streamId.startsWith(filter.streamPrefix)) &&
    (types === undefined || types.has(event.type)) &&
    (filter.userId === undefined ||
      event.metadata.userId === filter.userId ||
      (event.data as { userId?: unknown } | null)?.userId === filter.userId) &&
    (filter.correlationId === undefined || event.metadata.correlationId === filter.correlationId) &&
    // Both ends to the millisecond, as the times are shown (the SQL path's "up to" includes the shown millisecond).
    (from === undefined || event.recordedAt.getTime() >= from) &&
    (to === undefined || event.recordedAt.getTime() <= to);
}

/** The list contract over a scan: newest or oldest first by position; any other sort is refused by name. */
export async function scanEvents(
  store: EventStore,
  query: EventLogQuery,
  cap = EVENT_LOG_SCAN_CAP,
): Promise<{ rows: EventLogEntry[]; total: number }> {
  if (query.sort.field !== 'position') {
    throw problems.badRequest(`This event store can list events only in log order: sort by position, not by ${query.sort.field}.`);
  }
  const matches = matcher(query.filter, query.ids);
  const [start, end] = query.range;
  const rows: EventLogEntry[] = [];
  let total = 0;
  let read = 0;
  let from: StoredEvent['position'] | undefined;
  while (read < cap) {
    const page = await store.readStoredLog({
      direction: query.sort.order === 'ASC' ? 'forwards' : 'backwards',
      from,
      streamId: query.filter.streamId,
      limit: Math.min(PAGE, cap - read),
    });
    if (page.length === 0) break;
    read += page.length;
    from = page.at(-1)!.position;
    for (const event of page) {
      if (!matches(event)) continue;
      if (total >= start && total <= end) rows.push(toEventLogEntry(rowOfStored(event), redactSealed(event.data)));
      total += 1;
    }
  }
  return { rows, total };
}

/** One event by id: the newest `cap` events are searched. */
export async function scanForEvent(store: EventStore, eventId: string, cap = EVENT_LOG_SCAN_CAP): Promise<EventRow | undefined> {
  let read = 0;
  let from: StoredEvent['position'] | undefined;
  while (read < cap) {
    const page = await store.readStoredLog({ direction: 'backwards', from, limit: Math.min(PAGE, cap - read) });
    if (page.length === 0) return undefined;
    const found = page.find((event) => event.id === eventId);
    if (found) return rowOfStored(found);
    read += page.length;
    from = page.at(-1)!.position;
  }
  return undefined;
}

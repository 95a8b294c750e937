import type { Knex } from 'knex';
import type { DeadLetter } from '@cc/contracts';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';

/** Events a subscriber (a projection, a worker, a rebuild) gave up on, for support. */
export const DEAD_LETTER_SORT_COLUMNS: SortColumns<DeadLetter> = {
  id: 'id',
  subscription: 'subscription',
  eventId: 'event_id',
  streamId: 'stream_id',
  type: 'type',
  position: '(tx_id, seq)',
  attempts: 'attempts',
  error: 'error',
  parkedAt: 'parked_at',
};

export type DeadLetterQuery = ListQuery<keyof DeadLetter, { subscription?: string; type?: string; q?: string }>;

export interface DeadLetterRow {
  id: string;
  subscription: string;
  event_id: string;
  stream_id: string;
  type: string;
  position: string;
  attempts: number;
  error: string;
  parked_at: Date;
}

const COLUMNS =
  "id::text as id, subscription, event_id, stream_id, type, tx_id::text || '.' || seq::text as position, attempts, error, parked_at";

export function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    subscription: row.subscription,
    eventId: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    position: row.position,
    attempts: row.attempts,
    error: row.error,
    parkedAt: row.parked_at.toISOString(),
  };
}

export async function listDeadLetters(knex: Knex, query: DeadLetterQuery): Promise<{ rows: DeadLetter[]; total: number }> {
  const { filter } = query;
  const base = knex('subscription_dead_letters').modify((q) => {
    if (filter.subscription) q.where('subscription', filter.subscription);
    if (filter.type) q.where('type', filter.type);
    if (filter.q) q.whereILike('error', `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  });
  const total = await countList(base, DEAD_LETTER_SORT_COLUMNS, query);
  const rows: DeadLetterRow[] = await pageList(base.clone().select(knex.raw(COLUMNS)), DEAD_LETTER_SORT_COLUMNS, query, 'id');
  return { total, rows: rows.map(toDeadLetter) };
}

export async function findDeadLetter(knex: Knex | Knex.Transaction, id: string): Promise<DeadLetterRow | undefined> {
  return knex('subscription_dead_letters').where({ id }).first(knex.raw(COLUMNS));
}

export const isDeadLetterId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

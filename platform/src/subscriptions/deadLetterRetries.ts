import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../eventstore/types';
import type { Logger } from '../logger';

/**
 * Dead-letter retries across processes (docs/decisions/topology.md). In the one process support runs a parked
 * worker event through the worker's handler itself; in the split the worker lives elsewhere, so
 * support marks the dead letter (`retry_requested_at`) in the shared database and the process that
 * runs the worker redelivers it: handled, the dead letter goes; failed, it stays with one more
 * attempt and the new error. Support reads the outcome from the same row.
 */

/** How long a serving process counts as there after its last poll. */
const SERVER_SEEN_WITHIN_MS = 30_000;

export interface RetryServer {
  stop(): Promise<void>;
}

/**
 * Serves support's retry requests for one worker subscription from this process: every
 * `intervalMs` it says it is there, then takes requested dead letters one at a time (an atomic
 * claim, so two replicas of a worker never both run one) and runs them through `handleAgain`.
 */
export function serveDeadLetterRetries(options: {
  knex: Knex;
  store: Pick<EventStore, 'readStream'>;
  subscription: string;
  handleAgain(event: RecordedEvent): Promise<void>;
  logger: Logger;
  intervalMs?: number;
}): RetryServer {
  const { knex, subscription, logger } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const stopped = new AbortController();

  const claimNext = async () => {
    const { rows } = (await knex.raw(
      `update subscription_dead_letters set retry_requested_at = null, retry_started_at = now()
        where id = (select id from subscription_dead_letters where subscription = ? and retry_requested_at is not null
                     order by retry_requested_at limit 1 for update skip locked)
        returning id::text as id, event_id, stream_id`,
      [subscription],
    )) as { rows: { id: string; event_id: string; stream_id: string }[] };
    return rows[0];
  };

  const retry = async (letter: { id: string; event_id: string; stream_id: string }) => {
    try {
      const event = (await options.store.readStream(letter.stream_id)).events.find((e) => e.id === letter.event_id);
      if (!event) throw new Error('The parked event is no longer readable.');
      await options.handleAgain(event);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await knex('subscription_dead_letters')
        .where({ id: letter.id })
        .update({ attempts: knex.raw('attempts + 1'), error: message.slice(0, 2000), parked_at: knex.fn.now(), retry_started_at: null });
      logger.warn({ err: error, subscription, deadLetter: letter.id }, 'dead-letter retry failed again');
      return;
    }
    await knex('subscription_dead_letters').where({ id: letter.id }).del();
    logger.info({ subscription, deadLetter: letter.id }, 'dead-letter retry handled');
  };

  const loop = (async () => {
    while (!stopped.signal.aborted) {
      try {
        await knex.raw(
          `insert into dead_letter_retry_servers (subscription, seen_at) values (?, now())
           on conflict (subscription) do update set seen_at = excluded.seen_at`,
          [subscription],
        );
        for (let letter = await claimNext(); letter && !stopped.signal.aborted; letter = await claimNext()) await retry(letter);
      } catch (error) {
        if (stopped.signal.aborted) break;
        logger.warn({ err: error, subscription }, 'serving dead-letter retries failed; trying again later');
      }
      await sleep(intervalMs, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  })();

  return {
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

/** True when a process serving retries for this subscription was there recently. */
export async function hasRetryServer(knex: Knex, subscription: string): Promise<boolean> {
  const row = await knex('dead_letter_retry_servers')
    .where({ subscription })
    .andWhere('seen_at', '>', knex.raw(`now() - make_interval(secs => ?)`, [SERVER_SEEN_WITHIN_MS / 1000]))
    .first('subscription');
  return Boolean(row);
}

export type RemoteRetryOutcome = { outcome: 'handled' } | { outcome: 'failed'; error: string } | { outcome: 'requested' };

/**
 * Asks the serving process to retry one dead letter and waits up to `timeoutMs` for the outcome:
 * the row gone is handled, one more attempt is failed. Still waiting at the end is `requested`
 * (the retry stays asked for and happens when the worker gets to it). Undefined: no such row.
 */
export async function retryThroughServer(
  knex: Knex,
  id: string,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<RemoteRetryOutcome | undefined> {
  const requested = await knex('subscription_dead_letters')
    .where({ id })
    .update({ retry_requested_at: knex.fn.now(), retry_started_at: null })
    .returning(['attempts']);
  if (requested.length === 0) return undefined;
  const attempts = (requested[0] as { attempts: number }).attempts;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    await sleep(options.pollMs ?? 100);
    const row = await knex('subscription_dead_letters').where({ id }).first('attempts', 'error');
    if (!row) return { outcome: 'handled' };
    if ((row.attempts as number) > attempts) return { outcome: 'failed', error: row.error as string };
  }
  return { outcome: 'requested' };
}

import type { Knex } from 'knex';
import type { ReadModelChangeAnnouncer } from '../changes/announcer';
import { sharingOpens, START, type GlobalPosition, type InlineProjection, type ReadCommitted, type RecordedEvent } from '@cc/platform';
import { lockProjection, PROJECTION_LOCK_SPACE } from './projectionLock';
import { projectEvents, projectEventsTogether, type ReadModelProjector } from './projectEvents';
import { checkpointName } from './projectionRunner';
import type { SetBasedProjector } from './setBasedProjector';

/**
 * Read models kept inline (docs/decisions/read-side.md): the PostgreSQL store runs them in each
 * append's transaction through the same `projectEvents` as every other path, and no subscription
 * runs them. Each takes its projection's lock SHARED, before the events are inserted: concurrent
 * appends go on together, while a rebuild's swap (which takes it exclusively) waits for those in
 * flight and holds new ones back until the new tables are in place. The store takes these locks in
 * the statement that appends (postgres.ts): one round trip less in every inline append.
 *
 * Two things follow from "before the insert". An append waiting for the lock has written nothing,
 * so it has no transaction id yet and holds no reader's horizon back. And while someone holds the
 * lock exclusively, every event these read models handle has either committed (its append held
 * the lock shared until its commit) or will get a transaction id, hence a position, after every
 * event already committed: the holder may read the log up to its end with no horizon
 * (`ReadCommitted`) and miss nothing, which the swap and the hand-over below rely on.
 */

/** Marks a read model as kept inline since this position (a row of `subscription_checkpoints`, never moved). */
export const inlineMarkerName = (projector: Pick<SetBasedProjector, 'name' | 'version'>) =>
  `inline:${projector.name}:v${projector.version}`;

const PAGE = 1000;

/**
 * Applies every committed event the projector handles after `after` (the caller holds its lock
 * exclusively), with `apply` (a rebuild's swap applies them to its scratch tables). Answers how
 * many it applied and the position of the last one read.
 */
export async function projectCommitted(
  projector: ReadModelProjector,
  trx: Knex.Transaction,
  readCommitted: ReadCommitted,
  after: GlobalPosition,
  apply: (events: readonly RecordedEvent[]) => Promise<unknown> = (events) => projectEvents(projector, events, trx),
): Promise<{ projected: number; last: GlobalPosition }> {
  let last = after;
  let projected = 0;
  for (;;) {
    const events = await readCommitted(trx, { after: last, types: projector.handles, limit: PAGE });
    if (events.length === 0) return { projected, last };
    await apply(events);
    projected += events.length;
    last = events.at(-1)!.position;
  }
}

const typesOf = (events: readonly RecordedEvent[]) => [...new Set(events.map((event) => event.type))];

/**
 * The store's inline hook for these projectors (the PostgreSQL store's `inline` option); with an
 * announcer, the change stream hears whose rows each append changed once it commits.
 */
export function inlineReadModels(projectors: readonly SetBasedProjector[], announcer?: ReadModelChangeAnnouncer): InlineProjection {
  // One order for everyone, so two appends taking several locks never wait for each other in a circle.
  const ordered = [...projectors].sort((a, b) => a.name.localeCompare(b.name));
  const handled = new Set(ordered.flatMap((projector) => projector.handles));
  const concerned = (types: readonly string[]) => ordered.filter((projector) => types.some((type) => projector.handles.includes(type)));
  return {
    names: ordered.map((projector) => projector.name),
    handles: (type) => handled.has(type),
    locks: (types) => ({ space: PROJECTION_LOCK_SPACE, keys: concerned(types).map((projector) => projector.name) }),
    /**
     * Each event's sealed text opened before the transaction, by projector and event id; a field
     * several read models open is deciphered once (`sharingOpens`, as a rebuild's page does).
     */
    prepare: (events) =>
      sharingOpens(async () => {
        const opened = new Map<string, unknown>();
        for (const projector of concerned(typesOf(events))) {
          await projector.preload(events.filter((event) => projector.handles.includes(event.type)));
          for (const event of events)
            if (projector.handles.includes(event.type)) opened.set(`${projector.name}:${event.id}`, await projector.open(event));
        }
        return opened;
      }),
    async project(events, trx, prepared) {
      const opened = prepared as Map<string, unknown>;
      // Every concerned read model in one batch: one read and one write for all of them.
      const parts = concerned(typesOf(events)).map((projector) => {
        const key = (event: RecordedEvent) => `${projector.name}:${event.id}`;
        const withOpened: SetBasedProjector = {
          ...projector,
          // Opened in prepare, before the transaction: nothing here may wait for a second connection.
          preload: async () => undefined,
          open: async (event) => (opened.has(key(event)) ? opened.get(key(event)) : projector.open(event)),
        };
        return { projector: withOpened, events: events.filter((event) => projector.handles.includes(event.type)) };
      });
      const changed = await projectEventsTogether(parts, trx);
      parts.forEach(({ projector }, index) => announcer?.afterCommit(trx, projector.name, changed[index]!));
    },
    /**
     * Once per database and projector version, before this process appends: a read model that was
     * kept by a subscription (or is new at this version) is brought up to the end of the log from
     * where that subscription stopped (the beginning when there is none), its checkpoint goes, and
     * a marker says it is inline from now on. Under the exclusive lock, so no inline append of
     * another process interleaves; a second process finds the marker and does nothing.
     */
    async adopt(knex: Knex, readCommitted: ReadCommitted) {
      for (const projector of ordered) {
        await knex.transaction(async (trx) => {
          await lockProjection(trx, projector.name);
          const marker = await trx('subscription_checkpoints')
            .where({ name: inlineMarkerName(projector) })
            .first('name');
          if (marker) return;
          const async = await trx('subscription_checkpoints')
            .where({ name: checkpointName(projector) })
            .first(trx.raw('tx_id::text as tx'), trx.raw('seq::text as seq'));
          const from: GlobalPosition = async ? { txId: BigInt(async.tx), seq: BigInt(async.seq) } : START;
          const { last } = await projectCommitted(projector, trx, readCommitted, from);
          await trx('subscription_checkpoints')
            .where({ name: checkpointName(projector) })
            .del();
          await trx.raw('insert into subscription_checkpoints (name, tx_id, seq) values (?, ?::xid8, ?)', [
            inlineMarkerName(projector),
            last.txId.toString(),
            last.seq.toString(),
          ]);
        });
      }
    },
  };
}

import pg from 'pg';

export interface LeaseOptions {
  /** Database whose advisory locks hold the lease (the one with the checkpoints). */
  connectionString: string;
  /** What is leased, e.g. `projection:claims:v1`. */
  key: string;
  /** Runs while the lease is held; returns how to stop it. */
  start(): Promise<() => Promise<void>> | (() => Promise<void>);
  /** How often a waiting runner tries for the lease, and a holder checks it still has it (ms, default 1000). */
  retryMs?: number;
  onChange?: (held: boolean) => void;
}

export interface Lease {
  holds(): boolean;
  /** Stops the work (if held) and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * One runner at a time (ARCHITECTURE §18): the lease is a PostgreSQL session advisory lock on a
 * connection of its own, so it ends exactly when its holder's session does — a stop, a crash, a
 * killed process or a lost network all free it, and another runner trying every `retryMs` takes
 * over. A holder that loses its connection stops its work at once (its lock is gone, another may
 * have it). The checkpoints' compare-and-set still guards correctness; the lease avoids two
 * runners doing the same work.
 */
export function holdLease(options: LeaseOptions): Lease {
  const retryMs = options.retryMs ?? 1000;
  let running = true;
  let held = false;
  let stopWork: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const release = async () => {
    const stopping = stopWork;
    stopWork = undefined;
    if (held) {
      held = false;
      options.onChange?.(false);
    }
    await stopping?.();
  };

  const loop = async () => {
    while (running) {
      const session = new pg.Client({ connectionString: options.connectionString });
      client = session;
      let lost = false;
      // Stop the work the moment the session is gone: another runner may already hold the lock.
      const onLost = () => {
        lost = true;
        void release();
        wake?.();
      };
      session.on('error', onLost);
      session.on('end', onLost);
      try {
        await session.connect();
        while (running && !lost) {
          if (!held) {
            const { rows } = await session.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [options.key]);
            if (rows[0]?.ok) {
              held = true;
              options.onChange?.(true);
              stopWork = await options.start();
            }
          } else {
            await session.query('select 1');
          }
          await pause(retryMs);
        }
      } catch {
        // The session is gone or never came: whatever this runner held is no longer its own.
      }
      await release();
      await session.end().catch(() => undefined);
      if (running) await pause(retryMs);
    }
  };
  const done = loop();

  return {
    holds: () => held,
    async stop() {
      running = false;
      wake?.();
      await release();
      await client?.end().catch(() => undefined);
      await done;
    },
  };
}

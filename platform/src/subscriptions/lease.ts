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
  /**
   * The bound on a silent network (ms, default 15000). The server ends the lease's session once it
   * has heard nothing from it for this long, which frees the lock for a standby; the holder gives
   * up when a check goes unanswered for half of it, so it has stopped before anyone can take over.
   */
  silenceTimeoutMs?: number;
  onChange?: (held: boolean) => void;
}

export interface Lease {
  holds(): boolean;
  /** Stops the work (if held) and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * One runner at a time (docs/decisions/topology.md): the lease is a PostgreSQL session advisory lock on a
 * connection of its own, so it ends exactly when its holder's session does — a stop, a crash, a
 * killed process or a lost network all free it, and another runner trying every `retryMs` takes
 * over. A holder that loses its connection stops its work at once (its lock is gone, another may
 * have it). The checkpoints' compare-and-set still guards correctness; the lease avoids two
 * runners doing the same work.
 *
 * A network that drops packets instead of refusing them tells nobody, so both ends are bounded by
 * `silenceTimeoutMs`: the server ends a session idle for that long (`idle_session_timeout`, which
 * a holder checking every `retryMs` never reaches) or whose unacknowledged data or keep-alive
 * probes go unanswered that long (`tcp_user_timeout` and TCP keep-alives); the holder's checks
 * time out after half of it (`query_timeout` on the client, `statement_timeout` on the server),
 * and its socket sends keep-alives too. So the old holder stops before the lock is free, and a
 * standby takes over within `silenceTimeoutMs` plus `retryMs`.
 */
export function holdLease(options: LeaseOptions): Lease {
  const retryMs = options.retryMs ?? 1000;
  const silenceMs = Math.max(options.silenceTimeoutMs ?? 15_000, 4 * retryMs);
  const checkTimeoutMs = Math.floor(silenceMs / 2);
  let running = true;
  let held = false;
  let stopWork: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let wake: (() => void) | undefined;
  // pg's connect() never settles when end() is called while it is still connecting, so the loop
  // races every connect against this, which stop() rejects.
  let signalStop: (reason: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (signalStop = reject));
  stopped.catch(() => undefined);
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
      const session = new pg.Client({
        connectionString: options.connectionString,
        keepAlive: true,
        keepAliveInitialDelayMillis: Math.max(1000, Math.floor(silenceMs / 3)),
        connectionTimeoutMillis: checkTimeoutMs,
        query_timeout: checkTimeoutMs,
        statement_timeout: checkTimeoutMs,
      });
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
        await Promise.race([session.connect(), stopped]);
        await boundSilence(session, silenceMs);
        while (running && !lost) {
          if (!held) {
            const { rows } = await session.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [
              options.key,
            ]);
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
      signalStop(new Error('the lease was stopped'));
      wake?.();
      await release();
      await client?.end().catch(() => undefined);
      await done;
    },
  };
}

/**
 * The server's side of the bound: it ends this session when it has heard nothing for `silenceMs`
 * (PostgreSQL 14 and newer; older servers rely on the TCP settings alone) or when what it sent, or
 * its keep-alive probes, go unacknowledged that long.
 */
async function boundSilence(session: pg.Client, silenceMs: number): Promise<void> {
  const seconds = Math.max(1, Math.floor(silenceMs / 4000));
  await session.query(
    `select set_config('tcp_user_timeout', $1, false), set_config('tcp_keepalives_idle', $2, false),
            set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', '3', false),
            case when current_setting('server_version_num')::int >= 140000
              then set_config('idle_session_timeout', $1, false) end`,
    [String(silenceMs), String(seconds)],
  );
}

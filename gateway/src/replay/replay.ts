import { setTimeout as sleep } from 'node:timers/promises';
import cliProgress from 'cli-progress';
import type { RebuildStatus } from '@cc/contracts';
import { staffRecords } from '@cc/command-service';
import { inlineProjection, ProjectionRebuilder, projectionMigrations, readModelProjectors } from '@cc/projection-service';
import { PersonalDataVault, PostgresEventStore, type AppConfig, type Knex, type Logger } from '@cc/platform';
import { eventStoreFrom } from '../composition/adapters';
import { CommandLineError } from '../cli/appDatabase';

export interface ReplayOptions {
  knex: Knex;
  /** For the store's LISTEN connection, so the build follows appends at once. */
  databaseUrl: string;
  /** The app's configuration, for its event store (EVENTSTORE_CONNECTION_STRING); PostgreSQL's without it. */
  config?: AppConfig;
  /** A read model's name, or every one. */
  target: string;
  /** Who runs it, recorded as the operator of ProjectionRebuildRequested. */
  operator: string;
  logger: Logger;
  /** Where the progress bars go (stderr, so stdout carries only the outcome). */
  progress: NodeJS.WritableStream & { isTTY?: boolean };
  /** One line per read model when it ends. */
  out: (line: string) => void;
  /** Resolves when the operator interrupts (Ctrl-C): the rebuilds are then handed back to the app. */
  interrupted?: Promise<void>;
}

/** The names `npm run replay` takes. */
export function readModelNames(): string[] {
  return readModelProjectors(undefined as unknown as PersonalDataVault).map((p) => p.name);
}

/**
 * Refuses to rebuild read models whose migrations differ from this code's: the scratch tables are
 * made by this code's migrations, and must be the shape the running app reads.
 */
async function checkSchema(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('projection_rebuilds'))) {
    throw new CommandLineError('This database has no rebuild bookkeeping yet. Start the app once with this version (npm start) first.');
  }
  const applied = (await knex('knex_migrations_projection').select('name')).map((r: { name: string }) => r.name);
  const known = projectionMigrations.map((m) => m.name);
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (missing.length > 0)
    throw new CommandLineError(
      `The database's read models are older than this code (${missing.join(', ')} not applied). Start the app with this version first.`,
    );
  if (unknown.length > 0)
    throw new CommandLineError(
      `The database's read models are newer than this code (${unknown.join(', ')}). Run the replay of the version the app runs.`,
    );
}

/**
 * `npm run replay -- <read model>|all`: rebuilds with the same mechanism the support page uses
 * (ProjectionRebuilder), a progress bar per read model. Works against a running app's database:
 * the app keeps answering from the old tables until each swap, and its projectors carry on from
 * the new ones. A rebuild of the same read model already running (from the support page) is
 * followed rather than started again. Returns the exit status: 0 all swapped, 1 any failed.
 */
export async function runReplay(options: ReplayOptions): Promise<number> {
  const { knex, logger } = options;
  const names = readModelNames();
  const targets = options.target === 'all' ? names : [options.target];
  if (!names.includes(targets[0]!))
    throw new CommandLineError(`There is no read model named ${options.target}. Read models: ${names.join(', ')}, or all.`);
  await checkSchema(knex);

  const vault = new PersonalDataVault(knex);
  // The app's inline read models, so that a swap of one of them takes the inline path, as the app's would.
  const inline = inlineProjection(vault);
  const store = options.config
    ? await eventStoreFrom(options.config, { knex, databaseUrl: options.databaseUrl, logger, inline })
    : new PostgresEventStore({ knex, connectionString: options.databaseUrl, logger, inline });
  const records = staffRecords({ store });
  const rebuilder = new ProjectionRebuilder({
    knex,
    store,
    projectors: readModelProjectors(vault),
    readModelMigrations: projectionMigrations,
    logger,
    batchSize: options.config?.rebuildBatchSize,
    onFinished: async (status) => void (await records.support.rebuildFinished(status)),
  });
  const bars = new cliProgress.MultiBar(
    {
      format: ' {name} |{bar}| {percentage}% | {value}/{total} events | {state}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      noTTYOutput: !options.progress.isTTY,
      notTTYSchedule: 1000,
      stream: options.progress,
    },
    cliProgress.Presets.shades_classic,
  );
  const width = Math.max(...targets.map((t) => t.length));
  let stopped = false;
  void options.interrupted?.then(() => (stopped = true));
  try {
    // A rebuild whose process died (a replay killed earlier) is taken over first.
    await rebuilder.resumeAbandoned();
    // Started together: one preparation, one count and one read of the log for them all.
    const running: RebuildStatus[] = [];
    const rows = new Map<string, cliProgress.SingleBar>();
    const finished = new Map<string, RebuildStatus>();
    const started = await rebuilder.startMany(targets, { requestedBy: null, operator: options.operator });
    for (const { status, created } of started) {
      if (created) await records.support.rebuildRequested(status, { userId: null, operator: options.operator });
      else options.out(`${status.projection}: a rebuild is already running (${status.id}); following it`);
      running.push(status);
      rows.set(
        status.id,
        bars.create(Math.max(1, status.total), status.processed, { name: status.projection.padEnd(width), state: status.state }),
      );
    }
    while (running.length > 0 && !stopped) {
      for (const s of [...running]) {
        const status = await rebuilder.status(s.id);
        if (!status) continue;
        const bar = rows.get(s.id)!;
        bar.setTotal(Math.max(1, status.total, status.processed));
        bar.update(status.state === 'swapped' ? Math.max(1, status.total, status.processed) : status.processed, { state: status.state });
        // A rebuild this process runs, or one running elsewhere (then its heartbeat keeps it), or taken over here.
        if (status.state !== 'running') {
          finished.set(s.id, status);
          running.splice(running.indexOf(s), 1);
        }
      }
      if (running.length > 0) {
        await rebuilder.resumeAbandoned();
        await sleep(200);
      }
    }
    bars.stop();
    if (stopped) {
      options.out('Interrupted: the rebuilds are handed back, and the app (or the next replay) finishes them.');
      return 130;
    }
    let failed = 0;
    for (const status of finished.values()) {
      if (status.state === 'swapped') options.out(`${status.projection}: swapped in (${status.processed} events)`);
      else {
        failed += 1;
        options.out(`${status.projection}: failed, the old tables stay in use: ${status.error ?? 'unknown error'}`);
      }
    }
    return failed > 0 ? 1 : 0;
  } finally {
    bars.stop();
    await rebuilder.stop();
    await store.close();
  }
}

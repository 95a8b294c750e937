/**
 * `npm run replay -- <read model>|all`: rebuilds read models from position 0 without downtime, with
 * a progress bar, using the app's configuration (DATABASE_URL, or the embedded database in DATA_DIR:
 * the running app's, or started for the command when the app is stopped). Exit status: 0 every
 * rebuild swapped in, 1 one failed or refused, 2 usage, 130 interrupted.
 */
import { ConfigError, createKnex, createLogger, loadConfig } from '@cc/platform';
import { CommandLineError, openAppDatabase } from '../cli/appDatabase';
import { operatorName } from '../admin/operator';
import { readModelNames, runReplay } from './replay';

const usage = () => `Usage:
  npm run replay -- <read model>   rebuild one read model from the beginning, without downtime
  npm run replay -- all            rebuild every read model
Read models: ${readModelNames().join(', ')}`;

async function main(argv: string[]): Promise<number> {
  const [target, ...rest] = argv;
  if (!target || target === '--help' || target === '-h' || rest.length > 0) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  if (target !== 'all' && !readModelNames().includes(target)) {
    process.stderr.write(`There is no read model named ${target}.\n${usage()}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openAppDatabase(config);
  const knex = createKnex(database.url, { max: 4 });
  // Ctrl-C hands the rebuilds back (the app, or the next replay, finishes them) instead of dropping them.
  let interrupt: () => void = () => undefined;
  const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    return await runReplay({
      knex,
      databaseUrl: database.url,
      config,
      target,
      operator: operatorName(),
      logger: createLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr),
      progress: process.stderr,
      out: (line) => process.stdout.write(`${line}\n`),
      interrupted,
    });
  } finally {
    await knex.destroy();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof CommandLineError || error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`The replay failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);

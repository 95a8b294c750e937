// `npm test`: type-check, lint, format check, build the frontend if stale, then every jest test (unit, API with the
// embedded PostgreSQL, and the browser tests in Chromium). Extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontendIfStale } from './build-frontend.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const jestArgs = process.argv.slice(2);
const quick = jestArgs.length > 0; // a filtered run skips the whole-project checks

function run(title, args, env = {}, { exitOnFailure = true } = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed\n`);
    if (exitOnFailure) process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/** A Debian PostgreSQL with the tools the dump-and-restore test needs (see platform/src/testing/systemPostgres.ts). */
function systemPostgresTools() {
  const root = '/usr/lib/postgresql';
  const tools = ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'pg_restore'];
  const found =
    existsSync(root) && readdirSync(root).some((major) => tools.every((tool) => existsSync(path.join(root, major, 'bin', tool))));
  return found ? root : `${root}/<version>/bin/pg_dump`;
}

/**
 * The browser tests drive Debian's Chromium and render report PDFs with poppler's pdftoppm, and the
 * restore test dumps a database with PostgreSQL's own pg_dump; as root on Debian they are installed
 * when missing.
 */
function ensureTools() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const needed = [
    { path: chromium, pkg: 'chromium' },
    { path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
    { path: systemPostgresTools, pkg: 'postgresql' },
  ];
  const present = (tool) => existsSync(typeof tool.path === 'function' ? tool.path() : tool.path);
  const missing = needed.filter((tool) => !present(tool));
  if (missing.length && os.userInfo().uid === 0 && existsSync('/usr/bin/apt-get')) {
    const packages = missing.map((tool) => tool.pkg);
    process.stdout.write(`\n▶ Installing what the browser tests need (apt-get install ${packages.join(' ')})\n`);
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit' });
      if (result.status !== 0) break;
    }
  }
  for (const tool of needed) {
    if (!present(tool)) {
      process.stderr.write(
        `The tests need ${typeof tool.path === 'function' ? tool.path() : tool.path}: install it (Debian: apt-get install ${tool.pkg})${tool.pkg === 'chromium' ? ' or set CHROMIUM_PATH' : ''}.\n`,
      );
      process.exit(1);
    }
  }
}

if (!quick) {
  run('Type-check', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
  run('Type-check the frontend', [bin('typescript', 'bin/tsc'), '-p', 'frontend/tsconfig.json', '--noEmit']);
  run('Lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']);
  run('Format check (Prettier; `npm run format` fixes)', [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']);
}
process.stdout.write('\n▶ Frontend build (when stale)\n');
buildFrontendIfStale();
ensureTools();
const resultsFile = path.join(root, '.test-artifacts', 'jest-results.json');
mkdirSync(path.dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });
const status = run(
  'Tests (jest)',
  [bin('jest', 'bin/jest.js'), '--maxWorkers=2', '--json', `--outputFile=${resultsFile}`, ...jestArgs],
  { CI: process.env.CI ?? '' },
  { exitOnFailure: false },
);
// One plain closing line with the counts, whatever reads the log.
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  // A suite that could not run at all counts as a failure too.
  const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
  process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
}
process.exit(status);

// Builds the frontend with Vite when its build is missing or stale (sources changed since).
// `node scripts/build-frontend.mjs --force` always builds.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const frontend = path.join(root, 'frontend');
const dist = path.join(frontend, 'dist');
const stampFile = path.join(dist, '.source-hash');

/** Everything the bundle is made from: the frontend's sources and config, and the shared contracts. */
const SOURCES = [
  path.join(frontend, 'src'),
  path.join(frontend, 'index.html'),
  path.join(frontend, 'vite.config.ts'),
  path.join(frontend, 'package.json'),
  path.join(frontend, 'public'),
  path.join(root, 'contracts', 'src'),
  path.join(root, 'package-lock.json'),
];

function files(entry) {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((d) => !d.name.endsWith('.test.ts'))
    .flatMap((d) => files(path.join(entry, d.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files).sort()) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function buildFrontendIfStale({ force = false } = {}) {
  const wanted = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && built === wanted && existsSync(path.join(dist, 'index.html'))) return false;
  process.stdout.write('Building the frontend (Vite)...\n');
  // npm may install vite under the frontend workspace or hoist it to the root.
  const vite = [frontend, root].map((dir) => path.join(dir, 'node_modules', 'vite', 'bin', 'vite.js')).find((file) => existsSync(file));
  if (!vite) throw new Error('Vite is not installed: run `npm ci` first.');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: frontend, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The frontend build failed (see above).');
  writeFileSync(stampFile, `${wanted}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildFrontendIfStale({ force: process.argv.includes('--force') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

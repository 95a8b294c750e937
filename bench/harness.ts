/**
 * The bench harness: every figure is measured side by side with its baseline in the same run and
 * reported as a ratio, because absolute times on a shared 2-core machine are noise.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/src/db/embedded';

export interface BenchRow {
  figure: string;
  /** The measured value, formatted with its unit. */
  value: string;
  /** The baseline measured in the same run, formatted with its unit. */
  baseline: string;
  /** value relative to baseline, in the direction the target states (e.g. 0.82 for "≥ 0.7×"). */
  ratio: number;
  /** What the figure must reach, as text (e.g. "≥ 0.7× raw INSERT"). */
  target: string;
  ok: boolean;
}

export interface BenchContext {
  /** `--quick`: the same code on small sizes, so CI keeps every figure runnable. */
  quick: boolean;
  /** A fresh, empty database in the bench cluster. */
  createDatabase(): Promise<string>;
  log(message: string): void;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

/** Sizes for a full run and for `--quick`. */
export const size = (ctx: BenchContext, full: number, quick: number) => (ctx.quick ? quick : full);

/** Percentile of a list of numbers (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** `count` units of work spread over `workers` concurrent loops; returns the elapsed milliseconds. */
export async function concurrently(count: number, workers: number, unit: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await unit(next++);
    }),
  );
  return performance.now() - start;
}

/**
 * Two workloads measured in alternating slices (a, b, b, a, a, b, …) so both see the same
 * neighbours on a shared machine; returns each side's units per second over its slices.
 * `unit` gets a number unique across slices and sides' calls of that side.
 */
export async function sideBySide(
  options: { count: number; slices: number; workers: number },
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<{ a: number; b: number }> {
  const per = Math.max(1, Math.floor(options.count / options.slices));
  const spent = { a: 0, b: 0 };
  for (let slice = 0; slice < options.slices; slice++) {
    const order = slice % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const side of order) {
      const unit = side === 'a' ? a : b;
      spent[side] += await concurrently(per, options.workers, (i) => unit(slice * per + i));
    }
  }
  const done = per * options.slices;
  return { a: done / (spent.a / 1000), b: done / (spent.b / 1000) };
}

export async function withBenchCluster<T>(run: (db: EmbeddedDatabase, createDatabase: () => Promise<string>) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-'));
  await fs.chmod(dir, 0o755);
  const db = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'cluster') });
  const createDatabase = async () => {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: db.adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    return db.urlFor(name);
  };
  try {
    return await run(db, createDatabase);
  } finally {
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', ''];
  const lines = rows.map((r) => [r.figure, r.value, r.baseline, `${r.ratio.toFixed(2)}×`, r.target, r.ok ? 'ok' : 'SLOW']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

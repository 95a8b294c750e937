/**
 * Document analysis figures: ten analyses requested together against ten
 * requested one after another (each waiting for its result), in the same app and run. Timed from
 * the requests until the results are stored, read from the document streams.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { streams } from '../contracts/src/index';
import { createOfflineEngine } from '../ai-worker/src/engines/offline/engine';
import type { AnalysisEngine } from '../ai-worker/src/engines/types';
import { textToPdf } from '../ai-worker/src/testing/makePdf';
import { slowedEngine } from '../ai-worker/src/testing/slowedEngine';
import { createLogger } from '../platform/src/logger';
import { loadConfig } from '../platform/src/config';
import { startSystem, type System } from '../gateway/src/system';
import { TestClient } from '../gateway/src/testing/testApp';
import { size, type BenchContext, type BenchRow, type BenchSuite } from './harness';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const LETTER = readFileSync(path.resolve(HERE, '../ai-worker/corpus/nexus-strong-osa-secondary-ptsd.txt'), 'utf8');
interface Case {
  figure: string;
  engine: AnalysisEngine;
  upload: { body: Buffer; type: string; name: string };
  /** Largest ratio together / one after another that passes. */
  target: number;
  why: string;
}

async function withApp<T>(
  ctx: BenchContext,
  engine: AnalysisEngine,
  run: (app: { system: System; client: () => TestClient }) => Promise<T>,
): Promise<T> {
  const url = await ctx.createDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-analysis-'));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: 'bench.admin@example.org',
    ADMIN_PASSWORD: 'bench admin passphrase',
    ANALYSIS_CONCURRENCY: '4',
  });
  const system = await startSystem({
    config,
    logger: createLogger('silent'),
    databaseUrl: url,
    frontendDist: path.resolve(HERE, '../frontend/dist'),
    scryptCost: 2 ** 10,
    pollIntervalMs: 50,
    analysisEngine: engine,
    analysisWaitMs: 0,
  });
  const server = system.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return await run({ system, client: () => new TestClient(baseUrl) });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(ctx: BenchContext, test: Case, count: number): Promise<BenchRow> {
  return withApp(ctx, test.engine, async ({ system, client }) => {
    const admin = client();
    await admin.signIn('bench.admin@example.org', 'bench admin passphrase');
    const vet = client();
    const user = await vet.register('bench.vet@example.org');
    await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' });
    for (let i = 0; i < 200 && (await vet.get('/api/auth/user')).data.memberTier !== 'pro'; i++)
      await new Promise((r) => setTimeout(r, 20));

    const upload = async () => {
      const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
      await vet.request('PUT', address, { body: test.upload.body as unknown as string, headers: { 'content-type': test.upload.type } });
      return (await vet.put('/api/documents', { documentURL: address, fileName: test.upload.name, fileType: test.upload.type })).data
        .id as string;
    };
    const analyze = async (id: string) => {
      const res = await vet.post(`/api/documents/${id}/analyze`, { analysisType: 'nexus-letter' });
      if (res.status !== 202 && res.status !== 200) throw new Error(`analyze answered ${res.status}: ${res.text.slice(0, 200)}`);
    };
    const answered = async (id: string) =>
      (await system.store.readStream(streams.document(id))).events.some(
        (e) => e.type === 'DocumentAnalysisCompleted' || e.type === 'DocumentAnalysisFailed',
      );
    const untilAnswered = async (ids: string[]) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        if ((await Promise.all(ids.map(answered))).every(Boolean)) return;
        if (Date.now() > deadline) throw new Error('analyses did not finish within 2 minutes');
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    const documents = [] as string[];
    for (let i = 0; i < count * 2 + 1; i++) documents.push(await upload());
    // Warm the engine, extraction and command paths once before anything is timed.
    await analyze(documents[0]!);
    await untilAnswered([documents[0]!]);

    const sequential = documents.slice(1, count + 1);
    const oneByOneStart = performance.now();
    for (const id of sequential) {
      await analyze(id);
      await untilAnswered([id]);
    }
    const oneByOne = performance.now() - oneByOneStart;

    const together = documents.slice(count + 1);
    const togetherStart = performance.now();
    await Promise.all(together.map(analyze));
    await untilAnswered(together);
    const atOnce = performance.now() - togetherStart;
    ctx.log(`${test.figure}: together ${atOnce.toFixed(0)} ms, one after another ${oneByOne.toFixed(0)} ms`);
    return {
      figure: test.figure,
      value: `${(atOnce / 1000).toFixed(2)} s`,
      baseline: `${(oneByOne / 1000).toFixed(2)} s`,
      ratio: atOnce / oneByOne,
      target: `≤ ${test.target}× ${count} one by one${test.why}`,
      ok: atOnce / oneByOne <= test.target,
    };
  });
}

export const analysisBench: BenchSuite = {
  name: 'analysis',
  async run(ctx: BenchContext) {
    const count = size(ctx, 10, 4);
    const offline = createOfflineEngine();
    // The offline engine is pure CPU (and a PDF's extraction a child process): running several at
    // once can only use the cores there are, so there the figure shows concurrency costs nothing
    // (within the noise of a shared machine).
    // Where an analysis waits on its engine, as on a hosted model, ten together take a fraction.
    const cases: Case[] = [
      {
        figure: `${count} analyses together, engine answering in 1 s (a hosted model)`,
        // The offline engine behind a fixed wait, standing for the round trip to a hosted model.
        engine: slowedEngine(offline, 1000),
        upload: { body: Buffer.from(LETTER), type: 'text/plain', name: 'letter.txt' },
        target: 0.5,
        why: '',
      },
      {
        figure: `${count} analyses together, offline engine, text`,
        engine: offline,
        upload: { body: Buffer.from(LETTER), type: 'text/plain', name: 'letter.txt' },
        target: 1.1,
        why: ' (CPU-bound: no slower)',
      },
      {
        figure: `${count} analyses together, offline engine, PDF`,
        engine: offline,
        upload: { body: textToPdf(LETTER), type: 'application/pdf', name: 'letter.pdf' },
        target: 1.1,
        why: ' (CPU-bound: no slower)',
      },
    ];
    const rows: BenchRow[] = [];
    for (const test of cases) rows.push(await measure(ctx, test, count));
    return rows;
  },
};

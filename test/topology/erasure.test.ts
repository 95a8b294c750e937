/**
 * An account deleted in the split topology (every service its own process, each with its own
 * personal-data vault and key cache), while an analysis is inside its engine and an upload is under
 * way: the gateway runs the erasure, and every other process must stop sealing and opening the
 * user's data, the upload must stop, and afterwards nothing of the user is in any file of the data
 * folder, the database's own files and WAL included (the database runs there, as `npm start` keeps it).
 */
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ANALYSIS_TYPE_LABELS, ANALYSIS_TYPES, streams, type SealedData } from '@cc/contracts';
import { analyzeOffline } from '@cc/ai-worker/engines/offline/engine';
import { createKnex, PostgresEventStore, type Knex } from '@cc/platform';
import { startEmbeddedCluster, type ChildCluster } from '@cc/platform/testing/embeddedCluster';
import {
  dumpDatabase,
  findPlainCopies,
  PASSWORD,
  personalValues,
  rawKeyOf,
  startUpload,
  veteranWithData,
} from '../../gateway/src/testing/erasure';
import { TestClient } from '../../gateway/src/testing/testApp';
import { freePort, SECRET, splitServicesEnv, startService, until, type ServiceProcess } from './processes';

const ADMIN = 'erasure.admin@example.org';

/**
 * An OpenAI-compatible model server: chat questions are answered at once (streamed); analyses are
 * answered with the offline rules' findings on the text sent, but only while the gate is open.
 */
async function gatedModel() {
  let open = true;
  let analyses = 0;
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        stream?: boolean;
        messages: { role: string; content: string }[];
      };
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.end(`${chunk({ content: 'An injury during service can be an in-service event.' }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
        return;
      }
      analyses += 1;
      const system = body.messages[0]!.content;
      const type = ANALYSIS_TYPES.find((t) => system.includes(`"${ANALYSIS_TYPE_LABELS[t]}"`)) ?? 'general';
      const text = body.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      const { analysisType: _type, engine: _engine, ...answer } = analyzeOffline(text, type);
      const reply = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer), refusal: null } }],
          }),
        );
      };
      if (open) reply();
      else held.push(reply);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    analyses: () => analyses,
    hold: () => void (open = false),
    release() {
      open = true;
      for (const reply of held.splice(0)) reply();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Seals as a vault that still had the key would have (a process that never heard of the erasure). */
function sealWith(key: Buffer, value: unknown): SealedData {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { alg: 'A256GCM', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

describe('account erasure, one process per service', () => {
  let dataDir: string;
  let cluster: ChildCluster;
  let knex: Knex;
  let model: Awaited<ReturnType<typeof gatedModel>>;
  const services: ServiceProcess[] = [];
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-topology-erasure-'));
    await fs.chmod(dataDir, 0o755);
    cluster = await startEmbeddedCluster(path.join(dataDir, 'postgres'));
    await cluster.createDatabase('claims');
    const databaseUrl = cluster.urlFor('claims');
    knex = createKnex(databaseUrl, { max: 4 });
    model = await gatedModel();
    const ports = { command: await freePort(), ai: await freePort(), billing: await freePort() };
    const env = {
      ...splitServicesEnv({ databaseUrl, dataDir, secret: SECRET, ports, adminEmail: ADMIN }),
      OPENAI_API_KEY: 'sk-test-gated',
      OPENAI_BASE_URL: model.url,
    };
    const command = startService('command-service', ports.command, env);
    services.push(command);
    await command.saw('"msg":"ready"');
    services.push(
      startService('projection-service', await freePort(), env),
      startService('projection-service', await freePort(), env),
      startService('ai-worker', ports.ai, env),
      startService('billing-service', ports.billing, env),
      startService('notification-service', await freePort(), env),
      startService('gateway', await freePort(), env),
    );
    await Promise.all(services.map((s) => s.saw('"msg":"ready"', 1, 90_000)));
    baseUrl = `http://127.0.0.1:${services.at(-1)!.port}`;
  }, 150_000);

  afterAll(async () => {
    for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
    await Promise.all(services.map((s) => s.exited));
    await knex?.destroy();
    await model?.close();
    await cluster?.stop();
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  });

  it('deleted during an analysis and an upload: every process stops sealing and opening, and nothing of the user is left in any file', async () => {
    const admin = new TestClient(baseUrl);
    await admin.signIn(ADMIN, PASSWORD);
    const email = 'split.eraser.k3w@example.org';
    const app = { client: () => new TestClient(baseUrl), outboxDir: path.join(dataDir, 'outbox') };
    const { client, id, noteId, files } = await veteranWithData(app, admin, email, 'Sx');
    const laptop = new TestClient(baseUrl);
    await laptop.signIn(email, PASSWORD);
    const key = await rawKeyOf(knex, id);
    const store = new PostgresEventStore({ knex });

    // An analysis inside its engine (the ai-worker's process) ...
    model.hold();
    const analysesBefore = model.analyses();
    // (Its request waits for a result that will never be recorded; nobody waits for that answer.)
    void client.post(`/api/documents/${noteId}/analyze`, { analysisType: 'general' }).catch(() => undefined);
    await until(
      async () => model.analyses(),
      (n) => n > analysesBefore,
      'the analysis to reach its engine',
    );
    // ... and an upload streaming into the command service's process.
    const uploadMarker = 'SplitUploadUnderWayWhenErased-';
    const upload = await startUpload(baseUrl, client, Buffer.alloc(40 * 1024 * 1024, uploadMarker));

    // Deleted from another session; the gateway's process runs the erasure.
    expect((await laptop.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(204);
    const erasedAt = await store.headPosition();

    // The engine answers now: the command service must refuse to seal the result for a deleted account.
    model.release();
    expect(await upload.finish()).not.toMatch(/ 201 /);
    const aiWorker = services.find((s) => s.name === 'ai-worker')!;
    await until(
      async () => aiWorker.count('"outcome"'),
      (n) => n >= 2,
      'the held analysis to end in the ai-worker',
    );
    const recorded = (await store.readStream(streams.document(noteId))).events;
    expect(recorded.filter((e) => e.type === 'DocumentAnalysisCompleted')).toHaveLength(1);

    // Something sealed with the key by a process that had it cached, recorded after the erasure: the
    // projection services must not be able to open it any more.
    const lateMarker = 'SealedWithAKeyStillCachedSomewhere';
    const notifications = await store.readStream(streams.notifications(id));
    await store.appendToStream(
      streams.notifications(id),
      [
        {
          type: 'NotificationCreated',
          data: {
            notificationId: randomUUID(),
            userId: id,
            kind: 'document-analysis',
            content: sealWith(key, { title: lateMarker, body: lateMarker }),
            link: null,
          },
          metadata: { userId: null, correlationId: randomUUID() },
        },
      ],
      { expectedVersion: notifications.version },
    );
    const head = await store.headPosition();
    const projectors = (await knex('subscription_checkpoints').where('name', 'like', 'projection:%').pluck('name')) as string[];
    await until(
      async () =>
        Number(
          (
            await knex('subscription_checkpoints')
              .whereIn('name', projectors)
              .andWhereRaw('(tx_id, seq) >= (?::xid8, ?::bigint)', [head.txId.toString(), head.seq.toString()])
              .count<{ count: string }[]>('* as count')
          )[0]!.count,
        ),
      (count) => count === projectors.length,
      'the projection services to apply the late event',
    );
    expect((await store.readAll({ after: erasedAt, limit: 1000 })).filter((e) => e.type === 'DocumentAnalysisCompleted')).toEqual([]);

    const personal = [...personalValues(email, 'Sx', files), lateMarker];
    const dump = await dumpDatabase(knex);
    for (const value of personal)
      expect({ value, inTables: dump.toLowerCase().includes(value.toLowerCase()) }).toEqual({ value, inTables: false });
    // Every file: stored objects, the outbox, and the database's files and WAL (the late event's
    // sealed bytes are there, unreadable; an opened copy would be in the clear).
    expect(await findPlainCopies([dataDir], [...personal, uploadMarker], [key])).toEqual({});
  }, 240_000);
});

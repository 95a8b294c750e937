import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { describeWithServer } from '@cc/platform/testing/productionServers';
import { TestClient } from '../../gateway/src/testing/testApp';
import { freePort, SECRET, splitServicesEnv, startService, until, type ServiceProcess } from './processes';

/**
 * The split services on the production servers (docs/decisions/topology.md), when `describeWithServer` finds
 * them (their variable, or testcontainers with a Docker engine); skipped with the reason otherwise.
 * PostgreSQL stays the embedded one: read models, checkpoints, dead letters, sessions.
 */
const root = path.resolve(__dirname, '../..');
const LETTER = readFileSync(path.join(root, 'ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');

function splitServicesOn(servers: () => Record<string, string>) {
  let db: TestDatabase;
  let dataDir: string;
  const services: ServiceProcess[] = [];
  let baseUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase('production');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-production-'));
    const run = randomBytes(4).toString('hex');
    const ports = { command: await freePort(), ai: await freePort(), billing: await freePort() };
    const env = {
      ...servers(),
      // Each run has its own streams and topics, so a shared server's earlier runs stay out of sight.
      EVENTSTORE_NAMESPACE: `t${run}-`,
      KAFKA_TOPIC_PREFIX: `cc.test.${run}.`,
      ...splitServicesEnv({ databaseUrl: db.url, dataDir, secret: SECRET, ports, adminEmail: 'production.admin@example.org' }),
    };
    const command = startService('command-service', ports.command, env);
    services.push(command);
    await command.saw('"msg":"ready"', 1, 90_000);
    services.push(
      startService('projection-service', await freePort(), env),
      startService('ai-worker', ports.ai, env),
      startService('billing-service', ports.billing, env),
      startService('notification-service', await freePort(), env),
      startService('gateway', await freePort(), env),
    );
    await Promise.all(services.map((s) => s.saw('"msg":"ready"', 1, 120_000)));
    baseUrl = `http://127.0.0.1:${services.at(-1)!.port}`;
  }, 240_000);

  afterAll(async () => {
    for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
    await Promise.all(services.map((s) => s.exited));
    await db?.drop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  });

  it('every service says which adapters it runs on', () => {
    const wanted = servers();
    const expected = `"eventStore":"${wanted.EVENTSTORE_CONNECTION_STRING ? 'eventstoredb' : 'postgres'}","bus":"${wanted.KAFKA_BROKERS ? 'kafka' : 'embedded'}"`;
    for (const service of services) expect(service.output()).toContain(expected);
    if (wanted.KAFKA_BROKERS) expect(services.find((s) => s.name === 'projection-service')!.output()).toContain('relay lease taken');
  });

  it('files a claim through the gateway and reads it back, and a document analysis reaches the ai-worker and comes back', async () => {
    const vet = new TestClient(baseUrl);
    const user = await vet.register('production.vet@example.org');
    const admin = new TestClient(baseUrl);
    await admin.signIn('production.admin@example.org');
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);

    const filed = await vet.post('/api/claims', { condition: 'GERD', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    expect((await vet.get(`/api/claims/${claimId}`)).data).toMatchObject({ id: claimId, condition: 'GERD' });

    const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBeLessThan(300);
    const document = await vet.put('/api/documents', { documentURL: address, fileName: 'gerd letter.txt', fileType: 'text/plain' });
    expect(document.status).toBeLessThan(300);
    const documentId = document.data.id as string;
    const analyzed = await until(
      () => vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' }),
      (r) => r.status !== 403,
      'the pro tier',
    );
    expect([200, 202]).toContain(analyzed.status);
    await until(
      async () => (await vet.get(`/api/documents/${documentId}`)).data.processingStatus as string,
      (status) => status === 'completed',
      'the analysis',
      90_000,
    );
    expect(services.find((s) => s.name === 'ai-worker')!.count('"outcome":"completed"')).toBe(1);
  }, 180_000);
}

describeWithServer('the split services on EventStoreDB', 'eventstore', (address) => {
  splitServicesOn(() => ({ EVENTSTORE_CONNECTION_STRING: address() }));
});

describeWithServer('the split services with Kafka as the bus', 'kafka', (address) => {
  splitServicesOn(() => ({ KAFKA_BROKERS: address() }));
});

describeWithServer('the split services on EventStoreDB', 'eventstore', (eventStore) => {
  describeWithServer('with Kafka as the bus', 'kafka', (kafka) => {
    splitServicesOn(() => ({ EVENTSTORE_CONNECTION_STRING: eventStore(), KAFKA_BROKERS: kafka() }));
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { KAFKA_IMAGE, KURRENTDB_IMAGE } from '../../platform/src/testing/productionServers';

/** docker-compose.yml is not run here (no Docker engine): its structure is checked instead. */
type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
};

const root = path.resolve(__dirname, '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const appServices = ['command-service', 'projection-service', 'ai-worker', 'notification-service', 'billing-service', 'gateway'];
const infrastructure = {
  kurrentdb: /kurrentdb/,
  postgres: /^postgres:/,
  kafka: /^apache\/kafka:/,
  minio: /^minio\/minio:/,
  mailpit: /mailpit/,
};

describe('docker-compose.yml (the production topology)', () => {
  it.each(Object.entries(infrastructure))('runs %s from a pinned image with a health check', (name, image) => {
    const service = services[name]!;
    expect(service.image).toMatch(image);
    expect(service.image).not.toMatch(/:latest$/);
    expect(service.healthcheck?.test.length).toBeGreaterThan(0);
  });

  it('pins every image to an exact release, and the contract suites run the same servers', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.image || service.build) continue;
      // A major-only or minor-only tag moves under the deployment; 25.1 is not a release, 25.1.4 is.
      expect([name, service.image]).toEqual([name, expect.stringMatching(/:(v?\d+\.\d+(\.\d+)?|RELEASE\.[0-9TZ-]+)$/)]);
    }
    expect(services.kurrentdb!.image).toMatch(/:25\.1\.\d+$/);
    expect(services.kurrentdb!.image).toBe(KURRENTDB_IMAGE);
    expect(services.kafka!.image).toBe(KAFKA_IMAGE);
    expect(services.mailpit!.image).toMatch(/:v\d+\.\d+\.\d+$/);
  });

  it("keeps Kafka's data on its volume under a fixed cluster id, so a recreated container keeps every topic and offset", () => {
    const kafka = services.kafka!;
    const env = kafka.environment!;
    const mounts = (kafka.volumes ?? [])
      .map((volume) => volume.split(':'))
      .filter(([source]) => !source!.startsWith('/') && !source!.startsWith('.'));
    const [dataDir] = env.KAFKA_LOG_DIRS!.split(',');
    expect(mounts.some(([, target]) => dataDir === target || dataDir!.startsWith(`${target}/`))).toBe(true);
    // The image formats its storage with this id on the first start and refuses another one later.
    expect(env.CLUSTER_ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('keeps events on the broker for good, with as many replicas as there are brokers', () => {
    const env = services.kafka!.environment!;
    const brokers = Object.values(services).filter((service) => service.image === KAFKA_IMAGE).length;
    expect(env.KAFKA_LOG_RETENTION_MS).toBe('-1');
    expect(Number(env.KAFKA_DEFAULT_REPLICATION_FACTOR)).toBe(Math.min(3, brokers));
    expect(Number(env.KAFKA_MIN_INSYNC_REPLICAS)).toBe(brokers >= 3 ? 2 : 1);
    expect(Number(env.KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR)).toBeLessThanOrEqual(brokers);
  });

  it("checks MinIO's health with the mc the image ships (it has no curl), so the bucket job can run", () => {
    expect(services.minio!.healthcheck!.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    expect(services.minio!.healthcheck!.test.join(' ')).not.toMatch(/curl|wget/);
    expect(services['minio-bucket']!.depends_on?.minio?.condition).toBe('service_healthy');
  });

  it('runs Kafka as one KRaft node (no ZooKeeper) that creates no topic by itself', () => {
    const env = services.kafka!.environment!;
    expect(env.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(env.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(Object.keys(services).some((name) => /zookeeper/i.test(name))).toBe(false);
  });

  it.each(appServices)('runs %s from the Dockerfile, its own start command, a health check, and waits for what it needs', (name) => {
    const service = services[name]!;
    expect(service.build).toBe('.');
    expect(service.command).toEqual(['npm', 'run', 'start', '-w', name]);
    expect(service.healthcheck?.test.join(' ')).toMatch(/\/health/);
    for (const needed of ['postgres', 'kurrentdb', 'kafka']) expect(service.depends_on?.[needed]?.condition).toBe('service_healthy');
    expect(service.depends_on?.['minio-bucket']?.condition).toBe('service_completed_successfully');
    // Those that submit commands (workers, the gateway) wait for the command service.
    if (!['command-service', 'projection-service'].includes(name))
      expect(service.depends_on?.['command-service']?.condition).toBe('service_healthy');
  });

  it.each(appServices)('gives %s the environment docs/ARCHITECTURE.md ("Two ways to run") names for production', (name) => {
    const env = services[name]!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(env.EVENTSTORE_CONNECTION_STRING).toMatch(/^kurrentdb:\/\/kurrentdb:2113/);
    expect(env.KAFKA_BROKERS).toBe('kafka:9092');
    expect(env.S3_BUCKET).toBeTruthy();
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(env.COMMAND_SERVICE_URL).toBe('http://command-service:4000');
    // The internal secret is required from the operator, never a default written here.
    expect(env.INTERNAL_SECRET).toMatch(/^\$\{INTERNAL_SECRET:\?/);
  });

  it('publishes only the gateway (and the mail catcher for reading test mail)', () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([name]) => name)
      .sort();
    expect(published).toEqual(['gateway', 'mailpit']);
    expect(services.gateway!.environment).toMatchObject({
      AI_WORKER_URL: 'http://ai-worker:4000',
      BILLING_SERVICE_URL: 'http://billing-service:4000',
    });
  });

  it('builds one multi-stage image whose runtime stage leaves the build tools behind', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gm)].map((m) => m[1]);
    expect(stages).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(dockerfile).toMatch(/npm ci/);
    // tsx comes from the lockfile (a gateway dependency the prune keeps), never a second, unpinned install.
    expect(dockerfile).not.toMatch(/npm (?:install|i)\b[^\n]*\btsx\b/);
    expect(dockerfile).toMatch(/USER node/);
    // Every workspace is installed and shipped (the gateway composes them all).
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      expect(dockerfile).toContain(
        workspace === 'frontend'
          ? 'COPY --from=build /app/frontend/dist ./frontend/dist'
          : `COPY --from=build /app/${workspace} ./${workspace}`,
      );
    }
  });

  it('starts each service with a start script of its own workspace', () => {
    for (const name of appServices) {
      const scripts = (JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
        .scripts;
      expect(scripts?.start).toBe(`node --import tsx ../gateway/src/services/main.ts ${name}`);
    }
  });
});

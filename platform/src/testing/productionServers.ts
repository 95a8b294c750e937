/**
 * The production adapters' contract suites run against a real server (docs/decisions/testing.md): the one
 * named by its environment variable, else one started with testcontainers when a Docker engine is
 * reachable, else the suite is skipped and says why, once.
 */
import { existsSync } from 'node:fs';

export type ServerKind = 'eventstore' | 'kafka';

interface ServerSpec {
  variable: string;
  start(): Promise<{ address: string; stop(): Promise<void> }>;
}

/** Images as in docker-compose.yml, so the tests and the topology run the same servers. */
export const KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1.4';
export const KAFKA_IMAGE = 'apache/kafka:3.9.1';

const specs: Record<ServerKind, ServerSpec> = {
  eventstore: {
    variable: 'EVENTSTORE_CONNECTION_STRING',
    async start() {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(KURRENTDB_IMAGE)
        .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_RUN_PROJECTIONS: 'None' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .start();
      return {
        address: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
        stop: async () => void (await container.stop()),
      };
    },
  },
  kafka: {
    variable: 'KAFKA_BROKERS',
    async start() {
      const { GenericContainer, Wait } = await import('testcontainers');
      // The broker advertises the address clients must use, so the host port is fixed up front.
      const port = 19092 + Math.floor(Math.random() * 500);
      const container = await new GenericContainer(KAFKA_IMAGE)
        .withEnvironment({
          KAFKA_NODE_ID: '1',
          KAFKA_PROCESS_ROLES: 'broker,controller',
          KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
          KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
          KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
          KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
          KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
          KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        })
        .withExposedPorts({ container: 9092, host: port })
        .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
        .start();
      return { address: `localhost:${port}`, stop: async () => void (await container.stop()) };
    },
  },
};

export function dockerReachable(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

/** Where the suite gets its server, or why it is skipped. */
export function serverSource(kind: ServerKind, env: NodeJS.ProcessEnv = process.env): { from: 'env' | 'docker' } | { skip: string } {
  const { variable } = specs[kind];
  if (env[variable]) return { from: 'env' };
  if (dockerReachable(env)) return { from: 'docker' };
  return { skip: `${variable} is not set and no Docker engine is reachable` };
}

/**
 * `describe` with a server of this kind: `address()` gives its address inside the tests. Without
 * one the suite is registered as skipped, its title saying why, and the reason is printed once.
 */
export function describeWithServer(title: string, kind: ServerKind, body: (address: () => string) => void): void {
  const source = serverSource(kind);
  if ('skip' in source) {
    console.warn(`[skipped] ${title}: ${source.skip}`);
    describe.skip(`${title} (skipped: ${source.skip})`, () => body(() => ''));
    return;
  }
  describe(title, () => {
    let address = process.env[specs[kind].variable] ?? '';
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      if (source.from !== 'docker') return;
      const started = await specs[kind].start();
      address = started.address;
      stop = started.stop;
    }, 180_000);
    afterAll(async () => stop?.(), 60_000);
    body(() => address);
  });
}

import { streams } from '@cc/contracts';
import {
  type NotifyBatch,
  ConfigError,
  PostgresEventStore,
  type AppConfig,
  type Bus,
  type EventStore,
  type InlineProjection,
  type Knex,
  type Logger,
  type Subscription,
} from '@cc/platform';
import { categoryOf } from '@cc/platform/bus/kafka/messages';

/**
 * The one place the production adapters are chosen (docs/decisions/topology.md). Each is loaded by a dynamic
 * import only when its variable is set, so the embedded default (and every CLI) never loads gRPC
 * or kafkajs. Both clients connect lazily: choosing one never waits for its server.
 */

/** Every stream category the app writes (`claim-…` → `claim`): the topics the relay makes and the workers read. */
export const STREAM_CATEGORIES: readonly string[] = [...new Set(Object.values(streams).map((stream) => categoryOf(stream('x'))))];

export async function eventStoreFrom(
  config: AppConfig,
  deps: { knex: Knex; databaseUrl: string; logger?: Logger; inline: InlineProjection; notices?: NotifyBatch },
): Promise<EventStore> {
  if (config.eventStore.kind === 'postgres') {
    // The claim views are kept in the append's transaction; on EventStoreDB they cannot be, and stay subscriptions.
    const store = new PostgresEventStore({
      knex: deps.knex,
      connectionString: deps.databaseUrl,
      logger: deps.logger,
      inline: deps.inline,
      notices: deps.notices,
    });
    // Positions stay increasing after a dump and restore; checked now so a problem shows at start.
    await store.ready();
    return store;
  }
  const { EventStoreDbEventStore } = await import('@cc/platform/eventstore/eventStoreDb');
  try {
    // Checkpoints, dead letters and snapshots stay in PostgreSQL, next to the read models they cover.
    return new EventStoreDbEventStore({
      connectionString: config.eventStore.connectionString,
      namespace: config.eventStore.namespace,
      knex: deps.knex,
      logger: deps.logger,
    });
  } catch (error) {
    // The client parses more than the config's shape check (option values, certificate files).
    throw new ConfigError(
      `Invalid configuration:\n  EVENTSTORE_CONNECTION_STRING: the EventStoreDB client refused it: ${clientComplaint(error)}`,
    );
  }
}

/** How the workers of this process receive events, and (with Kafka) how to start the relay that feeds it. */
export interface SelectedBus {
  bus: Bus;
  kind: AppConfig['bus']['kind'];
  /** Kafka only: publishes the event store to the topics; run one at a time (`relayUnderLease`). */
  startRelay?: () => Promise<Subscription>;
}

export async function busFrom(
  config: AppConfig,
  deps: { knex: Knex; store: EventStore; logger: Logger; clientId: string; pollIntervalMs?: number },
): Promise<SelectedBus> {
  if (config.bus.kind === 'embedded') return { bus: deps.store, kind: 'embedded' };
  const [{ Kafka, logLevel }, { KafkaBus }, { startKafkaRelay }] = await Promise.all([
    import('kafkajs'),
    import('@cc/platform/bus/kafka/kafkaBus'),
    import('@cc/platform/bus/kafka/relay'),
  ]);
  const logger = deps.logger.child({ component: 'kafka' });
  const kafka = new Kafka({
    clientId: deps.clientId,
    brokers: config.bus.brokers,
    logLevel: logLevel.WARN,
    // kafkajs writes to the console by default; its warnings and errors go to the service's log instead.
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...rest } = log;
        if (level <= logLevel.ERROR) logger.error(rest, message);
        else logger.warn(rest, message);
      },
  });
  const { topicPrefix } = config.bus;
  return {
    kind: 'kafka',
    bus: new KafkaBus({ kafka, knex: deps.knex, categories: STREAM_CATEGORIES, topicPrefix }),
    startRelay: () =>
      startKafkaRelay({
        store: deps.store,
        kafka,
        topicPrefix,
        categories: STREAM_CATEGORIES,
        pollIntervalMs: deps.pollIntervalMs,
        onError: (error) => logger.warn({ err: error }, 'relay: Kafka did not take a batch; trying again'),
      }),
  };
}

/** The client's parse errors quote part of the string (perhaps of a password): only where, and what it expected. */
function clientComplaint(error: unknown): string {
  if (error && typeof error === 'object' && 'expected' in error && 'location' in error && Array.isArray(error.location)) {
    return `expected ${String(error.expected)} at position ${String(error.location[0])}`;
  }
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}

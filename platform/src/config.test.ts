import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 3000, ./data and demo accounts in the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: path.resolve('./data'), databaseUrl: undefined, seedDemo: true, oidc: undefined });
  });

  it('never seeds demo accounts into a configured server, and SEED_DEMO=false turns seeding off', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/cc' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/cc', SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads ADMIN_EMAILS as a trimmed, lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.org, ,second@example.org ' }).adminEmails).toEqual([
      'boss@example.org',
      'second@example.org',
    ]);
  });

  it('takes ADMIN_PASSWORD only when it would pass the password rule, and never needs it', () => {
    expect(loadConfig({}).adminPassword).toBeUndefined();
    expect(loadConfig({ ADMIN_PASSWORD: 'a long enough secret' }).adminPassword).toBe('a long enough secret');
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD: must be at least 10 characters/);
    // The message names the setting, never its value.
    expect(() => loadConfig({ ADMIN_PASSWORD: 'tiny!' })).not.toThrow(/tiny!/);
  });

  it('limits sign-ups and sign-ins to 30 per address and minute unless AUTH_IP_LIMIT_PER_MINUTE says otherwise (0 = off)', () => {
    expect(loadConfig({}).authIpLimitPerMinute).toBe(30);
    expect(loadConfig({ AUTH_IP_LIMIT_PER_MINUTE: '5' }).authIpLimitPerMinute).toBe(5);
    expect(loadConfig({ AUTH_IP_LIMIT_PER_MINUTE: '0' }).authIpLimitPerMinute).toBe(0);
    expect(() => loadConfig({ AUTH_IP_LIMIT_PER_MINUTE: '-1' })).toThrow(/AUTH_IP_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ AUTH_IP_LIMIT_PER_MINUTE: 'lots' })).toThrow(/AUTH_IP_LIMIT_PER_MINUTE/);
  });

  it('reads TRUST_PROXY=true as one proxy in front, never as "trust every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY: "maybe"/);
  });

  it('names each invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('runs 4 analyses at once unless ANALYSIS_CONCURRENCY says otherwise (1–64)', () => {
    expect(loadConfig({}).analysisConcurrency).toBe(4);
    expect(loadConfig({ ANALYSIS_CONCURRENCY: '8' }).analysisConcurrency).toBe(8);
    expect(() => loadConfig({ ANALYSIS_CONCURRENCY: '0' })).toThrow(/ANALYSIS_CONCURRENCY/);
    expect(() => loadConfig({ ANALYSIS_CONCURRENCY: 'many' })).toThrow(/ANALYSIS_CONCURRENCY/);
  });
});

describe('production adapters in the configuration', () => {
  it('stores events in PostgreSQL and delivers them to workers from the store unless told otherwise (an empty value is unset)', () => {
    expect(loadConfig({})).toMatchObject({ eventStore: { kind: 'postgres' }, bus: { kind: 'embedded' } });
    expect(loadConfig({ EVENTSTORE_CONNECTION_STRING: '', KAFKA_BROKERS: ' ' })).toMatchObject({
      eventStore: { kind: 'postgres' },
      bus: { kind: 'embedded' },
    });
  });

  it('selects EventStoreDB with EVENTSTORE_CONNECTION_STRING and Kafka with KAFKA_BROKERS', () => {
    const config = loadConfig({
      EVENTSTORE_CONNECTION_STRING: 'esdb://kurrentdb:2113?tls=false',
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
    });
    expect(config.eventStore).toEqual({ kind: 'eventstoredb', connectionString: 'esdb://kurrentdb:2113?tls=false', namespace: undefined });
    expect(config.bus).toEqual({ kind: 'kafka', brokers: ['kafka-1:9092', 'kafka-2:9092'], topicPrefix: 'cc.events.' });
    const shared = loadConfig({
      EVENTSTORE_CONNECTION_STRING: 'esdb://k',
      EVENTSTORE_NAMESPACE: 'staging-',
      KAFKA_BROKERS: 'k:9092',
      KAFKA_TOPIC_PREFIX: 'staging.events.',
    });
    expect(shared).toMatchObject({ eventStore: { namespace: 'staging-' }, bus: { topicPrefix: 'staging.events.' } });
    expect(() => loadConfig({ KAFKA_TOPIC_PREFIX: 'a topic/' })).toThrow(/KAFKA_TOPIC_PREFIX: must be/);
    expect(
      loadConfig({
        EVENTSTORE_CONNECTION_STRING: 'esdb+discover://admin:changeit@cluster.example.org?tlsCAFile=/ca.crt&nodePreference=leader',
      }).eventStore.kind,
    ).toBe('eventstoredb');
    expect(loadConfig({ EVENTSTORE_CONNECTION_STRING: 'esdb://a:2113,b:2113,c:2113' }).eventStore.kind).toBe('eventstoredb');
    // The KurrentDB client's own schemes; esdb:// still works (the client warns it is deprecated).
    for (const scheme of ['kurrentdb', 'kurrent', 'kdb', 'kurrentdb+discover']) {
      expect(loadConfig({ EVENTSTORE_CONNECTION_STRING: `${scheme}://kurrentdb:2113?tls=false` }).eventStore.kind).toBe('eventstoredb');
    }
    expect(loadConfig({ KAFKA_BROKERS: '[::1]:9092' }).bus).toMatchObject({ kind: 'kafka', brokers: ['[::1]:9092'] });
  });

  it('says what is wrong with a malformed connection string, without echoing it (it may hold a password)', () => {
    const bad = (value: string) => () => loadConfig({ EVENTSTORE_CONNECTION_STRING: value });
    expect(bad('http://kurrentdb:2113')).toThrow(ConfigError);
    expect(bad('http://kurrentdb:2113')).toThrow(/EVENTSTORE_CONNECTION_STRING: must look like kurrentdb:\/\/host:2113\?tls=false/);
    expect(bad('kurrentdb:2113')).toThrow(/EVENTSTORE_CONNECTION_STRING: must look like/);
    expect(bad('esdb://')).toThrow(/EVENTSTORE_CONNECTION_STRING: names no host/);
    expect(bad('esdb://admin:s3cret@kurrentdb:99999')).toThrow(/EVENTSTORE_CONNECTION_STRING: has a port outside 1–65535/);
    expect(bad('esdb://admin:s3cret@kurrentdb:99999')).not.toThrow(/s3cret/);
    expect(bad('esdb://kurrentdb:2113?tls')).toThrow(/EVENTSTORE_CONNECTION_STRING: has an option that is not key=value/);
  });

  it('names the broker that is not host:port', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka' })).toThrow(/KAFKA_BROKERS: "kafka" is not host:port/);
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka:9092,,other:9092' })).toThrow(/KAFKA_BROKERS: "" is not host:port/);
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka:0' })).toThrow(/KAFKA_BROKERS: "kafka:0" has a port outside/);
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka://kafka:9092' })).toThrow(ConfigError);
    // Both wrong: both named.
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka', EVENTSTORE_CONNECTION_STRING: 'tcp://x' })).toThrow(
      /EVENTSTORE_CONNECTION_STRING[\s\S]*KAFKA_BROKERS/,
    );
  });
});

export * from './config';
export * from './logger';
export * from './db/knex';
export * from './db/migrations';
export * from './eventstore/types';
export * from './eventstore/upcasting';
export * from './eventstore/postgres';
export { eventStoreMigrations } from './eventstore/postgresMigrations';
export * from './crypto/personalDataVault';
export * from './commands/handleCommand';
export * from './http/problem';
export * from './http/context';
export * from './http/listQuery';
export * from './http/controlCharacters';
export * from './http/commandAnswer';
export * from './workers/worker';
export * from './storage/types';
export * from './storage/localStorage';
export * from './storage/s3Storage';
export * from './commands/commandBus';
export type { Bus } from './bus/types';
export { busMigrations } from './bus/migrations';
// The production clients (@eventstore/db-client, kafkajs) load only where they are used:
// import '@cc/platform/eventstore/eventStoreDb' and '@cc/platform/bus/kafka/*' (dynamically, when configured).
export { TransientFault } from './subscriptions/faults';
export * from './commands/internalCommands';
export * from './subscriptions/lease';

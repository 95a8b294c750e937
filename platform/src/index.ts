export * from './config';
export * from './logger';
export * from './db/knex';
export * from './db/migrations';
export * from './eventstore/types';
export * from './eventstore/upcasting';
export * from './eventstore/postgres';
export { eventStoreMigrations } from './eventstore/postgresMigrations';

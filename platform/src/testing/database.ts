import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKnex, type Knex } from '../db/knex';

export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/**
 * The admin URL of this jest worker's cluster (test/global-setup.ts starts one per worker); a test
 * run in band, or a process a test starts, uses the first unless it inherited a worker id.
 */
function adminUrl(): string {
  const urls = process.env.CC_TEST_DATABASE_ADMIN_URLS?.split(' ').filter(Boolean) ?? [];
  if (!urls.length)
    throw new Error('CC_TEST_DATABASE_ADMIN_URLS is not set: run the tests with `npm test` (jest global setup starts PostgreSQL).');
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return urls[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % urls.length]!;
}

/** A fresh, empty database in this worker's test cluster, dropped again by `drop()`. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const knex = createKnex(url.toString(), { max: 20 });
  return {
    url: url.toString(),
    knex,
    async drop() {
      await knex.destroy();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKnex, type Knex } from '../db/knex';

export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.CC_TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('CC_TEST_DATABASE_ADMIN_URL is not set: run the tests with `npm test` (jest global setup starts PostgreSQL).');
  return url;
}

/** A fresh, empty database in the test cluster, dropped again by `drop()`. */
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

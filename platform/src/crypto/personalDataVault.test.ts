import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createKnex, type Knex } from '../db/knex';
import { migrate } from '../db/migrations';
import { KEYS_KEPT, PersonalDataErasedError, personalDataMigrations, PersonalDataVault } from './personalDataVault';

/**
 * Each process of a deployment has its own vault and key cache. These vaults stand for two
 * processes (each its own pool): an erasure made by one must stop the other from sealing and opening.
 */
describe('PersonalDataVault across processes', () => {
  let db: TestDatabase;
  let otherPool: Knex;
  const vaults: PersonalDataVault[] = [];
  const vault = (options: ConstructorParameters<typeof PersonalDataVault>[1] = {}, knex: Knex = db.knex) => {
    const made = new PersonalDataVault(knex, options);
    vaults.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await createTestDatabase('vault');
    await migrate(db.knex, 'platform', personalDataMigrations);
    otherPool = createKnex(db.url, { max: 2 });
  });
  afterAll(async () => {
    await Promise.all(vaults.map((v) => v.close()));
    await otherPool.destroy();
    await db.drop();
  });

  const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };

  it('hears an erasure made in another process at once: seal throws, open finds nothing, a transfer is told', async () => {
    // A cache bound far longer than the test: only the notification can explain what follows.
    const worker = vault({ connectionString: db.url, cacheMs: 10 * 60_000 }, otherPool);
    const userId = '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a01';
    // Waited on before the LISTEN is up, so the vault also looks up what was erased meanwhile (nothing).
    let told = 0;
    worker.onErased(userId, () => (told += 1));
    const eraser = vault({ connectionString: db.url });
    const sealed = await worker.seal(userId, { bio: 'Loadmaster' });
    expect(await eraser.open(userId, sealed)).toEqual({ bio: 'Loadmaster' });
    // Both vaults LISTEN before the erasure, so that the notification tells, not the look-up a vault
    // makes when its LISTEN comes up (the next test); a loaded machine may take a while to open them.
    const listening = async () =>
      ((
        await db.knex.raw(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen personal_data_erased'`,
        )
      ).rows[0].n as number) >= 2;
    expect(await until(listening, 15_000)).toBe(true);

    await eraser.erase(userId);
    expect(await until(async () => told > 0)).toBe(true);
    await expect(worker.seal(userId, { bio: 'anything' })).rejects.toBeInstanceOf(PersonalDataErasedError);
    expect(await worker.open(userId, sealed)).toBeUndefined();
    await expect(eraser.seal(userId, { bio: 'anything' })).rejects.toBeInstanceOf(PersonalDataErasedError);
  });

  it('tells a transfer of an erasure made while its LISTEN was not up, once it is', async () => {
    const eraser = vault();
    const userId = '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a03';
    const other = '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a04';
    await eraser.seal(userId, { bio: 'Corpsman' });
    await eraser.seal(other, { bio: 'Medic' });
    // Erased before the other process's vault exists: its NOTIFY was sent to nobody.
    await eraser.erase(userId);
    const worker = vault({ connectionString: db.url, cacheMs: 10 * 60_000 }, otherPool);
    const told: string[] = [];
    worker.onErased(userId, () => told.push(userId));
    worker.onErased(other, () => told.push(other));
    expect(await until(async () => told.length > 0, 15_000)).toBe(true);
    expect(told).toEqual([userId]);
  });

  it('trusts a cached key no longer than its bound when it hears nothing', async () => {
    const deaf = vault({ cacheMs: 300 }, otherPool);
    const eraser = vault();
    const userId = '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a02';
    const sealed = await deaf.seal(userId, { name: 'Quinlan' });
    await eraser.erase(userId);
    await new Promise((r) => setTimeout(r, 350));
    await expect(deaf.seal(userId, { name: 'again' })).rejects.toBeInstanceOf(PersonalDataErasedError);
    expect(await deaf.open(userId, sealed)).toBeUndefined();
  });

  it('waits out the cache bound in forgottenEverywhere', async () => {
    const eraser = vault({ cacheMs: 250 });
    const started = Date.now();
    await eraser.forgottenEverywhere();
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("preloads many people's keys in one query, then opens without one, and never caches an erased key", async () => {
    const writer = vault();
    const people = ['5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a11', '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a12', '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a13'];
    const sealed = await Promise.all(people.map((id, i) => writer.seal(id, { n: i })));
    await writer.erase(people[2]!);
    // A pool of its own, so only this reader's queries are counted.
    const readerPool = createKnex(db.url, { max: 1 });
    const reader = vault({ cacheMs: 10 * 60_000 }, readerPool);
    const queries: string[] = [];
    readerPool.on('query', (query: { sql: string }) => void queries.push(query.sql));
    try {
      await reader.preload([...people, undefined, people[0]]);
      expect(queries).toHaveLength(1);
      expect(await reader.open(people[0]!, sealed[0]!)).toEqual({ n: 0 });
      expect(await reader.open(people[1]!, sealed[1]!)).toEqual({ n: 1 });
      expect(queries).toHaveLength(1);
      // The erased person is not in the cache: the open asks, and finds nothing.
      expect(await reader.open(people[2]!, sealed[2]!)).toBeUndefined();
      expect(queries).toHaveLength(2);
      await reader.preload(people.slice(0, 2));
      expect(queries).toHaveLength(2);
    } finally {
      await readerPool.destroy();
    }
  });

  it('keeps the keys it read last when it holds too many: expired ones go first, then the oldest, never every key', async () => {
    await db.knex.raw(
      `insert into personal_data_keys (subject_id, key)
       select 'kept-' || g, decode(md5(g::text) || md5(g::text || 'x'), 'hex') from generate_series(1, ?::int) g`,
      [KEYS_KEPT + 2_000],
    );
    const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `kept-${from + i + 1}`);
    const readerPool = createKnex(db.url, { max: 1 });
    const reader = vault({ cacheMs: 10 * 60_000 }, readerPool);
    const queries: string[] = [];
    readerPool.on('query', (query: { sql: string }) => void queries.push(query.sql));
    try {
      await reader.preload(ids(0, KEYS_KEPT - 1_000));
      await reader.preload(ids(KEYS_KEPT, KEYS_KEPT + 2_000));
      expect(queries).toHaveLength(2);
      // Room for the second batch came from the first one's oldest keys; the rest are still held.
      await reader.preload([...ids(KEYS_KEPT, KEYS_KEPT + 2_000), ...ids(2_000, KEYS_KEPT - 1_000)]);
      expect(queries).toHaveLength(2);
      await reader.preload(ids(0, 1));
      expect(queries).toHaveLength(3);
    } finally {
      await readerPool.destroy();
    }
  });

  it('makes or reads a key to seal with in one statement, and refuses to seal for an erased person in one too', async () => {
    const pool = createKnex(db.url, { max: 4 });
    const queries: string[] = [];
    pool.on('query', (query: { sql: string }) => void queries.push(query.sql));
    try {
      const person = '5f0c1d7e-4b0a-4d39-9c53-3b8f0f7e2a21';
      // Two processes sealing for a new person at the same moment end up with the same key.
      const [first, second] = [vault({}, pool), vault({}, pool)];
      const sealed = await Promise.all([first.seal(person, { n: 1 }), second.seal(person, { n: 2 })]);
      expect(await vault().open(person, sealed[0])).toEqual({ n: 1 });
      expect(await vault().open(person, sealed[1])).toEqual({ n: 2 });
      queries.length = 0;
      await vault({}, pool).seal(person, { n: 3 });
      expect(queries).toHaveLength(1);
      await vault().erase(person);
      queries.length = 0;
      await expect(vault({}, pool).seal(person, { n: 4 })).rejects.toBeInstanceOf(PersonalDataErasedError);
      expect(queries).toHaveLength(1);
    } finally {
      await pool.destroy();
    }
  });
});

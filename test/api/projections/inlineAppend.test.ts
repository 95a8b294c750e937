import { randomUUID } from 'node:crypto';
import { claimCommands } from '@cc/command-service/claims/commands';
import { userCommands } from '@cc/command-service/users/commands';
import { INLINE_READ_MODELS, inlineProjection, readModelProjectors } from '@cc/projection-service';
import { PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { dumpTables, freshBuild, migrateAll } from '@cc/gateway/testing/readModels';

/*
 * What an append that keeps read models inline costs in its transaction: the read models' locks in
 * one statement, one read and one write for all of them, and a single event's place taken from the
 * append's answer instead of read back; the rows it writes are those a rebuild from the log writes.
 */

describe('an append that keeps read models inline', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('inline_append');
    await migrateAll(db.knex);
    const vault = new PersonalDataVault(db.knex);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url, inline: inlineProjection(vault) });
    const users = userCommands({ store, vault });
    const claims = claimCommands({ store, vault });
    const userId = randomUUID();
    await users.register(
      {
        userId,
        personal: { email: 'inline.append@example.org', firstName: 'I', lastName: 'A' },
        memberTier: 'pro',
        authMethod: 'password',
      },
      { userId },
    );
    const { claimId } = await claims.file(
      userId,
      { condition: 'Tinnitus', conditionType: 'primary', nextAction: null, priority: 'normal' },
      { userId },
    );

    const statements: string[][] = [];
    let open: string[] | undefined;
    const record = (query: { sql: string }) => {
      const sql = query.sql.replace(/\s+/g, ' ').trim().toLowerCase();
      // The appends run one after another: what is sent between a begin and its commit is that transaction's.
      if (sql === 'begin;') open = [];
      open?.push(sql);
      if (sql === 'commit;' && open) {
        statements.push(open);
        open = undefined;
      }
    };
    db.knex.on('query', record);
    try {
      await claims.changeStatus(userId, claimId, 'initial_review', 'Records requested', { userId });
      await claims.changeRating(userId, claimId, 30, { userId });
    } finally {
      db.knex.off('query', record);
    }
    transactions = statements;
  }, 60_000);

  let transactions: string[][] = [];

  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('takes its locks in one statement and does not read back a single event it appended', () => {
    expect(transactions).toHaveLength(2);
    for (const statements of transactions) {
      expect(statements.filter((sql) => sql.includes('pg_advisory_xact_lock_shared'))).toHaveLength(1);
      const append = statements.findIndex((sql) => sql.includes('events_append('));
      expect(append).toBeGreaterThan(0);
      // Nothing reads the events table after the append within the transaction.
      expect(statements.slice(append + 1).filter((sql) => /from "?events"? /.test(sql))).toEqual([]);
    }
  });

  it('takes its locks in the statement that appends, the first of its transaction', () => {
    for (const statements of transactions) {
      expect(statements[0]).toBe('begin;');
      expect(statements[1]).toContain('pg_advisory_xact_lock_shared');
      expect(statements[1]).toContain('events_append(');
    }
  });

  it('reads the rows every concerned read model touches in one statement and writes them in one more', () => {
    for (const statements of transactions) {
      const append = statements.findIndex((sql) => sql.includes('events_append('));
      // begin; the locks and the append; one read; one write; commit.
      expect(statements.slice(append + 1)).toHaveLength(3);
      expect(statements.at(-1)).toBe('commit;');
    }
  });

  it('writes the rows a rebuild from the log writes', async () => {
    const tables = readModelProjectors(undefined as unknown as PersonalDataVault)
      .filter((projector) => INLINE_READ_MODELS.includes(projector.name))
      .flatMap((projector) => [...projector.tables]);
    expect(tables.length).toBeGreaterThan(2);
    expect(await dumpTables(db.knex, tables)).toEqual(await freshBuild(db.knex, tables));
  });
});

import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { projectEvents } from './projectEvents';
import type { SetBasedProjector, TableRows } from './setBasedProjector';

type Row = Record<string, unknown>;
type Tables = Readonly<Record<string, TableRows<Row>>>;
interface Noted {
  claimId: string;
  userId: string;
  note: number;
  /** A note of the claim to remove. */
  drop?: number;
}

/**
 * A projector over three tables, written to the runtime shape directly: each note makes or updates
 * its claim, adds a note, may remove one, and keeps a count per person.
 */
const notes: SetBasedProjector = {
  shape: 'set-based',
  name: 'trip_notes',
  version: 1,
  handles: ['Noted'],
  tables: ['trip_claims', 'trip_notes', 'trip_counts'],
  descriptions: {
    trip_claims: { key: ['id'], columns: { id: 'uuid', user_id: 'uuid', last_note: 'integer', at: 'timestamptz' } },
    trip_notes: { key: ['claim_id', 'note'], columns: { claim_id: 'uuid', note: 'integer', body: 'jsonb' } },
    trip_counts: { key: ['user_id'], columns: { user_id: 'uuid', notes: 'bigint' } },
  },
  open: async () => undefined,
  preload: async () => undefined,
  touches: (event) => {
    const data = event.data as Noted;
    return { trip_claims: [{ id: data.claimId }], trip_notes: [{ claim_id: data.claimId }], trip_counts: [{ user_id: data.userId }] };
  },
  evolve: (rows: Tables, event) => {
    const data = event.data as Noted;
    rows.trip_claims!.put({ id: data.claimId, user_id: data.userId, last_note: data.note, at: event.recordedAt });
    rows.trip_notes!.put({ claim_id: data.claimId, note: data.note, body: { note: data.note, by: [data.userId] } });
    let notesCount = BigInt((rows.trip_counts!.get({ user_id: data.userId })?.notes as string | undefined) ?? '0') + 1n;
    if (data.drop !== undefined && rows.trip_notes!.get({ claim_id: data.claimId, note: data.drop })) {
      rows.trip_notes!.delete({ claim_id: data.claimId, note: data.drop });
      notesCount -= 1n;
    }
    if (notesCount === 0n) rows.trip_counts!.delete({ user_id: data.userId });
    else rows.trip_counts!.put({ user_id: data.userId, notes: String(notesCount) });
  },
  startBatch: () => undefined,
  settle: () => undefined,
};

let position = 0n;
const noted = (data: Noted): RecordedEvent => {
  position += 1n;
  return {
    id: randomUUID(),
    type: 'Noted',
    data,
    metadata: {
      userId: data.userId,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
    streamId: `claim-${data.claimId}`,
    streamVersion: Number(position),
    position: { txId: position, seq: 0n },
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Number(position))),
  };
};

describe('a set-based batch over several tables', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('trips');
    await db.knex.raw(`create table trip_claims (id uuid primary key, user_id uuid not null, last_note integer, at timestamptz)`);
    await db.knex.raw(`create table trip_notes (claim_id uuid, note integer, body jsonb, primary key (claim_id, note))`);
    await db.knex.raw(`create table trip_counts (user_id uuid primary key, notes bigint not null)`);
  }, 60_000);
  afterAll(async () => db.drop());

  /** Projects one batch in a transaction; answers how many statements the batch sent (BEGIN and COMMIT not counted). */
  async function batch(events: RecordedEvent[]) {
    let statements = 0;
    const count = (query: { sql: string }) => {
      if (!/^(begin|commit)/i.test(query.sql.trim())) statements += 1;
    };
    db.knex.on('query', count);
    try {
      await db.knex.transaction((trx) => projectEvents(notes, events, trx));
    } finally {
      db.knex.off('query', count);
    }
    return statements;
  }

  it('reads all its tables in one statement and writes every upsert and delete in one more', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await batch([noted({ claimId: first, userId: ann, note: 1 }), noted({ claimId: second, userId: bob, note: 1 })])).toBe(2);
    // Upserts in every table, a note removed, and bob's count removed, all in one batch.
    expect(
      await batch([
        noted({ claimId: first, userId: ann, note: 2 }),
        noted({ claimId: first, userId: ann, note: 3, drop: 1 }),
        noted({ claimId: second, userId: bob, note: 2, drop: 1 }),
        noted({ claimId: second, userId: bob, note: 3, drop: 2 }),
        noted({ claimId: second, userId: bob, note: 4, drop: 3 }),
        noted({ claimId: second, userId: bob, note: 5, drop: 4 }),
      ]),
    ).toBe(2);
    expect(await db.knex('trip_claims').where({ id: first }).select('last_note', 'at')).toEqual([
      { last_note: 3, at: new Date(Date.UTC(2026, 0, 1, 0, 0, Number(position) - 4)) },
    ]);
    expect(await db.knex('trip_notes').where({ claim_id: first }).orderBy('note').pluck('note')).toEqual([2, 3]);
    expect(await db.knex('trip_notes').where({ claim_id: second }).pluck('body')).toEqual([{ note: 5, by: [bob] }]);
    expect(await db.knex('trip_counts').whereIn('user_id', [ann, bob]).orderBy('notes').select('user_id', 'notes')).toEqual([
      { user_id: bob, notes: '1' },
      { user_id: ann, notes: '2' },
    ]);
  });

  it('a batch touching only one table reads it and writes it as before, with one statement each', async () => {
    const one: SetBasedProjector = {
      ...notes,
      touches: (event) => ({ trip_counts: [{ user_id: (event.data as Noted).userId }] }),
      evolve: (rows: Tables, event) => rows.trip_counts!.put({ user_id: (event.data as Noted).userId, notes: '7' }),
    };
    const user = randomUUID();
    let statements = 0;
    const count = () => (statements += 1);
    db.knex.on('query', count);
    try {
      await db.knex.transaction((trx) => projectEvents(one, [noted({ claimId: randomUUID(), userId: user, note: 1 })], trx));
    } finally {
      db.knex.off('query', count);
    }
    expect(statements).toBe(4); // begin, the read, the upsert, commit
    expect(await db.knex('trip_counts').where({ user_id: user }).pluck('notes')).toEqual(['7']);
  });
});

import { TableWorkingSet, UndeclaredRowError } from './workingSet';
import type { TableDescription } from './setBasedProjector';

type Row = Record<string, unknown>;

const description: TableDescription<Row> = {
  key: ['claim_id', 'seq'],
  columns: { claim_id: 'uuid', seq: 'integer', user_id: 'text', status: 'text' },
};
const CLAIM = '6F9619FF-8B86-D011-B42D-00C04FC964FF';
const stored = [
  { claim_id: CLAIM.toLowerCase(), seq: 1, user_id: 'u1', status: 'submitted' },
  { claim_id: CLAIM.toLowerCase(), seq: 2, user_id: 'u1', status: 'approved' },
  { claim_id: '00000000-0000-4000-8000-000000000002', seq: 1, user_id: 'u2', status: 'submitted' },
];

/**
 * An event may use only the rows it declared. A few declared values are looked through one by one,
 * many (what `settle` may use: a whole batch's) through a set: both must answer alike.
 */
describe.each([
  ['a few declared values', [] as Row[]],
  ['many declared values', Array.from({ length: 30 }, (_, i) => ({ user_id: `other-${i}` }))],
])('the working set with %s', (_name, padding) => {
  const set = () => new TableWorkingSet('claim_events', description, stored);

  it('finds a declared row by its key, ids compared whatever their case, numbers whatever their type', () => {
    const rows = set();
    rows.declare([{ claim_id: CLAIM }, ...padding]);
    expect(rows.get({ claim_id: CLAIM, seq: '2' })).toMatchObject({ status: 'approved' });
    expect(rows.where({ claim_id: CLAIM }).map((r) => r.seq)).toEqual([1, 2]);
  });

  it('refuses a row the event did not declare, and a null value is never declared', () => {
    const rows = set();
    rows.declare([{ user_id: 'u1', status: null }, ...padding]);
    expect(() => rows.get({ claim_id: '00000000-0000-4000-8000-000000000002', seq: 1 })).toThrow(UndeclaredRowError);
    expect(() => rows.where({ status: null })).toThrow(UndeclaredRowError);
    // Found through a declared value of its own (the owner), the row may be used by its key.
    expect(rows.get({ claim_id: CLAIM, seq: 1 })).toMatchObject({ user_id: 'u1' });
  });

  it('a declared value of another column does not stand for this one', () => {
    const rows = set();
    rows.declare([{ user_id: CLAIM.toLowerCase() }, ...padding]);
    expect(() => rows.where({ claim_id: CLAIM })).toThrow(UndeclaredRowError);
  });

  it('declaring a column the table does not have fails at once', () => {
    expect(() => set().declare([...padding, { nope: 'x' }])).toThrow('claim_events has no column nope.');
  });

  it('what the fold put and deleted comes out as the changes, keys of several columns told apart', () => {
    const rows = set();
    rows.declare([{ claim_id: CLAIM }, { user_id: 'u2' }, ...padding]);
    rows.put({ claim_id: CLAIM, seq: 3, user_id: 'u1', status: 'denied' });
    rows.put({ ...rows.get({ claim_id: CLAIM, seq: 1 })!, status: 'closed' });
    rows.delete({ claim_id: '00000000-0000-4000-8000-000000000002', seq: 1 });
    const { upserts, deletes, replaced } = rows.changes();
    expect(upserts.map((r) => [r.seq, r.status])).toEqual([
      [3, 'denied'],
      [1, 'closed'],
    ]);
    expect(replaced.map((r) => r.status)).toEqual(['submitted']);
    expect(deletes.map((r) => r.user_id)).toEqual(['u2']);
  });
});

import { PostgresEventStore, START, eventStoreMigrations, migrate, type GlobalPosition } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { checkpointWaiter } from './checkpointWait';

describe('read-your-writes from another process (checkpointWaiter)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const setCheckpoint = (name: string, position: GlobalPosition) =>
    db.knex.raw(
      `insert into subscription_checkpoints (name, tx_id, seq) values (?, ?::xid8, ?)
       on conflict (name) do update set tx_id = excluded.tx_id, seq = excluded.seq`,
      [name, position.txId.toString(), position.seq.toString()],
    );
  // Timeout 0: the answer is the first look, so each case says whether it waits at all.
  const passesAtOnce = (wait: ReturnType<typeof checkpointWaiter>, position: GlobalPosition, only: string[]) =>
    wait(position, 0, only).then(
      () => true,
      () => false,
    );

  beforeEach(async () => {
    db = await createTestDatabase('cpwait');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex });
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  it('counts a projector as passed when only events of types it does not handle lie between its checkpoint and the position', async () => {
    const wait = checkpointWaiter(db.knex, [
      { name: 'projection:claims:v1', types: ['ClaimFiled'] },
      { name: 'projection:profiles:v1', types: ['UserProfileUpdated'] },
    ]);
    await setCheckpoint('projection:claims:v1', START);
    await setCheckpoint('projection:profiles:v1', START);
    const { position } = await store.appendToStream('claim-1', [{ type: 'ClaimFiled', data: {} }], { expectedVersion: 'no_stream' });

    expect(await passesAtOnce(wait, position, ['projection:profiles:v1'])).toBe(true);
    expect(await passesAtOnce(wait, position, ['projection:claims:v1'])).toBe(false);
    expect(await passesAtOnce(wait, position, ['projection:claims:v1', 'projection:profiles:v1'])).toBe(false);

    await setCheckpoint('projection:claims:v1', position);
    expect(await passesAtOnce(wait, position, ['projection:claims:v1', 'projection:profiles:v1'])).toBe(true);
  });

  it('does not count a projector without a checkpoint row', async () => {
    const wait = checkpointWaiter(db.knex, [{ name: 'projection:claims:v1', types: ['ClaimFiled'] }]);
    const { position } = await store.appendToStream('other-1', [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
    expect(await passesAtOnce(wait, position, ['projection:claims:v1'])).toBe(false);
  });
});

import type { Knex } from 'knex';
import type { StreamSnapshot } from './types';

/**
 * Stream snapshots live in PostgreSQL whatever the event store is: they are a cache of folded
 * state, rebuilt from the events at will, and PostgreSQL's upsert gives "newest version wins".
 */
export async function readSnapshotRow(knex: Knex, streamId: string): Promise<StreamSnapshot | undefined> {
  const row = await knex('stream_snapshots').where({ stream_id: streamId }).first('name', 'version', 'state');
  return row ? { name: row.name, version: row.version, state: row.state } : undefined;
}

export async function writeSnapshotRow(knex: Knex, streamId: string, snapshot: StreamSnapshot): Promise<void> {
  // Concurrent commands may each write one; the newest version wins, and a new shape replaces an old one.
  await knex.raw(
    `insert into stream_snapshots (stream_id, name, version, state) values (?, ?, ?, ?::jsonb)
     on conflict (stream_id) do update set name = excluded.name, version = excluded.version, state = excluded.state, taken_at = now()
     where stream_snapshots.name <> excluded.name or stream_snapshots.version < excluded.version`,
    [streamId, snapshot.name, snapshot.version, JSON.stringify(snapshot.state)],
  );
}

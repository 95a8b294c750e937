/**
 * Copies of one veteran, written in bulk: a store of thousands of veterans in minutes instead of the
 * hours a replay through the projectors takes today. The template is a real veteran whose history
 * was made through the HTTP API and whose read-model rows the real projectors built; a copy is that
 * history and those rows again with every id of the veteran's (user, claims, documents, events,
 * notes, correlations) replaced by a fresh one, the e-mail address made unique, and each row's
 * event position pointing at its copied event. So every copied row has exactly the shape the
 * projectors give it, and the store's events and read models agree as after a real projection.
 *
 * What is not copied: the command side's own tables (accounts and passwords, snapshots), so copies
 * cannot sign in; they exist to make the tables large, and the measured veteran is the template.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

interface TemplateEvent {
  /** The event as a JSON row of `events`, without its position. */
  json: string;
  eventId: string;
}

interface TemplateTable {
  table: string;
  rows: string[];
  /** Rows that carry an event position (`position_tx`, `position_seq`): index → the event's id. */
  positioned: Map<number, string>;
}

export interface VeteranTemplate {
  userId: string;
  email: string;
  /** Every id that is the veteran's: replaced by a fresh one in each copy. */
  ids: ReadonlySet<string>;
  events: TemplateEvent[];
  tables: TemplateTable[];
}

const textOf = (rows: { row: string }[]) => rows.map((r) => r.row);

/**
 * Reads one veteran's events and rows of `tables` (plus their personal-data key) as they stand now.
 * A row belongs to the veteran when it names one of the ids of the veteran's events; the ids of
 * every other user (staff who acted on the veteran's claims) are kept as they are in copies.
 */
export async function readTemplate(knex: Knex, userId: string, tables: readonly string[]): Promise<VeteranTemplate> {
  const profile = await knex('user_profiles').where({ user_id: userId }).first('email');
  if (!profile) throw new Error(`no profile for the template veteran ${userId}`);
  const { rows: events } = await knex.raw(
    `select event_id, transaction_id::text as tx, global_position::text as seq,
            jsonb_build_object('event_id', event_id, 'stream_id', stream_id, 'stream_version', stream_version, 'type', type,
                               'schema_version', schema_version, 'data', data, 'metadata', metadata, 'created_at', created_at)::text as row
     from events
     where stream_id like '%' || ? || '%' or data->>'userId' = ? or metadata->>'userId' = ?
     order by transaction_id, global_position`,
    [userId, userId, userId],
  );
  const others = new Set(
    ((await knex('user_profiles').whereNot({ user_id: userId }).select('user_id')) as { user_id: string }[]).map((r) => r.user_id),
  );
  const ids = new Set<string>();
  for (const e of events as { row: string }[]) for (const id of e.row.match(UUID) ?? []) if (!others.has(id)) ids.add(id);
  const byPosition = new Map((events as { event_id: string; tx: string; seq: string }[]).map((e) => [`${e.tx}:${e.seq}`, e.event_id]));
  const mine = (row: string) => (row.match(UUID) ?? []).some((id) => ids.has(id));

  const copied: TemplateTable[] = [];
  for (const table of [...tables, 'personal_data_keys']) {
    const { rows } = await knex.raw(`select to_jsonb(t)::text as row from ${table} t`);
    const owned = textOf(rows).filter(mine);
    const positioned = new Map<number, string>();
    owned.forEach((row, index) => {
      const { position_tx: tx, position_seq: seq } = JSON.parse(row) as { position_tx?: string; position_seq?: number | string };
      if (tx === undefined || seq === undefined) return;
      const eventId = byPosition.get(`${tx}:${seq}`);
      if (!eventId) throw new Error(`${table}: a row's position ${tx}:${seq} is not one of the template's events`);
      positioned.set(index, eventId);
    });
    if (owned.length > 0) copied.push({ table, rows: owned, positioned });
  }
  // Ids that only rows name (a projector's own keys) are the veteran's too.
  for (const t of copied) for (const row of t.rows) for (const id of row.match(UUID) ?? []) if (!others.has(id)) ids.add(id);
  return {
    userId,
    email: profile.email,
    ids,
    events: (events as { event_id: string; row: string }[]).map((e) => ({ json: e.row, eventId: e.event_id })),
    tables: copied,
  };
}

/** The template's text with its ids and e-mail replaced for copy `n`: one fresh id per template id. */
function copier(template: VeteranTemplate, n: number) {
  const { ids } = template;
  const fresh = new Map<string, string>();
  const [local, domain] = template.email.split('@');
  const email = `${local}+copy${n}@${domain}`;
  const idOf = (id: string) => {
    let next = fresh.get(id);
    if (!next) fresh.set(id, (next = randomUUID()));
    return next;
  };
  return {
    idOf,
    rewrite: (text: string) =>
      text
        .replace(UUID, (id) => (ids.has(id) ? idOf(id) : id))
        .split(template.email)
        .join(email),
  };
}

/**
 * Writes `copies` copies of the template, `perBatch` veterans per transaction: the events by one
 * multi-row insert each (their positions come from the store's own defaults, read back), then each
 * table's rows by one multi-row insert. Returns the events and rows written.
 */
export async function writeCopies(
  knex: Knex,
  template: VeteranTemplate,
  copies: number,
  options: { perBatch?: number; onProgress?: (veterans: number, events: number) => void } = {},
): Promise<{ events: number; rows: number }> {
  const perBatch = options.perBatch ?? 100;
  let events = 0;
  let rows = 0;
  for (let done = 0; done < copies; done += perBatch) {
    const batch = Array.from({ length: Math.min(perBatch, copies - done) }, (_, i) => copier(template, done + i + 1));
    await knex.transaction(async (trx) => {
      const eventRows = batch.flatMap((c) => template.events.map((e) => c.rewrite(e.json)));
      const { rows: positions } = await trx.raw(
        `insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at)
         select event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at
         from jsonb_populate_recordset(null::events, ?::jsonb)
         returning event_id::text, transaction_id::text as tx, global_position::text as seq`,
        [`[${eventRows.join(',')}]`],
      );
      await trx.raw(
        `insert into event_streams (stream_id, version)
         select stream_id, max(stream_version) from jsonb_populate_recordset(null::events, ?::jsonb) group by stream_id`,
        [`[${eventRows.join(',')}]`],
      );
      const at = new Map((positions as { event_id: string; tx: string; seq: string }[]).map((p) => [p.event_id, p]));
      events += positions.length;
      for (const { table, rows: templateRows, positioned } of template.tables) {
        const copied = batch.flatMap((c) =>
          templateRows.map((row, index) => {
            const text = c.rewrite(row);
            const eventId = positioned.get(index);
            if (!eventId) return text;
            const position = at.get(c.idOf(eventId))!;
            return JSON.stringify({ ...JSON.parse(text), position_tx: position.tx, position_seq: position.seq });
          }),
        );
        await trx.raw(`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ?::jsonb)`, [`[${copied.join(',')}]`]);
        rows += copied.length;
      }
    });
    options.onProgress?.(done + batch.length, events);
  }
  return { events, rows };
}

/**
 * Moves every subscriber to the store's head, with the app stopped after it caught up: the copies'
 * read-model rows are already written, so no projector, worker or notifier may act on their events
 * again (a worker would send mail for a copied status change).
 */
export async function skipSubscribersToHead(knex: Knex): Promise<number> {
  const { rowCount } = await knex.raw(
    `update subscription_checkpoints c set tx_id = h.transaction_id, seq = h.global_position, updated_at = now()
     from (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1) h`,
  );
  return rowCount ?? 0;
}

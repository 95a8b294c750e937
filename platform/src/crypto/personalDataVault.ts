import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import type { SealedData } from '@cc/contracts';
import { deadCopyMigrations } from '../db/deadCopies';
import type { Migration } from '../db/migrations';
import { forgetShared, sharedPlaintext, shareOpened } from './sharedOpens';

export const personalDataMigrations: Migration[] = [
  {
    name: '0002_personal_data_keys',
    async up(knex) {
      await knex.schema.createTable('personal_data_keys', (t) => {
        t.text('subject_id').primary();
        t.binary('key').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
  },
  {
    name: '0003_personal_data_erasure',
    async up(knex) {
      // An erased subject keeps a row without a key (a tombstone), so nothing can seal new data for it.
      await knex.raw('alter table personal_data_keys alter column key drop not null, add column erased_at timestamptz');
    },
  },
  ...deadCopyMigrations,
];

/** Sealing data for a subject whose key was erased: the account is gone, and nothing new may be kept for it. */
export class PersonalDataErasedError extends Error {
  constructor(readonly subjectId: string) {
    super('This account has been deleted.');
    this.name = 'PersonalDataErasedError';
  }
}

/** How long a process trusts a key it read: an erasure elsewhere reaches it by then at the latest. */
export const KEY_CACHE_MS = 2_000;

/** Most keys a vault keeps in memory at once. */
export const KEYS_KEPT = 10_000;

/** The channel on which an erasure tells every process (`NOTIFY`, sent in the erasing transaction). */
const ERASURE_CHANNEL = 'personal_data_erased';

export interface PersonalDataVaultOptions {
  /**
   * The database to LISTEN on for erasures made by other processes, so this one drops the key at
   * once (and cuts transfers under way for that person). Without it, only the cache bound applies.
   */
  connectionString?: string;
  /** How long a key read from the database is trusted (default {@link KEY_CACHE_MS}). */
  cacheMs?: number;
  /** Reports a lost LISTEN connection (it is made again). */
  onListenError?: (error: unknown) => void;
}

/**
 * Crypto-shredding for personal data in events (docs/decisions/privacy-and-erasure.md): each person's data is sealed
 * with their own AES-256-GCM key. Events stay immutable; erasing the key makes the data unreadable.
 * Production should wrap these keys with a KMS key; here they live in the database.
 *
 * Every process has its own vault and cache of keys, so an erasure must reach them all: it sends a
 * `NOTIFY` in its own transaction, every vault that LISTENs drops the key when it arrives (and tells
 * whoever asked through `onErased`; a vault whose LISTEN was down looks the erasures up when it is
 * back), and no vault trusts a cached key for longer than `cacheMs` anyway (a lost notification, a
 * LISTEN connection down). So `cacheMs` after `erase` returns, no
 * process seals or opens anything with that key again: `forgottenEverywhere()` waits that long.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, { key: Buffer; until: number }>();
  private readonly erasureListeners = new Map<string, Set<() => void>>();
  private readonly cacheMs: number;
  private listener: pg.Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly knex: Knex,
    private readonly options: PersonalDataVaultOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? KEY_CACHE_MS;
    if (options.connectionString) void this.listen();
  }

  private async key(subjectId: string, create: boolean): Promise<Buffer | undefined> {
    const cached = this.cache.get(subjectId);
    if (cached && cached.until > Date.now()) return cached.key;
    // Read before the query: an erasure committed while it runs is noticed by the next read at the latest.
    const until = Date.now() + this.cacheMs;
    const row = create ? await this.createOrRead(subjectId) : await this.read(subjectId);
    if (!row) return undefined;
    if (!row.key) {
      this.cache.delete(subjectId);
      if (create) throw new PersonalDataErasedError(subjectId);
      return undefined;
    }
    this.makeRoom(1);
    this.remember(subjectId, row.key, until);
    return row.key;
  }

  /**
   * Room for `coming` more keys within {@link KEYS_KEPT}: expired keys go first, then the oldest read.
   * Clearing every key instead made a rebuild over more owners than that read, one at a time, the
   * keys of the page it was folding.
   */
  private makeRoom(coming: number): void {
    if (this.cache.size + coming <= KEYS_KEPT) return;
    const now = Date.now();
    for (const [subjectId, entry] of this.cache) if (entry.until <= now) this.cache.delete(subjectId);
    // A Map iterates in insertion order, and `remember` moves a key read again to the end.
    for (const subjectId of this.cache.keys()) {
      if (this.cache.size + coming <= KEYS_KEPT) break;
      this.cache.delete(subjectId);
    }
  }

  private remember(subjectId: string, key: Buffer, until: number): void {
    this.cache.delete(subjectId);
    this.cache.set(subjectId, { key, until });
  }

  private read(subjectId: string): Promise<{ key: Buffer | null } | undefined> {
    return this.knex('personal_data_keys').where({ subject_id: subjectId }).first('key');
  }

  /**
   * The subject's key, made if there is none, in one statement: the new key the insert returns, or
   * the row already there (a tombstone too, which the insert leaves alone). A row another
   * transaction committed while the insert waited for it is not in the statement's snapshot: it
   * is read again then.
   */
  private async createOrRead(subjectId: string): Promise<{ key: Buffer | null } | undefined> {
    const { rows } = (await this.knex.raw(
      `with made as (insert into personal_data_keys (subject_id, key) values (?, ?) on conflict (subject_id) do nothing returning key)
       select key from made union all select key from personal_data_keys where subject_id = ? limit 1`,
      [subjectId, randomBytes(32), subjectId],
    )) as { rows: { key: Buffer | null }[] };
    return rows[0] ?? (await this.read(subjectId));
  }

  /**
   * Reads the keys of these subjects into the cache with one query, so the opens that follow (a
   * projector's batch of many people's events) need none each. Same bound as `key`: read before the
   * query, an erasure committed meanwhile is noticed within `cacheMs`.
   */
  async preload(subjectIds: Iterable<string | undefined>): Promise<void> {
    const now = Date.now();
    const missing = [...new Set(subjectIds)].filter((id): id is string => Boolean(id) && !((this.cache.get(id!)?.until ?? 0) > now));
    if (missing.length === 0) return;
    const until = now + this.cacheMs;
    const rows: { subject_id: string; key: Buffer | null }[] = await this.knex('personal_data_keys')
      .whereRaw('subject_id = any(?::text[])', [missing])
      .select('subject_id', 'key');
    this.makeRoom(rows.length);
    for (const row of rows) if (row.key) this.remember(row.subject_id, row.key, until);
  }

  /** Throws {@link PersonalDataErasedError} for a subject whose key was erased. */
  async seal(subjectId: string, value: unknown): Promise<SealedData> {
    const key = (await this.key(subjectId, true))!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return { alg: 'A256GCM', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /**
   * The sealed value, or undefined when the subject's key has been erased. Inside `sharingOpens`
   * (sharedOpens.ts) a value already opened there is not deciphered again; each caller still gets
   * its own copy.
   */
  async open<T>(subjectId: string, sealed: SealedData): Promise<T | undefined> {
    const shared = sharedPlaintext(this, subjectId, sealed);
    if (shared !== undefined) return JSON.parse(shared) as T;
    const key = await this.key(subjectId, false);
    if (!key) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plaintext = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    shareOpened(this, subjectId, sealed, plaintext, this.cache.get(subjectId)?.until ?? 0);
    return JSON.parse(plaintext) as T;
  }

  /**
   * Destroys the subject's key (crypto-shredding): every value sealed for it becomes unreadable, and
   * the tombstone left in its place refuses to seal anything new. Every process is told in the same
   * transaction (`NOTIFY`, delivered when it commits). Idempotent.
   */
  async erase(subjectId: string): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('personal_data_keys')
        .insert({ subject_id: subjectId, key: null, erased_at: trx.fn.now() })
        .onConflict('subject_id')
        .merge({ key: null, erased_at: trx.raw('coalesce(personal_data_keys.erased_at, now())') });
      await trx.raw('select pg_notify(?, ?)', [ERASURE_CHANNEL, subjectId]);
    });
    this.forget(subjectId);
  }

  /** Resolves once no process can still be using a key erased before the call (the cache bound). */
  async forgottenEverywhere(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.cacheMs));
  }

  /**
   * Calls `listener` when the subject's key is erased, in this process or in another (heard while
   * this vault LISTENs, and looked up each time its LISTEN comes up, for the erasures made while it
   * was not); answers how to stop listening. A transfer under way for someone uses it to stop. The
   * listener may be called more than once for one erasure.
   */
  onErased(subjectId: string, listener: () => void): () => void {
    let listeners = this.erasureListeners.get(subjectId);
    if (!listeners) this.erasureListeners.set(subjectId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.erasureListeners.get(subjectId) === listeners) this.erasureListeners.delete(subjectId);
    };
  }

  async isErased(subjectId: string): Promise<boolean> {
    const row = await this.knex('personal_data_keys').where({ subject_id: subjectId }).first('key', 'erased_at');
    return Boolean(row && !row.key && row.erased_at);
  }

  /** Stops listening for erasures. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private forget(subjectId: string): void {
    this.cache.delete(subjectId);
    forgetShared(subjectId);
    for (const listener of [...(this.erasureListeners.get(subjectId) ?? [])]) listener();
  }

  /**
   * After LISTEN is up, any erasure not heard is one made before: asked of the keys' table. Through
   * the pool, so that the LISTEN connection sends nothing but its LISTEN, which is how
   * `pg_stat_activity` shows a listening vault (to an operator, and to the tests).
   */
  private async tellErasedMeanwhile(): Promise<void> {
    const waiting = [...this.erasureListeners.keys()];
    if (waiting.length === 0) return;
    const rows: { subject_id: string }[] = await this.knex('personal_data_keys')
      .whereRaw('subject_id = any(?::text[])', [waiting])
      .whereNull('key')
      .select('subject_id');
    for (const { subject_id: subjectId } of rows) this.forget(subjectId);
  }

  /**
   * One LISTEN connection per vault. While it is down, erasures made elsewhere are missed, so every
   * cached key is dropped when it comes back (the cache bound covers the time between), and whoever
   * waits on a person's erasure is told of one made meanwhile.
   */
  private async listen(attempt = 0): Promise<void> {
    if (this.listener || this.closed) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    this.listener = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) this.options.onListenError?.(error);
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      clearTimeout(this.listenRetry);
      this.listenRetry = setTimeout(() => void this.listen(attempt + 1), Math.min(100 * 2 ** attempt, 5000));
      this.listenRetry.unref();
    };
    client.on('notification', (message) => {
      if (message.channel === ERASURE_CHANNEL && message.payload) this.forget(message.payload);
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${ERASURE_CHANNEL}`);
      attempt = 0;
      this.cache.clear();
      await this.tellErasedMeanwhile();
    } catch (error) {
      onLost(error);
    }
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SealedData } from '@cc/contracts';
import type { Migration } from '../db/migrations';

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
];

/** Sealing data for a subject whose key was erased: the account is gone, and nothing new may be kept for it. */
export class PersonalDataErasedError extends Error {
  constructor(readonly subjectId: string) {
    super('This account has been deleted.');
    this.name = 'PersonalDataErasedError';
  }
}

/**
 * Crypto-shredding for personal data in events (ARCHITECTURE §5): each person's data is sealed with
 * their own AES-256-GCM key. Events stay immutable; erasing the key makes the data unreadable.
 * Production should wrap these keys with a KMS key; here they live in the database.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly knex: Knex) {}

  private async key(subjectId: string, create: boolean): Promise<Buffer | undefined> {
    const cached = this.cache.get(subjectId);
    if (cached) return cached;
    if (create) {
      await this.knex('personal_data_keys').insert({ subject_id: subjectId, key: randomBytes(32) }).onConflict('subject_id').ignore();
    }
    const row = await this.knex('personal_data_keys').where({ subject_id: subjectId }).first('key');
    if (!row) return undefined;
    if (!row.key) {
      if (create) throw new PersonalDataErasedError(subjectId);
      return undefined;
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(subjectId, row.key);
    return row.key;
  }

  /** Throws {@link PersonalDataErasedError} for a subject whose key was erased. */
  async seal(subjectId: string, value: unknown): Promise<SealedData> {
    const key = (await this.key(subjectId, true))!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return { alg: 'A256GCM', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** The sealed value, or undefined when the subject's key has been erased. */
  async open<T>(subjectId: string, sealed: SealedData): Promise<T | undefined> {
    const key = await this.key(subjectId, false);
    if (!key) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }

  /**
   * Destroys the subject's key (crypto-shredding): every value sealed for it becomes unreadable, and
   * the tombstone left in its place refuses to seal anything new. Idempotent. Another process's
   * cache may hold the key until it restarts; every process of this app shares the one in-process
   * cache today.
   */
  async erase(subjectId: string): Promise<void> {
    this.cache.delete(subjectId);
    await this.knex('personal_data_keys')
      .insert({ subject_id: subjectId, key: null, erased_at: this.knex.fn.now() })
      .onConflict('subject_id')
      .merge({ key: null, erased_at: this.knex.raw('coalesce(personal_data_keys.erased_at, now())') });
  }

  async isErased(subjectId: string): Promise<boolean> {
    const row = await this.knex('personal_data_keys').where({ subject_id: subjectId }).first('key', 'erased_at');
    return Boolean(row && !row.key && row.erased_at);
  }
}

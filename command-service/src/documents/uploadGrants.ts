import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  DOCUMENT_MESSAGES,
  MAX_OPEN_UPLOAD_ADDRESSES,
  UPLOAD_PATH_PREFIX,
  UPLOAD_TRANSFER_LIMIT_MS,
  UPLOAD_URL_TTL_SECONDS,
} from '@cc/contracts';
import { problems, type ObjectStorage } from '@cc/platform';

/** Every upload address is a path on the gateway, which streams the file into storage within the size limit. */
export const UPLOAD_PREFIX = UPLOAD_PATH_PREFIX;

/** A transfer that started before its address expired is cut off this long after it started (by default). */
export { UPLOAD_TRANSFER_LIMIT_MS };

/** A registration takes seconds; one still marked after this long was interrupted (a crash). */
const REGISTRATION_LIMIT_MS = 60 * 60_000;

/** Grants removed per sweep, so one sweep never holds the database long. */
const SWEEP_BATCH = 500;

export interface UploadGrant {
  id: string;
  userId: string;
  objectKey: string;
  uploadUrl: string;
  expiresAt: Date;
  uploadedAt: Date | null;
  registeredAt: Date | null;
}

interface GrantRow {
  id: string;
  user_id: string;
  object_key: string;
  upload_url: string;
  expires_at: Date;
  uploaded_at: Date | null;
  registered_at: Date | null;
}

const toGrant = (row: GrantRow): UploadGrant => ({
  id: row.id,
  userId: row.user_id,
  objectKey: row.object_key,
  uploadUrl: row.upload_url,
  expiresAt: row.expires_at,
  uploadedAt: row.uploaded_at,
  registeredAt: row.registered_at,
});

/**
 * Upload addresses. Each is a gateway path carrying a token signed with a key kept in the database
 * (so addresses survive a restart), bound to the user who asked, and takes one file. Its life:
 * - issued: at most MAX_OPEN_UPLOAD_ADDRESSES unused ones per user (the next is a 429 saying when
 *   the oldest expires), each valid for UPLOAD_URL_TTL_SECONDS;
 * - used: a transfer must start before the address expires and is cut off after
 *   `transferLimitMs`; registration is possible until the address *ends*, that long after
 *   it expired; after its end nothing can use it any more;
 * - swept: an ended address that was never registered is deleted with its object, by a periodic
 *   `sweep()`. Since nothing can use an ended address, the sweep never races a transfer or a
 *   registration.
 * The clock is injected so all of this is tested without waiting.
 */
export function uploadGrants(knex: Knex, storage: ObjectStorage, options: { now?: () => Date; transferLimitMs?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const transferLimitMs = options.transferLimitMs ?? UPLOAD_TRANSFER_LIMIT_MS;
  let signingKey: Promise<Buffer> | undefined;
  const key = () =>
    (signingKey ??= (async () => {
      await knex('signing_keys')
        .insert({ name: 'uploads', key: randomBytes(32) })
        .onConflict('name')
        .ignore();
      return (await knex('signing_keys').where({ name: 'uploads' }).first('key')).key as Buffer;
    })());
  const sign = async (grantId: string, userId: string) =>
    createHmac('sha256', await key())
      .update(`${grantId}:${userId}`)
      .digest('base64url');
  /** Addresses that expired before this can no longer be registered: they have ended. */
  const endedBefore = () => new Date(now().getTime() - transferLimitMs);

  return {
    /** How long a transfer may run; the upload route cuts it off then, which is what makes the sweep safe. */
    transferLimitMs,

    async create(userId: string): Promise<UploadGrant> {
      const id = randomUUID();
      const objectKey = `users/${userId}/${id}`;
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
      const uploadUrl = `${UPLOAD_PREFIX}${id}.${await sign(id, userId)}`;
      await knex.transaction(async (trx) => {
        // Serialises this user's requests, so simultaneous ones cannot pass the limit together.
        await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`upload-grants:${userId}`]);
        const open = await trx('upload_grants')
          .where({ user_id: userId })
          .whereNull('registered_at')
          .andWhere('expires_at', '>', issuedAt)
          .orderBy('expires_at')
          .select('expires_at');
        if (open.length >= MAX_OPEN_UPLOAD_ADDRESSES) {
          const waitMs = (open[0].expires_at as Date).getTime() - issuedAt.getTime();
          throw problems.tooManyRequests(
            DOCUMENT_MESSAGES.tooManyAddresses(MAX_OPEN_UPLOAD_ADDRESSES),
            Math.max(1, Math.ceil(waitMs / 1000)),
          );
        }
        await trx('upload_grants').insert({ id, user_id: userId, object_key: objectKey, upload_url: uploadUrl, expires_at: expiresAt });
      });
      return { id, userId, objectKey, uploadUrl, expiresAt, uploadedAt: null, registeredAt: null };
    },

    /**
     * Takes the grant for a transfer: the token must be authentic, for this user, unexpired, unused
     * and not held by a registration (one looking for the file, or done with it). Marking it used in
     * the same statement makes a second use fail even when simultaneous.
     */
    async claimForUpload(userId: string, token: string): Promise<UploadGrant | undefined> {
      const [id, signature] = token.split('.');
      if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
      const expected = Buffer.from(await sign(id, userId));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const rows = await knex('upload_grants')
        .where({ id, user_id: userId })
        .whereNull('uploaded_at')
        .whereNull('registered_at')
        .andWhere('expires_at', '>', now())
        .update({ uploaded_at: now() })
        .returning('*');
      return rows[0] ? toGrant(rows[0]) : undefined;
    },

    /** The user's address, until it ends. */
    async forRegistration(userId: string, uploadUrl: string): Promise<UploadGrant | undefined> {
      const row = await knex('upload_grants')
        .where({ user_id: userId, upload_url: uploadUrl })
        .andWhere('expires_at', '>', endedBefore())
        .first();
      return row ? toGrant(row) : undefined;
    },

    /** Marks the grant registered; false when another registration got there first, or it has ended. */
    async markRegistered(grantId: string): Promise<boolean> {
      const count = await knex('upload_grants')
        .where({ id: grantId })
        .whereNull('registered_at')
        .andWhere('expires_at', '>', endedBefore())
        .update({ registered_at: now() });
      return count === 1;
    },

    async release(grantId: string): Promise<void> {
      await knex('upload_grants').where({ id: grantId }).update({ registered_at: null });
    },

    /**
     * A transfer that failed (cut off, broken, refused by storage) gives its address back, so the
     * same address takes the file again: a slow link that fails now and then must not use up the
     * user's addresses. Storage keeps nothing of a failed put, so there is nothing to remove.
     * Given back even while a registration holds the address (the user registered before the cut
     * transfer had failed): that registration finds no file and lets go, and a transfer claim it left
     * behind would hold the address until it ends. A new transfer waits for the registration anyway.
     */
    async releaseTransfer(grantId: string): Promise<void> {
      await knex('upload_grants').where({ id: grantId }).update({ uploaded_at: null });
    },

    /**
     * Deletes ended addresses that were never registered, object first, then the row (an object
     * that cannot be deleted keeps its row for the next sweep); also the rows of registrations
     * interrupted long ago. A registered address's object was already moved away; deleting a
     * missing object is not an error. Says how many addresses went, and how many stay because
     * their object could not be deleted (with the last reason).
     */
    async sweep(): Promise<{ removed: number; kept: number; lastError?: unknown }> {
      const ended = endedBefore();
      const interrupted = new Date(now().getTime() - REGISTRATION_LIMIT_MS);
      const sweepable = (query: Knex.QueryBuilder) =>
        query.where('expires_at', '<=', ended).andWhere((q) => q.whereNull('registered_at').orWhere('registered_at', '<', interrupted));
      const rows: { id: string; object_key: string }[] = await sweepable(knex('upload_grants'))
        .orderBy('expires_at')
        .limit(SWEEP_BATCH)
        .select('id', 'object_key');
      const result: { removed: number; kept: number; lastError?: unknown } = { removed: 0, kept: 0 };
      for (const row of rows) {
        try {
          await storage.delete(row.object_key);
        } catch (error) {
          result.kept += 1;
          result.lastError = error;
          continue;
        }
        result.removed += await sweepable(knex('upload_grants').where({ id: row.id })).del();
      }
      return result;
    },
  };
}

export type UploadGrants = ReturnType<typeof uploadGrants>;

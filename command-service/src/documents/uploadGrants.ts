import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { UPLOAD_URL_TTL_SECONDS } from '@cc/contracts';
import type { ObjectStorage } from '@cc/platform';

export const LOCAL_UPLOAD_PREFIX = '/api/objects/upload/';

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
 * Upload addresses: each is bound to the user who asked, expires after 15 minutes and takes one
 * file. With S3 the address is a presigned PUT; with local storage it is a gateway path carrying a
 * token signed with a key kept in the database (so addresses survive a restart).
 */
export function uploadGrants(knex: Knex, storage: ObjectStorage, now: () => Date = () => new Date()) {
  let signingKey: Promise<Buffer> | undefined;
  const key = () =>
    (signingKey ??= (async () => {
      await knex('signing_keys').insert({ name: 'uploads', key: randomBytes(32) }).onConflict('name').ignore();
      return (await knex('signing_keys').where({ name: 'uploads' }).first('key')).key as Buffer;
    })());
  const sign = async (grantId: string, userId: string) => createHmac('sha256', await key()).update(`${grantId}:${userId}`).digest('base64url');

  return {
    async create(userId: string): Promise<UploadGrant> {
      const id = randomUUID();
      const objectKey = `users/${userId}/${id}`;
      const expiresAt = new Date(now().getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
      const uploadUrl = storage.presignedPutUrl
        ? await storage.presignedPutUrl(objectKey, { expiresInSeconds: UPLOAD_URL_TTL_SECONDS })
        : `${LOCAL_UPLOAD_PREFIX}${id}.${await sign(id, userId)}`;
      await knex('upload_grants').insert({ id, user_id: userId, object_key: objectKey, upload_url: uploadUrl, expires_at: expiresAt });
      return { id, userId, objectKey, uploadUrl, expiresAt, uploadedAt: null, registeredAt: null };
    },

    /**
     * Takes the grant for a local upload: the token must be authentic, for this user, unexpired and
     * unused. Marking it used in the same statement makes a second use fail even when simultaneous.
     */
    async claimLocal(userId: string, token: string): Promise<UploadGrant | undefined> {
      const [id, signature] = token.split('.');
      if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
      const expected = Buffer.from(await sign(id, userId));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const rows = await knex('upload_grants')
        .where({ id, user_id: userId })
        .whereNull('uploaded_at')
        .andWhere('expires_at', '>', now())
        .update({ uploaded_at: now() })
        .returning('*');
      return rows[0] ? toGrant(rows[0]) : undefined;
    },

    async forRegistration(userId: string, uploadUrl: string): Promise<UploadGrant | undefined> {
      const row = await knex('upload_grants').where({ user_id: userId, upload_url: uploadUrl }).first();
      return row ? toGrant(row) : undefined;
    },

    /** Marks the grant registered; false when another registration got there first. */
    async markRegistered(grantId: string): Promise<boolean> {
      const count = await knex('upload_grants').where({ id: grantId }).whereNull('registered_at').update({ registered_at: now() });
      return count === 1;
    },

    async release(grantId: string): Promise<void> {
      await knex('upload_grants').where({ id: grantId }).update({ registered_at: null });
    },
  };
}

export type UploadGrants = ReturnType<typeof uploadGrants>;

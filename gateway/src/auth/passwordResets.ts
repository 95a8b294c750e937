import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Password reset tokens (docs/decisions/security.md). A token is minted by the notifications worker when it
 * is about to e-mail the link, so it exists in the clear only in that e-mail; the table keeps its
 * SHA-256. A newer token of the same user supersedes the older ones; a token works once, until
 * the request's expiry.
 */
export function passwordResets(knex: Knex) {
  return {
    /** A new token for this request (replacing one minted before for it); older requests' tokens stop working. */
    async mint(request: { requestId: string; userId: string; expiresAt: string }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await knex.transaction(async (trx) => {
        await trx('password_reset_tokens')
          .where({ user_id: request.userId })
          .whereNot({ request_id: request.requestId })
          .whereNull('used_at')
          .update({ used_at: trx.fn.now() });
        await trx('password_reset_tokens')
          .insert({ request_id: request.requestId, user_id: request.userId, token_hash: hashOf(token), expires_at: request.expiresAt })
          .onConflict('request_id')
          .merge({ token_hash: hashOf(token) });
      });
      return token;
    },

    /** The user a usable token belongs to, without using it up. */
    async peek(token: string): Promise<{ requestId: string; userId: string } | undefined> {
      const row = await knex('password_reset_tokens')
        .where({ token_hash: hashOf(token) })
        .whereNull('used_at')
        .andWhere('expires_at', '>', knex.fn.now())
        .first('request_id', 'user_id');
      return row ? { requestId: row.request_id, userId: row.user_id } : undefined;
    },

    /** Uses the token up inside `trx`; false when it was used (or expired) meanwhile. */
    async consume(trx: Knex.Transaction, requestId: string): Promise<boolean> {
      const updated = await trx('password_reset_tokens')
        .where({ request_id: requestId })
        .whereNull('used_at')
        .andWhere('expires_at', '>', trx.fn.now())
        .update({ used_at: trx.fn.now() });
      return updated === 1;
    },

    async forget(userId: string): Promise<void> {
      await knex('password_reset_tokens').where({ user_id: userId }).del();
    },
  };
}

export type PasswordResets = ReturnType<typeof passwordResets>;

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventDataOf, MemberTierName } from '@cc/contracts';
import { problems, type EventMetadata, type GlobalPosition } from '@cc/platform';
import type { UserCommands } from '@cc/command-service';
import { HashQueue } from './hashQueue';
import { DEFAULT_SCRYPT_COST, decoyHash, hashPassword, verifyPassword } from './passwords';

export interface AccountsDeps {
  knex: Knex;
  users: UserCommands;
  scryptCost?: number;
  /** Every hash and verification of this process goes through it. */
  hashes?: HashQueue;
}

export interface NewAccount {
  email: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  memberTier?: MemberTierName;
  oidc?: { issuer: string; subject: string };
  /** What the registration form confirmed (recorded in the UserRegistered event). */
  consent?: EventDataOf<'UserRegistered'>['consent'];
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

const ALREADY_EXISTS = 'An account with this e-mail already exists. Please sign in instead.';

/**
 * Accounts: the sign-in secrets (gateway tables) plus the user's event stream. The e-mail's
 * uniqueness is guarded by the credentials table; if recording the user fails, the credentials row
 * is removed again so the e-mail is free. The tier is whatever the caller decided (Free unless
 * said otherwise): who may become an administrator is decided by the callers, not here.
 */
export function accounts({ knex, users, scryptCost = DEFAULT_SCRYPT_COST, hashes = new HashQueue() }: AccountsDeps) {
  void decoyHash(scryptCost).catch(() => undefined);
  const findByEmail = async (email: string): Promise<string | undefined> => {
    const row = await knex('user_credentials').where({ email: email.toLowerCase() }).first('user_id');
    return row?.user_id;
  };

  return {
    /** `signal`: the request went away, so a hash still waiting for its turn is not worth running. */
    async register(
      account: NewAccount,
      metadata: Partial<EventMetadata>,
      signal?: AbortSignal,
    ): Promise<{ userId: string; position: GlobalPosition }> {
      const userId = randomUUID();
      const email = account.email.toLowerCase();
      // Known addresses are refused before any hash is spent (the answer says so either way).
      if (await findByEmail(email)) throw problems.conflict(ALREADY_EXISTS);
      const password = account.password;
      const passwordHash = password ? await hashes.run('sign-up', () => hashPassword(password, scryptCost), signal) : '!';
      try {
        await knex('user_credentials').insert({ user_id: userId, email, password_hash: passwordHash });
      } catch (error) {
        if (isUniqueViolation(error)) throw problems.conflict(ALREADY_EXISTS);
        throw error;
      }
      try {
        if (account.oidc) {
          await knex('oidc_identities').insert({ issuer: account.oidc.issuer, subject: account.oidc.subject, user_id: userId });
        }
        const result = await users.register(
          {
            userId,
            personal: { email, firstName: account.firstName ?? null, lastName: account.lastName ?? null },
            memberTier: account.memberTier ?? 'free',
            authMethod: account.oidc ? 'oidc' : 'password',
            ...(account.consent ? { consent: account.consent } : {}),
          },
          { ...metadata, userId },
        );
        return { userId, position: result.position! };
      } catch (error) {
        await knex('oidc_identities').where({ user_id: userId }).del();
        await knex('user_credentials').where({ user_id: userId }).del();
        throw error;
      }
    },

    /**
     * The user id for these credentials, or undefined. An unknown address verifies against a decoy
     * hash in the same lane of the same queue, so it costs and waits the same as a known one.
     */
    async verify(email: string, password: string, signal?: AbortSignal): Promise<string | undefined> {
      const row = await knex('user_credentials').where({ email: email.toLowerCase() }).first('user_id', 'password_hash');
      const known = row && row.password_hash !== '!';
      const stored = known ? (row.password_hash as string) : await decoyHash(scryptCost);
      const matches = await hashes.run('sign-in', () => verifyPassword(password, stored), signal);
      return known && matches ? (row.user_id as string) : undefined;
    },

    findByEmail,

    /** Whether `password` is this user's; false for an account without one (OpenID Connect only). */
    async verifyUser(userId: string, password: string, signal?: AbortSignal): Promise<boolean> {
      const row = await knex('user_credentials').where({ user_id: userId }).first('password_hash');
      const known = row && row.password_hash !== '!';
      const stored = known ? (row.password_hash as string) : await decoyHash(scryptCost);
      const matches = await hashes.run('sign-in', () => verifyPassword(password, stored), signal);
      return Boolean(known && matches);
    },

    /** The account's sign-in row: its e-mail and whether it has a password. */
    async credentials(userId: string): Promise<{ email: string; hasPassword: boolean; createdAt: Date } | undefined> {
      const row = await knex('user_credentials').where({ user_id: userId }).first('email', 'password_hash', 'created_at');
      return row ? { email: row.email, hasPassword: row.password_hash !== '!', createdAt: row.created_at } : undefined;
    },

    /** A new password's hash, made in the sign-up lane (a new hash, like a registration). */
    hashNewPassword: (password: string, signal?: AbortSignal) => hashes.run('sign-up', () => hashPassword(password, scryptCost), signal),

    async setPasswordHash(userId: string, passwordHash: string, trx: Knex | Knex.Transaction = knex): Promise<void> {
      await trx('user_credentials').where({ user_id: userId }).update({ password_hash: passwordHash });
    },

    /**
     * Removes the sign-in secrets of an erased account, which frees its e-mail for a new account:
     * credentials, linked identities, and the failed sign-ins counted under its address.
     */
    async forget(userId: string): Promise<void> {
      const row = await knex('user_credentials').where({ user_id: userId }).first('email');
      await knex.transaction(async (trx) => {
        if (row)
          await trx('login_failures')
            .where({ key: `email:${row.email}` })
            .del();
        await trx('oidc_identities').where({ user_id: userId }).del();
        await trx('user_credentials').where({ user_id: userId }).del();
      });
    },
  };
}

export type Accounts = ReturnType<typeof accounts>;

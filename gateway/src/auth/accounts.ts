import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MemberTierName } from '@cc/contracts';
import { problems, type EventMetadata, type GlobalPosition } from '@cc/platform';
import type { UserCommands } from '@cc/command-service';
import { DEFAULT_SCRYPT_COST, decoyHash, hashPassword, verifyPassword } from './passwords';

export interface AccountsDeps {
  knex: Knex;
  users: UserCommands;
  adminEmails: readonly string[];
  scryptCost?: number;
}

export interface NewAccount {
  email: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  memberTier?: MemberTierName;
  oidc?: { issuer: string; subject: string };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/**
 * Accounts: the sign-in secrets (gateway tables) plus the user's event stream. The e-mail's
 * uniqueness is guarded by the credentials table; if recording the user fails, the credentials row
 * is removed again so the e-mail is free.
 */
export function accounts({ knex, users, adminEmails, scryptCost = DEFAULT_SCRYPT_COST }: AccountsDeps) {
  const tierFor = (email: string, requested?: MemberTierName): MemberTierName =>
    adminEmails.includes(email) ? 'administrators' : (requested ?? 'free');

  return {
    async register(account: NewAccount, metadata: Partial<EventMetadata>): Promise<{ userId: string; position: GlobalPosition }> {
      const userId = randomUUID();
      const email = account.email.toLowerCase();
      const passwordHash = account.password ? await hashPassword(account.password, scryptCost) : '!';
      try {
        await knex('user_credentials').insert({ user_id: userId, email, password_hash: passwordHash });
      } catch (error) {
        if (isUniqueViolation(error)) throw problems.conflict('An account with this e-mail already exists. Please sign in instead.');
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
            memberTier: tierFor(email, account.memberTier),
            authMethod: account.oidc ? 'oidc' : 'password',
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

    /** The user id for these credentials, or undefined. Takes the same time whether or not the e-mail exists. */
    async verify(email: string, password: string): Promise<string | undefined> {
      const row = await knex('user_credentials').where({ email: email.toLowerCase() }).first('user_id', 'password_hash');
      if (!row || row.password_hash === '!') {
        await verifyPassword(password, await decoyHash(scryptCost));
        return undefined;
      }
      return (await verifyPassword(password, row.password_hash)) ? row.user_id : undefined;
    },

    async findByEmail(email: string): Promise<string | undefined> {
      const row = await knex('user_credentials').where({ email: email.toLowerCase() }).first('user_id');
      return row?.user_id;
    },
  };
}

export type Accounts = ReturnType<typeof accounts>;

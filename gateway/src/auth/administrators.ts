import type { MemberTierName } from '@cc/contracts';
import { HttpProblem, problems, type GlobalPosition, type Logger } from '@cc/platform';
import type { Accounts } from './accounts';
import { operatorName } from '../admin/operator';

export const RESERVED_FOR_ADMINISTRATOR =
  'This e-mail address is reserved for an administrator and cannot be registered here. If it is yours, the person who runs this Claims Copilot can set up your account.';
export const RESERVED_UNVERIFIED =
  'This e-mail address is reserved for an administrator, and your identity provider has not verified that it is yours, so it cannot be used to sign in here.';

/**
 * Who may become an administrator through ADMIN_EMAILS. Registering never proves that someone owns
 * an address, so a listed address is never given to whoever signs up first: its account is created
 * at start with ADMIN_PASSWORD, or by an identity provider that has verified the address; until then
 * the address is reserved.
 */
export function administratorPolicy(adminEmails: readonly string[]) {
  const listed = new Set(adminEmails.map((email) => email.toLowerCase()));
  return {
    isListed: (email: string) => listed.has(email.toLowerCase()),

    /** Refuses a password sign-up of a listed address that has no account yet (with one, the usual 409 follows). */
    async assertMayRegister(email: string, findByEmail: (email: string) => Promise<string | undefined>): Promise<void> {
      if (listed.has(email.toLowerCase()) && !(await findByEmail(email))) throw problems.conflict(RESERVED_FOR_ADMINISTRATOR);
    },

    /**
     * The tier of a new account made by an identity provider's sign-in. A listed address becomes an
     * administrator only when the provider says it verified it; unverified, it is refused rather than
     * made a Free account, which would otherwise take the address away from its owner for good.
     */
    tierForIdentity(email: string, emailVerified: boolean): MemberTierName {
      if (!listed.has(email.toLowerCase())) return 'free';
      if (!emailVerified) throw problems.conflict(RESERVED_UNVERIFIED);
      return 'administrators';
    },
  };
}

export type AdministratorPolicy = ReturnType<typeof administratorPolicy>;

export interface EnsureAdministratorsDeps {
  accounts: Pick<Accounts, 'register' | 'findByEmail'>;
  adminEmails: readonly string[];
  adminPassword: string | undefined;
  logger: Logger;
  /** So the new administrator can sign in as soon as the app answers. */
  waitForReadModels(position: GlobalPosition): Promise<void>;
}

/**
 * At start: every ADMIN_EMAILS address without an account gets one as administrator with
 * ADMIN_PASSWORD (hashed like any other). Existing accounts are left exactly as they are. Without
 * ADMIN_PASSWORD the log says how to make the account. Safe to run in several processes at once.
 */
export async function ensureAdministrators(deps: EnsureAdministratorsDeps): Promise<string[]> {
  const { accounts, adminEmails, adminPassword, logger } = deps;
  const created: string[] = [];
  if (adminEmails.length === 0) {
    if (adminPassword) logger.warn('ADMIN_PASSWORD is set but ADMIN_EMAILS is empty, so it was not used; remove it.');
    return created;
  }
  const missing: string[] = [];
  for (const email of adminEmails) {
    if (await accounts.findByEmail(email)) {
      logger.info({ email }, 'ADMIN_EMAILS: this address already has an account, left as it is');
      continue;
    }
    if (!adminPassword) {
      missing.push(email);
      continue;
    }
    try {
      const { position } = await accounts.register(
        { email, password: adminPassword, memberTier: 'administrators' },
        { operator: operatorName() },
      );
      await deps.waitForReadModels(position);
      created.push(email);
      logger.info({ email }, 'ADMIN_EMAILS: created this administrator account with ADMIN_PASSWORD');
    } catch (error) {
      // Another process starting at the same time made it first.
      if (error instanceof HttpProblem && error.status === 409) continue;
      throw error;
    }
  }
  if (missing.length > 0) {
    logger.warn(
      { emails: missing },
      'ADMIN_EMAILS lists addresses without an account and ADMIN_PASSWORD is not set, so they are reserved: registering them is refused. ' +
        'To create them, start once with ADMIN_PASSWORD set (at least 10 characters; remove it afterwards), or sign in with the address ' +
        'through your OpenID Connect provider (it must report the e-mail as verified). To make an existing account an administrator: ' +
        'npm run admin -- grant <email> administrators',
    );
  } else if (adminPassword && created.length === 0) {
    logger.info('ADMIN_PASSWORD is set but every ADMIN_EMAILS address already has an account, so it was not used; remove it.');
  } else if (created.length > 0) {
    logger.info('ADMIN_PASSWORD has done its job: remove it from the environment.');
  }
  return created;
}

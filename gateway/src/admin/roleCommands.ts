import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { MEMBER_TIER_NAMES, rolesOfTier, type MemberTierName } from '@cc/contracts';
import type { UserCommands } from '@cc/command-service';

/** The tiers that carry a staff role (contracts/src/roles.ts), by tier name and by role name. */
const ROLE_TIERS: Record<string, MemberTierName> = Object.fromEntries(
  MEMBER_TIER_NAMES.flatMap((tier) => rolesOfTier(tier).flatMap((role) => [[tier, tier] as const, [role, tier] as const])),
);
export const ROLE_NAMES = MEMBER_TIER_NAMES.filter((tier) => rolesOfTier(tier).length > 0);

export type RoleAction = 'grant' | 'revoke';

export class AdminCommandError extends Error {}

export function roleTierOf(role: string): MemberTierName {
  const tier = ROLE_TIERS[role.trim().toLowerCase()];
  if (!tier) throw new AdminCommandError(`"${role}" is not a role. Roles: ${ROLE_NAMES.join(', ')}.`);
  return tier;
}

/**
 * `grant` makes the account's tier the role's; `revoke` takes the account back to its latest plan
 * (Free if it never had one) when it holds that role, and changes nothing otherwise. Both are
 * recorded as UserTierChanged with reason `operator`, the operator in the metadata and no user id.
 */
export async function changeRole(
  deps: { knex: Knex; users: UserCommands },
  action: RoleAction,
  email: string,
  role: string,
  operator: string,
): Promise<string> {
  const tier = roleTierOf(role);
  const address = email.trim().toLowerCase();
  const account = await deps.knex('user_credentials').where({ email: address }).first('user_id');
  if (!account) throw new AdminCommandError(`There is no account with the e-mail ${address}.`);
  const metadata = { userId: null, operator, correlationId: randomUUID() };
  const result =
    action === 'grant'
      ? await deps.users.changeTier(account.user_id, tier, 'operator', metadata)
      : await deps.users.revokeRole(account.user_id, tier, 'operator', metadata);
  const [change] = result.events;
  if (change?.type === 'UserTierChanged') return `${address}: ${change.data.from} → ${change.data.to}`;
  return action === 'grant'
    ? `${address} is already ${tier}; nothing changed.`
    : `${address} does not hold the ${tier} role (its tier is ${result.state.tier}); nothing changed.`;
}

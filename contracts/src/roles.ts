import type { MemberTierName } from './tiers';

/**
 * Staff roles follow from the member tier. Administrators can do everything; adjudicators read every
 * claim's history; support staff use the replay and projection tools.
 */
export type Role = 'administrator' | 'adjudicator' | 'support';

export type Permission =
  | 'users:list'
  | 'users:change-tier'
  | 'claims:read-any-history'
  | 'projections:replay'
  | 'emails:send-sample'
  | 'emails:outbox'
  | 'dbqs:sync';

const ROLE_OF_TIER: Partial<Record<MemberTierName, Role>> = {
  administrators: 'administrator',
  adjudicators: 'adjudicator',
  support: 'support',
};

const PERMISSIONS: Record<Role, readonly Permission[]> = {
  // The Email Testing page (/admin) and the outbox are for administrators only (issue 14).
  administrator: ['users:list', 'users:change-tier', 'claims:read-any-history', 'projections:replay', 'emails:send-sample', 'emails:outbox', 'dbqs:sync'],
  // The spec shows administrators and adjudicators the tier list and the first users; only
  // administrators may change a tier.
  adjudicator: ['users:list', 'claims:read-any-history'],
  support: ['projections:replay'],
};

export function rolesOfTier(tier: MemberTierName): Role[] {
  const role = ROLE_OF_TIER[tier];
  return role ? [role] : [];
}

export function permissionsOfTier(tier: MemberTierName): Permission[] {
  return rolesOfTier(tier).flatMap((role) => PERMISSIONS[role]);
}

export function tierAllows(tier: MemberTierName, permission: Permission): boolean {
  return permissionsOfTier(tier).includes(permission);
}

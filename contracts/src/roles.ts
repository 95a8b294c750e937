import type { MemberTierName } from './tiers';

/**
 * Staff roles follow from the member tier. Administrators can do everything; adjudicators audit
 * every claim's history; support staff work the support queue and use the replay and projection tools.
 */
export type Role = 'administrator' | 'adjudicator' | 'support';

export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  adjudicator: 'Adjudicator',
  support: 'Support',
};

export type Permission =
  | 'users:list'
  | 'users:change-tier'
  /** Each user's tier history and a single user's record in the staff console. */
  | 'users:tier-history'
  | 'claims:read-any-history'
  /** Every user's claims, their documents lists and full histories, time travel, export. */
  | 'claims:audit'
  /** Who of the staff read which claim, when, through which endpoint. */
  | 'access-log:read'
  /** Projection status, rebuild and replay. */
  | 'projections:replay'
  /** Events that a projection or worker gave up on: list, retry, dismiss. */
  | 'dead-letters:manage'
  /** The global event log, with personal data redacted. */
  | 'events:read'
  /** Opening the sealed personal data of one event (recorded in the access log). */
  | 'events:reveal'
  /** The staff console at /console (each of its screens checks its own permission too). */
  | 'console:open'
  /** The Email Testing page (/admin) and its outbox. */
  | 'emails:send-sample'
  | 'emails:outbox'
  /** Syncing the DBQ catalogue from VA's page. */
  | 'dbqs:sync'
  /** The support queue: every veteran's support requests, the claim a request names, reply, close. */
  | 'support-requests:work';

const ROLE_OF_TIER: Partial<Record<MemberTierName, Role>> = {
  administrators: 'administrator',
  adjudicators: 'adjudicator',
  support: 'support',
};

const ADJUDICATOR: readonly Permission[] = ['console:open', 'users:list', 'claims:read-any-history', 'claims:audit'];
const SUPPORT: readonly Permission[] = [
  'console:open',
  'projections:replay',
  'dead-letters:manage',
  'events:read',
  'support-requests:work',
];

const PERMISSIONS: Record<Role, readonly Permission[]> = {
  // The Email Testing page (/admin), the outbox and the DBQ sync are for administrators only: they send mail and change what every user sees.
  administrator: [
    ...new Set<Permission>([
      ...ADJUDICATOR,
      ...SUPPORT,
      'users:change-tier',
      'users:tier-history',
      'access-log:read',
      'events:reveal',
      'emails:send-sample',
      'emails:outbox',
      'dbqs:sync',
    ]),
  ],
  // The spec shows administrators and adjudicators the tier list and the first users; only
  // administrators may change a tier.
  adjudicator: ADJUDICATOR,
  support: SUPPORT,
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

/** The staff role a tier carries, or null for veterans and other members. */
export function staffRoleOfTier(tier: MemberTierName): Role | null {
  return ROLE_OF_TIER[tier] ?? null;
}

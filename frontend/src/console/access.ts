import { permissionsOfTier, type MemberTierName, type Permission } from '@cc/contracts';

/**
 * What each console resource needs, from contracts' permissions (the server checks the same ones;
 * this only decides what the console shows).
 */
const RESOURCE_PERMISSIONS: Record<string, Partial<Record<string, Permission>> & { default: Permission }> = {
  claims: { default: 'claims:audit' },
  'support-requests': { default: 'support-requests:work' },
  documents: { default: 'claims:audit' },
  'access-log': { default: 'access-log:read' },
  users: { default: 'users:list', edit: 'users:change-tier' },
  'tier-history': { default: 'users:tier-history' },
  projections: { default: 'projections:replay' },
  'dead-letters': { default: 'dead-letters:manage' },
  events: { default: 'events:read', reveal: 'events:reveal' },
};

/** react-admin's access control (`authProvider.canAccess`) for the console's resources. */
export function canAccessConsole(tier: MemberTierName | undefined, resource: string, action: string): boolean {
  if (!tier) return false;
  const needs = RESOURCE_PERMISSIONS[resource];
  if (!needs) return false;
  const permission = needs[action] ?? needs.default;
  return permissionsOfTier(tier).includes(permission);
}

/** Whether the sidebar shows "Staff console". */
export const isStaff = (tier: MemberTierName | undefined) => !!tier && permissionsOfTier(tier).includes('console:open');

/** The console's sections in menu order, each with its resource. */
export const CONSOLE_SECTIONS = [
  { resource: 'claims', label: 'Claims' },
  { resource: 'support-requests', label: 'Support queue' },
  { resource: 'access-log', label: 'Access log' },
  { resource: 'users', label: 'Users' },
  { resource: 'projections', label: 'Projections' },
  { resource: 'dead-letters', label: 'Dead letters' },
  { resource: 'events', label: 'Event log' },
] as const;

export function visibleSections(tier: MemberTierName | undefined) {
  return CONSOLE_SECTIONS.filter((section) => canAccessConsole(tier, section.resource, 'list'));
}

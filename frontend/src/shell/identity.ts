import { type BRANCH_OPTIONS, displayName, type User } from '@cc/contracts';

const BRANCH_LABELS: Record<(typeof BRANCH_OPTIONS)[number], string> = {
  army: 'Army',
  navy: 'Navy',
  'air-force': 'Air Force',
  marines: 'Marines',
  'coast-guard': 'Coast Guard',
  'space-force': 'Space Force',
};

/** The branch as people write it: known option ids get their label ("air-force" → "Air Force"). */
export function branchLabel(branchOfService: string | null | undefined): string {
  const value = branchOfService?.trim();
  if (!value) return 'US';
  return (BRANCH_LABELS as Record<string, string>)[value] ?? value;
}

/** The header's second line: "{branch || US} Veteran". */
export function veteranLine(user: Pick<User, 'branchOfService'> | undefined): string {
  return `${branchLabel(user?.branchOfService)} Veteran`;
}

/** Up to two initials for the avatar fallback. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'> | undefined): string {
  const name = displayName(user);
  const letters = name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || 'V';
}

import { ROLE_LABELS, type ActorRole, type HistoryChange, type ProjectionState, type Role } from '@cc/contracts';

export const ACTOR_ROLE_LABELS: Record<ActorRole, string> = {
  ...ROLE_LABELS,
  veteran: 'Veteran (owner)',
  member: 'Member',
  system: 'System',
  operator: 'Operator (command line)',
};

export const roleLabel = (role: Role | string) => ROLE_LABELS[role as Role] ?? role;
export const actorRoleLabel = (role: ActorRole | string) => ACTOR_ROLE_LABELS[role as ActorRole] ?? role;

export const PROJECTION_STATE_LABELS: Record<ProjectionState, string> = {
  live: 'Live',
  'catching-up': 'Catching up',
  degraded: 'Waiting for the database',
  rebuilding: 'Rebuilding',
  stopped: 'Stopped',
};

const show = (value: HistoryChange['from']) =>
  value === null || value === '' ? '—' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** "Status: Submitted → Initial Review", for screen readers and the CSV alike. */
export function changeText(change: HistoryChange): string {
  return `${change.field}: ${show(change.from)} → ${show(change.to)}`;
}

export function changeParts(change: HistoryChange): { field: string; from: string; to: string } {
  return { field: change.field, from: show(change.from), to: show(change.to) };
}

/** Percentage of a rebuild, 0–100 (a finished one is 100 whatever the counts say). */
export function rebuildPercent(status: { state: string; processed: number; total: number }): number {
  if (status.state === 'swapped') return 100;
  if (status.total <= 0) return 0;
  return Math.min(100, Math.floor((status.processed / status.total) * 100));
}

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import type { EvidenceMap, RebuildStatus, StaffClaimAtVersion, StaffHistoryEntry, StaffSupportThread, EventLogDetail } from '@cc/contracts';
import { API_URL, httpClient } from '../api/dataProvider';

/**
 * The console's resources and the staff endpoints behind them. Every list is ra-data-simple-rest's
 * own getList/getMany/getManyReference over the list contract (sort, range, filter, Content-Range);
 * the few actions that are not CRUD are methods of their own, called with useDataProvider.
 */
const PATHS: Record<string, string> = {
  claims: 'staff/claims',
  'support-requests': 'staff/support-requests',
  documents: 'staff/documents',
  'access-log': 'staff/access-log',
  users: 'users/with-tier',
  'tier-history': 'staff/tier-history',
  projections: 'staff/projections',
  'dead-letters': 'staff/dead-letters',
  events: 'staff/events',
};

const pathOf = (resource: string) => {
  const path = PATHS[resource];
  if (!path) throw new Error(`The console has no resource ${resource}`);
  return path;
};

const rest = simpleRestProvider(API_URL, httpClient);
const id = (value: Identifier) => encodeURIComponent(String(value));

export interface ConsoleDataProvider extends DataProvider {
  claimHistory(claimId: Identifier): Promise<StaffHistoryEntry[]>;
  claimAtVersion(claimId: Identifier, version: number): Promise<StaffClaimAtVersion>;
  /** The claim's evidence map now, or right after `version` of its history. */
  claimEvidence(claimId: Identifier, version?: number): Promise<EvidenceMap>;
  rebuildProjection(name: string): Promise<RebuildStatus & { rebuildId: string; created: boolean }>;
  rebuildStatus(rebuildId: string): Promise<RebuildStatus>;
  retryDeadLetter(deadLetterId: Identifier): Promise<{ id: string; outcome: 'handled' | 'requested' }>;
  revealEvent(eventId: Identifier): Promise<EventLogDetail>;
  /** Support's answer to a request (the veteran is notified). */
  replyToSupportRequest(requestId: Identifier, message: string): Promise<StaffSupportThread>;
  closeSupportRequest(requestId: Identifier): Promise<StaffSupportThread>;
}

const json = async <T>(url: string, options?: Parameters<typeof httpClient>[1]) => (await httpClient(url, options)).json as T;

export const consoleDataProvider: ConsoleDataProvider = {
  getList: (resource, params) => rest.getList(pathOf(resource), params),
  getMany: (resource, params) => rest.getMany(pathOf(resource), params),
  getManyReference: (resource, params) => rest.getManyReference(pathOf(resource), params),
  // A user's record comes from the staff endpoint; the list is the spec's /api/users/with-tier.
  getOne: (resource, params) =>
    resource === 'users'
      ? json(`${API_URL}/staff/users/${id(params.id)}`).then((data) => ({ data: data as never }))
      : rest.getOne(pathOf(resource), params),
  /** The only edit the console makes: a user's tier (PUT /api/users/{id}/tier), administrators only. */
  update: async (resource, params) => {
    if (resource !== 'users') throw new Error(`The console does not edit ${resource}`);
    await httpClient(`${API_URL}/users/${id(params.id)}/tier`, {
      method: 'PUT',
      body: JSON.stringify({ tierName: (params.data as { memberTier: string }).memberTier }),
    });
    return consoleDataProvider.getOne(resource, { id: params.id }) as never;
  },
  /** Dismissing a dead letter; the server answers 204. */
  delete: async (resource, params) => {
    if (resource !== 'dead-letters') throw new Error(`The console does not delete ${resource}`);
    await httpClient(`${API_URL}/staff/dead-letters/${id(params.id)}`, { method: 'DELETE' });
    return { data: params.previousData as never };
  },
  create: () => Promise.reject(new Error('The console creates nothing')),
  updateMany: () => Promise.reject(new Error('The console does not edit in bulk')),
  deleteMany: () => Promise.reject(new Error('The console does not delete in bulk')),

  claimHistory: (claimId) => json(`${API_URL}/staff/claims/${id(claimId)}/history`),
  claimAtVersion: (claimId, version) => json(`${API_URL}/staff/claims/${id(claimId)}/history?at=${version}`),
  claimEvidence: (claimId, version) =>
    json(`${API_URL}/staff/claims/${id(claimId)}/evidence${version === undefined ? '' : `?at=${version}`}`),
  rebuildProjection: (name) => json(`${API_URL}/staff/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST', body: '{}' }),
  rebuildStatus: (rebuildId) => json(`${API_URL}/staff/rebuilds/${encodeURIComponent(rebuildId)}`),
  retryDeadLetter: (deadLetterId) => json(`${API_URL}/staff/dead-letters/${id(deadLetterId)}/retry`, { method: 'POST', body: '{}' }),
  revealEvent: (eventId) => json(`${API_URL}/staff/events/${id(eventId)}?reveal=true`),
  replyToSupportRequest: (requestId, message) =>
    json(`${API_URL}/staff/support-requests/${id(requestId)}/replies`, { method: 'POST', body: JSON.stringify({ message }) }),
  closeSupportRequest: (requestId) => json(`${API_URL}/staff/support-requests/${id(requestId)}/close`, { method: 'POST', body: '{}' }),
};

/** Where the CSV of a claim's history downloads from (a plain link: the browser sends the session cookie). */
export const historyCsvUrl = (claimId: Identifier) => `${API_URL}/staff/claims/${id(claimId)}/history.csv`;

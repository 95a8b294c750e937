import type { QueryKey } from '@tanstack/react-query';
import { queryKeys as claimKeys } from '../claims/queries';
import { documentKeys } from '../documents/queries';
import { evidenceKeys } from '../evidence/queries';

/** A claim's strategy and the predictions read the evidence map and the documents. */
const STRATEGY_KEYS: readonly QueryKey[] = [
  ['claims', 'strategy'],
  ['claims', 'predictions'],
];

/**
 * Which cached queries show each read model (by the projector's name): a notice that one of the
 * user's read models changed refetches the queries whose keys start with these. A new screen over a
 * read model adds its key here; a read model no screen shows needs no entry.
 */
export const READ_MODEL_QUERIES: Readonly<Record<string, readonly QueryKey[]>> = {
  // A document's status and analysis show on the documents list and badge, in the claim dialog's
  // documents, on the dashboard, and in the AI recommendations of the claims page.
  documents: [documentKeys.all, ['claims', 'detail'], claimKeys.dashboard, claimKeys.aiProfile, ...STRATEGY_KEYS],
  evidence: [evidenceKeys.all, evidenceKeys.readiness, ...STRATEGY_KEYS],
  claims: [claimKeys.claims, claimKeys.dashboard],
  claim_history: [['claims', 'history']],
  activities: [claimKeys.dashboard],
  notifications: [['notifications']],
  // Written out rather than imported: this module is in the first load, those screens are lazy.
  // The test holds them equal to `helpKeys.requests` and `ANALYTICS_KEY`.
  support_requests: [['help', 'requests']],
  analytics_claim_changes: [['analytics']],
  analytics_readiness: [['analytics']],
};

/** The query keys to refetch after a change to `readModel` (none for one no screen shows). */
export function queriesShowing(readModel: string): readonly QueryKey[] {
  return Object.hasOwn(READ_MODEL_QUERIES, readModel) ? READ_MODEL_QUERIES[readModel]! : [];
}

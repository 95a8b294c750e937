import type { QueryKey } from '@tanstack/react-query';

/*
 * The keys are written out rather than imported from the screens' query modules: this module is in
 * the first load, and importing those would pull every screen's fetchers into it. The test holds
 * each key equal to the screen's own (`documentKeys`, `evidenceKeys`, the claims' `queryKeys`,
 * `helpKeys`, `ANALYTICS_KEY`).
 */
const DASHBOARD: QueryKey = ['dashboard'];

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
  documents: [['documents'], ['claims', 'detail'], DASHBOARD, ['ai-analysis', 'profile'], ...STRATEGY_KEYS],
  // The evidence read model also holds the readiness history the analytics page draws.
  evidence: [['claims', 'evidence'], ['claims', 'readiness'], ...STRATEGY_KEYS, ['analytics']],
  claims: [['claims'], DASHBOARD],
  claim_history: [['claims', 'history']],
  activities: [DASHBOARD],
  notifications: [['notifications']],
  support_requests: [['help', 'requests']],
  analytics_claim_changes: [['analytics']],
};

/** The query keys to refetch after a change to `readModel` (none for one no screen shows). */
export function queriesShowing(readModel: string): readonly QueryKey[] {
  return Object.hasOwn(READ_MODEL_QUERIES, readModel) ? READ_MODEL_QUERIES[readModel]! : [];
}

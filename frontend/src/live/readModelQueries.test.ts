import { ANALYTICS_KEY } from '../analytics/api';
import { helpKeys } from '../help/api';
import { queryKeys as claimKeys } from '../claims/queries';
import { documentKeys } from '../documents/queries';
import { evidenceKeys } from '../evidence/queries';
import { queriesShowing } from './readModelQueries';

describe('which queries a read-model change refetches', () => {
  it("names each screen's keys as the screen's own query module does", () => {
    expect(queriesShowing('documents').slice(0, 4)).toEqual([
      documentKeys.all,
      ['claims', 'detail'],
      claimKeys.dashboard,
      claimKeys.aiProfile,
    ]);
    expect(queriesShowing('evidence').slice(0, 2)).toEqual([evidenceKeys.all, evidenceKeys.readiness]);
    expect(queriesShowing('claims')).toEqual([claimKeys.claims, claimKeys.dashboard]);
    expect(claimKeys.claimHistory('x').slice(0, 2)).toEqual(queriesShowing('claim_history')[0]);
  });

  it.each([
    [
      'documents',
      [['documents'], ['claims', 'detail'], ['dashboard'], ['ai-analysis', 'profile'], ['claims', 'strategy'], ['claims', 'predictions']],
    ],
    ['evidence', [['claims', 'evidence'], ['claims', 'readiness'], ['claims', 'strategy'], ['claims', 'predictions'], ['analytics']]],
    ['claims', [['claims'], ['dashboard']]],
    ['claim_history', [['claims', 'history']]],
    ['activities', [['dashboard']]],
    ['notifications', [['notifications']]],
    ['support_requests', [helpKeys.requests]],
    ['analytics_claim_changes', [ANALYTICS_KEY]],
  ])('%s', (readModel, keys) => {
    expect(queriesShowing(readModel)).toEqual(keys);
  });

  it.each(['chat', 'user_preferences', 'toString', '__proto__'])('none for a read model no screen shows (%s)', (readModel) => {
    expect(queriesShowing(readModel)).toEqual([]);
  });
});

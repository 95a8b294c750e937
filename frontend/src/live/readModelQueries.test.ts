import { ANALYTICS_KEY } from '../analytics/api';
import { helpKeys } from '../help/api';
import { queriesShowing } from './readModelQueries';

describe('which queries a read-model change refetches', () => {
  it.each([
    [
      'documents',
      [['documents'], ['claims', 'detail'], ['dashboard'], ['ai-analysis', 'profile'], ['claims', 'strategy'], ['claims', 'predictions']],
    ],
    [
      'evidence',
      [
        ['claims', 'evidence'],
        ['claims', 'readiness'],
        ['claims', 'strategy'],
        ['claims', 'predictions'],
      ],
    ],
    ['claims', [['claims'], ['dashboard']]],
    ['claim_history', [['claims', 'history']]],
    ['activities', [['dashboard']]],
    ['notifications', [['notifications']]],
    ['support_requests', [helpKeys.requests]],
    ['analytics_claim_changes', [ANALYTICS_KEY]],
    ['analytics_readiness', [ANALYTICS_KEY]],
  ])('%s', (readModel, keys) => {
    expect(queriesShowing(readModel)).toEqual(keys);
  });

  it.each(['chat', 'user_preferences', 'toString', '__proto__'])('none for a read model no screen shows (%s)', (readModel) => {
    expect(queriesShowing(readModel)).toEqual([]);
  });
});

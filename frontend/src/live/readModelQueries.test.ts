import { queriesShowing } from './readModelQueries';

describe('which queries a read-model change refetches', () => {
  it.each([
    ['documents', [['documents'], ['claims', 'detail'], ['dashboard'], ['ai-analysis', 'profile']]],
    [
      'evidence',
      [
        ['claims', 'evidence'],
        ['claims', 'readiness'],
      ],
    ],
    ['claims', [['claims'], ['dashboard']]],
    ['claim_history', [['claims', 'history']]],
    ['activities', [['dashboard']]],
    ['notifications', [['notifications']]],
    ['support_requests', [['support-requests']]],
  ])('%s', (readModel, keys) => {
    expect(queriesShowing(readModel)).toEqual(keys);
  });

  it.each(['chat', 'user_preferences', 'toString', '__proto__'])('none for a read model no screen shows (%s)', (readModel) => {
    expect(queriesShowing(readModel)).toEqual([]);
  });
});

import { DEFAULT_PREFERENCES } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { preferencesDecider, type PreferencesEvent } from './decider';

describe('preferences decider', () => {
  const { given } = deciderSpec(preferencesDecider);
  const decide = (history: PreferencesEvent[], patch: Parameters<typeof preferencesDecider.decide>[0]['data']['patch']) =>
    given(...history)
      .when({ type: 'ChangePreferences', data: { userId: 'u1', patch } })
      .decide();

  it('starts from the defaults and records the whole new preferences with what changed', () => {
    expect(preferencesDecider.initialState()).toEqual(DEFAULT_PREFERENCES);
    expect(decide([], { theme: 'dark', emailNotifications: { 'claim-status': false } })).toEqual([
      {
        type: 'UserPreferencesChanged',
        data: {
          userId: 'u1',
          preferences: {
            ...DEFAULT_PREFERENCES,
            theme: 'dark',
            emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, 'claim-status': false },
          },
          changed: ['theme', 'emailNotifications.claim-status'],
        },
      },
    ]);
  });

  it('records nothing when nothing changes, and keeps what a patch leaves out', () => {
    const [dark] = decide([], { theme: 'dark' });
    expect(decide([dark!], { theme: 'dark' })).toEqual([]);
    const [next] = decide([dark!], { autoSave: false });
    expect(next!.data.preferences).toMatchObject({ theme: 'dark', autoSave: false, aiRecommendations: true });
  });
});

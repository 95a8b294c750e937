import { randomUUID } from 'node:crypto';
import { DEFAULT_PREFERENCES } from '@cc/contracts';
import { projectorSpec } from '../testing/projectorSpec';
import { preferencesProjector } from './projector';

describe('preferences projector', () => {
  const spec = projectorSpec(() => [preferencesProjector()]);
  const changed = (userId: string, theme: 'light' | 'dark') => ({
    type: 'UserPreferencesChanged',
    data: { userId, preferences: { ...DEFAULT_PREFERENCES, theme }, changed: ['theme'] },
  });

  it('keeps one row per user with the preferences as last saved', async () => {
    const userId = randomUUID();
    await spec.given(`preferences-${userId}`, [changed(userId, 'dark')], { occurredAt: '2026-05-01T10:00:00.000Z' });
    await spec.given(`preferences-${userId}`, [changed(userId, 'light')], { occurredAt: '2026-05-02T10:00:00.000Z' });
    await spec.thenRows('user_preferences', [
      { user_id: userId, preferences: { ...DEFAULT_PREFERENCES, theme: 'light' }, updated_at: new Date('2026-05-02T10:00:00.000Z') },
    ]);
  });

  it("drops the user's row when the account is erased, and only theirs", async () => {
    const [erased, kept] = [randomUUID(), randomUUID()];
    await spec.given(`preferences-${erased}`, [changed(erased, 'dark')]);
    await spec.given(`preferences-${kept}`, [changed(kept, 'dark')]);
    await spec.given(`account-${erased}`, [{ type: 'AccountErased', data: { userId: erased, erasedAt: '2026-05-03T00:00:00.000Z' } }]);
    await spec.thenRows('user_preferences', [{ user_id: kept }]);
  });
});

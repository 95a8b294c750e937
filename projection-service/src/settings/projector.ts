import { PREFERENCES_EVENT_TYPES } from '@cc/contracts';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { ACCOUNT_ERASED } from '../account/erasedRows';

interface PreferencesRow {
  user_id: string;
  preferences: unknown;
  updated_at: string | Date;
}

const PREFERENCES_EVENTS_AND_ERASURE = [...PREFERENCES_EVENT_TYPES, ACCOUNT_ERASED] as const;

/** The user's preferences as last saved; no row means the defaults. */
export function preferencesProjector(): SetBasedProjector {
  return setBasedProjector<(typeof PREFERENCES_EVENTS_AND_ERASURE)[number], { user_preferences: PreferencesRow }>({
    name: 'user_preferences',
    version: 1,
    handles: PREFERENCES_EVENTS_AND_ERASURE,
    tables: { user_preferences: { key: ['user_id'], columns: { user_id: 'uuid', preferences: 'jsonb', updated_at: 'timestamptz' } } },
    touches: (event) => ({ user_preferences: [{ user_id: event.data.userId }] }),
    evolve({ user_preferences }, event) {
      if (event.type === ACCOUNT_ERASED) {
        user_preferences.delete({ user_id: event.data.userId });
        return;
      }
      user_preferences.put({ user_id: event.data.userId, preferences: event.data.preferences, updated_at: event.metadata.occurredAt });
    },
  });
}

import { PREFERENCES_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { Projector } from '../runner/projector';
import { ACCOUNT_ERASED, erasedUserOf } from '../account/erasedRows';

/** The user's preferences as last saved; no row means the defaults. */
export function preferencesProjector(): Projector {
  return {
    name: 'user_preferences',
    version: 1,
    tables: ['user_preferences'],
    handles: [...PREFERENCES_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('user_preferences').where({ user_id: erased }).del();
        return;
      }
      const data = event.data as EventDataOf<'UserPreferencesChanged'>;
      const row = { user_id: data.userId, preferences: JSON.stringify(data.preferences), updated_at: event.metadata.occurredAt };
      await trx('user_preferences').insert(row).onConflict('user_id').merge();
    },
  };
}

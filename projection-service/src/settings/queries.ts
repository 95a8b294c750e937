import type { Knex } from 'knex';
import { completePreferences, type Preferences } from '@cc/contracts';

export async function findPreferences(knex: Knex, userId: string): Promise<Preferences> {
  const row: { preferences: Partial<Preferences> } | undefined = await knex('user_preferences')
    .where({ user_id: userId })
    .first('preferences');
  return completePreferences(row?.preferences);
}

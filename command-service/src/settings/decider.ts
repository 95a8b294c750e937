import { completePreferences, mergePreferences, type Preferences, type PreferencesEvent, type PreferencesPatch } from '@cc/contracts';
import type { Decider } from '@cc/platform';

export type { PreferencesEvent };
export type PreferencesCommand = { type: 'ChangePreferences'; data: { userId: string; patch: PreferencesPatch } };

/** `preferences-<userId>`: the preferences as they are now (the defaults before any change). */
export const preferencesDecider: Decider<Preferences, PreferencesCommand, PreferencesEvent> = {
  initialState: () => completePreferences(undefined),
  evolve: (_state, event) => completePreferences(event.data.preferences),
  decide(command, state) {
    const next = mergePreferences(state, command.data.patch);
    const changed = changedKeys(state, next);
    if (changed.length === 0) return [];
    return [{ type: 'UserPreferencesChanged', data: { userId: command.data.userId, preferences: next, changed } }];
  },
};

/** Dotted names of what differs, e.g. `theme`, `emailNotifications.claim-status`. */
export function changedKeys(before: Preferences, after: Preferences): string[] {
  const keys: string[] = [];
  for (const key of Object.keys(after) as (keyof Preferences)[]) {
    const a = before[key];
    const b = after[key];
    if (typeof b === 'object' && b !== null && typeof a === 'object' && a !== null) {
      for (const inner of Object.keys(b)) {
        if ((a as Record<string, unknown>)[inner] !== (b as Record<string, unknown>)[inner]) keys.push(`${key}.${inner}`);
      }
    } else if (a !== b) keys.push(key);
  }
  return keys;
}

import { z } from 'zod';
import { preferencesSchema } from '../settings';
import { eventTypesOf, type EventOf } from './eventTypes';

/** The stream `preferences-<userId>`: the user's settings (theme, notifications), none of it personal data. */
export const preferencesStreams = {
  preferences: (userId: string) => `preferences-${userId}`,
} as const;

export const preferencesEventSchemas = {
  /** The whole new preferences and which keys changed. */
  UserPreferencesChanged: {
    version: 1,
    schema: z.object({ userId: z.string(), preferences: preferencesSchema, changed: z.array(z.string()) }),
  },
} as const;

export const PREFERENCES_EVENT_TYPES = eventTypesOf(preferencesEventSchemas);
export type PreferencesEventType = (typeof PREFERENCES_EVENT_TYPES)[number];
export type PreferencesEvent = EventOf<typeof preferencesEventSchemas>;

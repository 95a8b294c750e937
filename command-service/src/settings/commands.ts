import { streams, type PreferencesPatch } from '@cc/contracts';
import { handleCommand, type EventMetadata, type EventStore } from '@cc/platform';
import { preferencesDecider } from './decider';

export function preferenceCommands({ store }: { store: EventStore }) {
  return {
    change: (userId: string, patch: PreferencesPatch, metadata: Partial<EventMetadata>) =>
      handleCommand({
        store,
        streamId: streams.preferences(userId),
        decider: preferencesDecider,
        command: { type: 'ChangePreferences', data: { userId, patch } },
        metadata,
      }),
  };
}

export type PreferenceCommands = ReturnType<typeof preferenceCommands>;

import { pickEventTypes, streams, SUPPORT_REQUEST_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { NotificationIntent, NotificationRule } from './types';

/** Support answered one of the veteran's requests: the subject (sealed at opening) says which. */
export const supportAnsweredRule: NotificationRule = {
  name: 'support-answered',
  eventTypes: pickEventTypes(SUPPORT_REQUEST_EVENT_TYPES, ['SupportRequestReplied']),
  async notify(event, { store, vault }) {
    const data = event.data as EventDataOf<'SupportRequestReplied'>;
    // The veteran's own replies are no news to them.
    if (data.author !== 'support') return undefined;
    const { events } = await store.readStream(streams.supportRequest(data.requestId));
    const opened = events.find((e) => e.type === 'SupportRequestOpened')?.data as EventDataOf<'SupportRequestOpened'> | undefined;
    if (!opened) return undefined;
    const content = await vault.open<{ subject: string }>(data.userId, opened.content);
    if (!content) return undefined;
    const intent: NotificationIntent<'support-answered'> = {
      userId: data.userId,
      kind: 'support-answered',
      data: { subject: content.subject, requestId: data.requestId },
    };
    return intent as unknown as NotificationIntent;
  },
};

import type { Message } from 'kafkajs';
import { formatPosition, parsePosition, type EventMetadata, type RecordedEvent } from '../../eventstore/types';

/** One topic per stream category: the stream id up to its first `-` (`claim-…` → `cc.events.claim`). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

export const DEFAULT_TOPIC_PREFIX = 'cc.events.';

export function topicOf(streamId: string, prefix = DEFAULT_TOPIC_PREFIX): string {
  return `${prefix}${categoryOf(streamId).replace(/[^a-zA-Z0-9._-]/g, '_')}`;
}

interface Body {
  data: unknown;
  metadata: EventMetadata;
  streamVersion: number;
  recordedAt: string;
}

/** Key = stream id (one partition per stream keeps its order); headers say what it is without parsing the body. */
export function toMessage(event: RecordedEvent): Message {
  const body: Body = {
    data: event.data,
    metadata: event.metadata,
    streamVersion: event.streamVersion,
    recordedAt: event.recordedAt.toISOString(),
  };
  return {
    key: event.streamId,
    value: JSON.stringify(body),
    headers: {
      'event-type': event.type,
      'event-id': event.id,
      'correlation-id': event.metadata.correlationId,
      ...(event.metadata.causationId ? { 'causation-id': event.metadata.causationId } : {}),
      position: formatPosition(event.position),
    },
  };
}

const header = (message: Pick<Message, 'headers'>, name: string): string | undefined => {
  const value = message.headers?.[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? undefined : one.toString();
};

/** What a consumer can tell about a message before (or without) parsing its body. */
export function messagePlace(message: Pick<Message, 'headers' | 'key'>) {
  const position = parsePosition(header(message, 'position'));
  return {
    id: header(message, 'event-id'),
    type: header(message, 'event-type') ?? '',
    streamId: message.key?.toString() ?? '',
    position,
  };
}

/** Throws when the message is not one the relay wrote. */
export function fromMessage(message: Pick<Message, 'headers' | 'key' | 'value'>): RecordedEvent {
  const place = messagePlace(message);
  if (!place.id || !place.position || !place.streamId || !place.type) throw new Error('bus message lacks its key or headers');
  const body = JSON.parse(message.value?.toString() ?? '') as Body;
  return {
    id: place.id,
    type: place.type,
    streamId: place.streamId,
    position: place.position,
    data: body.data,
    metadata: body.metadata,
    streamVersion: body.streamVersion,
    recordedAt: new Date(body.recordedAt),
  };
}

import type { RecordedEvent } from '../../eventstore/types';
import { fromMessage, messagePlace, toMessage, topicOf } from './messages';

const event: RecordedEvent = {
  id: '0b6f3f0e-8d5c-4d0e-9a57-5b8c9b2f1a11',
  type: 'DocumentAnalysisRequested',
  data: { documentId: 'd1', nested: { ok: true } },
  metadata: { userId: 'u1', correlationId: 'corr-1', causationId: 'cause-1', occurredAt: '2025-01-02T03:04:05.000Z', schemaVersion: 2 },
  streamId: 'document-7f0c1c52-5a4e-4a55-9a3c-8f2d1b9e0a11',
  streamVersion: 3,
  position: { txId: 12345678901234n, seq: 42n },
  recordedAt: new Date('2025-01-02T03:04:05.123Z'),
};

describe('Kafka messages of the relay', () => {
  it('go to one topic per stream category, keyed by stream id, with type, ids and position in headers', () => {
    expect(topicOf(event.streamId)).toBe('cc.events.document');
    expect(topicOf('user-1', 'cc.test.')).toBe('cc.test.user');
    const message = toMessage(event);
    expect(message.key).toBe(event.streamId);
    expect(message.headers).toEqual({
      'event-type': 'DocumentAnalysisRequested',
      'event-id': event.id,
      'correlation-id': 'corr-1',
      'causation-id': 'cause-1',
      position: '12345678901234.42',
    });
  });

  it('carry the whole event across (what a consumer reads is what was recorded)', () => {
    const message = toMessage(event);
    const received = {
      key: Buffer.from(String(message.key)),
      value: Buffer.from(String(message.value)),
      headers: Object.fromEntries(Object.entries(message.headers!).map(([k, v]) => [k, Buffer.from(String(v))])),
    };
    expect(fromMessage(received)).toEqual(event);
  });

  it('refuse a message the relay did not write, while still naming what they can', () => {
    const stray = {
      key: Buffer.from('claim-1'),
      value: Buffer.from('not json'),
      headers: { 'event-id': Buffer.from(event.id), position: Buffer.from('1.2') },
    };
    expect(() => fromMessage(stray)).toThrow();
    expect(messagePlace(stray)).toEqual({ id: event.id, type: '', streamId: 'claim-1', position: { txId: 1n, seq: 2n } });
  });
});

import { eventSchemas, streams, type EventDataOf, type EventType } from '@cc/contracts';
import type { EventMetadata, EventStore, GlobalPosition } from '@cc/platform';

type Metadata = Partial<Pick<EventMetadata, 'userId' | 'operator' | 'correlationId' | 'causationId'>>;

/**
 * The staff console's records: staff reads and support actions, appended as events with
 * the staff member as actor (an operator at the command line has no account: userId null and the
 * operator named). They record what happened; nothing is decided on these streams, so they are
 * appended at any version.
 */
export function staffRecords(deps: { store: EventStore }) {
  const append = async <T extends EventType>(
    streamId: string,
    type: T,
    data: EventDataOf<T>,
    metadata: Metadata,
  ): Promise<GlobalPosition> => {
    const parsed = eventSchemas[type].schema.parse(data);
    const { position } = await deps.store.appendToStream(streamId, [{ type, data: parsed }], {
      expectedVersion: 'any',
      metadata: { ...metadata, userId: metadata.userId ?? null, ...(metadata.operator ? { operator: metadata.operator } : {}) },
    });
    return position;
  };

  return {
    /** A staff member read someone else's claim, documents or personal data (the access log). */
    access: {
      /** The staff_access_log read model (projection-service/src/staff/accessLogProjector.ts) written with each append. */
      logKeptInline: deps.store.inlineReadModels?.includes('staff_access_log') ?? false,
      record: (access: EventDataOf<'StaffAccessRecorded'>, metadata: { userId: string; correlationId: string }) =>
        append(streams.staffAccess(access.staffId), 'StaffAccessRecorded', access, metadata),
    },
    support: {
      rebuildRequested: (rebuild: { id: string; projection: string; projectionVersion: number }, metadata: Metadata) =>
        append(
          streams.projection(rebuild.projection),
          'ProjectionRebuildRequested',
          { rebuildId: rebuild.id, projection: rebuild.projection, projectionVersion: rebuild.projectionVersion },
          metadata,
        ),
      rebuildFinished: (rebuild: { id: string; projection: string; state: string; processed: number }) =>
        append(
          streams.projection(rebuild.projection),
          'ProjectionRebuildFinished',
          {
            rebuildId: rebuild.id,
            projection: rebuild.projection,
            outcome: rebuild.state === 'swapped' ? 'swapped' : 'failed',
            processed: rebuild.processed,
          },
          { userId: null },
        ),
      deadLetterRetried: (letter: Omit<EventDataOf<'DeadLetterRetried'>, never>, metadata: Metadata) =>
        append(streams.deadLetter(letter.deadLetterId), 'DeadLetterRetried', letter, metadata),
      deadLetterDismissed: (letter: EventDataOf<'DeadLetterDismissed'>, metadata: Metadata) =>
        append(streams.deadLetter(letter.deadLetterId), 'DeadLetterDismissed', letter, metadata),
    },
  };
}

export type StaffRecords = ReturnType<typeof staffRecords>;

import { randomUUID } from 'node:crypto';
import { streams, utcDay, type ClaimText, type FileClaimBody, type ClaimPriority, type ClaimStatus } from '@cc/contracts';
import {
  handleCommand,
  type DecidedStates,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type PersonalDataVault,
} from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { claimDecider } from './decider';

export interface ClaimCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  now?: () => Date;
  /** The states this process last decided on claim and user streams: a command on one of them then reads nothing first. */
  decided?: DecidedStates;
}

type Metadata = Partial<EventMetadata>;

/** The write side of claims. Free text is sealed with the owner's key before it becomes an event. */
export function claimCommands({ store, vault, now = () => new Date(), decided }: ClaimCommandsDeps) {
  const onClaim = (claimId: string, command: Parameters<typeof claimDecider.decide>[0], metadata: Metadata, newStream = false) =>
    handleCommand({ store, streamId: streams.claim(claimId), decider: claimDecider, command, metadata, decided, newStream });

  return {
    /**
     * Registers the claim on the user's stream first: that stream's expected version serialises
     * concurrent filings, so the plan's limit holds and claim numbers stay unique per user.
     */
    async file(actorId: string, body: FileClaimBody, metadata: Metadata): Promise<{ claimId: string; position: GlobalPosition }> {
      const claimId = randomUUID();
      const filedAt = now();
      const registered = await handleCommand({
        store,
        streamId: streams.user(actorId),
        decider: userDecider,
        command: { type: 'RegisterClaim', data: { userId: actorId, claimId, year: filedAt.getUTCFullYear() } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
        decided,
        // The claim's own append follows at once and tells other processes of both.
        notifyWithNext: true,
      });
      const claimNumber = registered.events[0]!.type === 'UserClaimRegistered' ? registered.events[0]!.data.claimNumber : '';
      const text: ClaimText = { condition: body.condition, nextAction: body.nextAction ?? null };
      const result = await onClaim(
        claimId,
        {
          type: 'FileClaim',
          data: {
            actorId,
            claimId,
            claimNumber,
            text: await vault.seal(actorId, text),
            conditionType: body.conditionType,
            priority: body.priority,
            estimatedDecisionDate: body.estimatedDecisionDate ?? null,
            filedAt: filedAt.toISOString(),
          },
        },
        metadata,
        // The claim's id was made above: its stream is new.
        true,
      );
      return { claimId, position: result.position! };
    },

    async changeStatus(
      actorId: string,
      claimId: string,
      status: ClaimStatus,
      note: string | null,
      metadata: Metadata,
      decisionDate?: string,
    ) {
      const sealed = note ? await vault.seal(actorId, { note }) : null;
      return onClaim(
        claimId,
        { type: 'ChangeClaimStatus', data: { actorId, claimId, status, note: sealed, decisionDate, today: utcDay(now()) } },
        metadata,
      );
    },

    async changeRating(actorId: string, claimId: string, rating: number | null, metadata: Metadata) {
      return onClaim(claimId, { type: 'ChangeClaimRating', data: { actorId, claimId, rating } }, metadata);
    },

    async addNote(
      actorId: string,
      claimId: string,
      input: { note: string; noteType: 'general' | 'communication' | 'reminder'; isImportant: boolean },
      metadata: Metadata,
    ) {
      const noteId = randomUUID();
      const result = await onClaim(
        claimId,
        {
          type: 'AddClaimNote',
          data: {
            actorId,
            claimId,
            noteId,
            note: await vault.seal(actorId, { note: input.note }),
            noteType: input.noteType,
            isImportant: input.isImportant,
          },
        },
        metadata,
      );
      return { noteId, position: result.position };
    },

    async updateDetails(
      actorId: string,
      claimId: string,
      changes: {
        priority?: ClaimPriority;
        nextAction?: string | null;
        estimatedDecisionDate?: string | null;
        decisionDate?: string | null;
      },
      metadata: Metadata,
    ) {
      const nextAction = changes.nextAction === undefined ? undefined : await vault.seal(actorId, { nextAction: changes.nextAction });
      return onClaim(
        claimId,
        {
          type: 'UpdateClaimDetails',
          data: {
            actorId,
            claimId,
            priority: changes.priority,
            nextAction,
            estimatedDecisionDate: changes.estimatedDecisionDate,
            decisionDate: changes.decisionDate,
            today: utcDay(now()),
          },
        },
        metadata,
      );
    },
  };
}

export type ClaimCommands = ReturnType<typeof claimCommands>;

import { randomUUID } from 'node:crypto';
import { memberTier, streams, SUPPORT_MESSAGES, type OpenSupportRequestBody } from '@cc/contracts';
import { DomainError, handleCommand, loadState, type EventMetadata, type EventStore, type PersonalDataVault } from '@cc/platform';
import { claimDecider } from '../claims/decider';
import { userDecider } from '../users/decider';
import { supportRequestDecider, type SupportActor, type SupportRequestCommand } from './decider';

export interface SupportRequestCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  now?: () => Date;
}

type Metadata = Partial<EventMetadata>;

/**
 * The write side of support requests. Texts are sealed with the requesting veteran's key, whoever
 * writes them; the tier recorded at opening comes from the veteran's own stream.
 */
export function supportRequestCommands({ store, vault, now = () => new Date() }: SupportRequestCommandsDeps) {
  const onRequest = (requestId: string, command: SupportRequestCommand, metadata: Metadata) =>
    handleCommand({ store, streamId: streams.supportRequest(requestId), decider: supportRequestDecider, command, metadata });

  /** The request's veteran, for sealing a reply with their key (not-found when there is no such request). */
  const ownerOf = async (requestId: string) => {
    const { state } = await loadState(store, streams.supportRequest(requestId), supportRequestDecider);
    if (!state.ownerId) throw new DomainError('not-found', SUPPORT_MESSAGES.requestNotFound);
    return state.ownerId;
  };

  return {
    async open(actorId: string, body: OpenSupportRequestBody, metadata: Metadata) {
      const claimId = body.claimId ?? null;
      if (claimId) {
        // Someone else's claim is refused like a missing one.
        const { state } = await loadState(store, streams.claim(claimId), claimDecider);
        if (!state.filed || state.ownerId !== actorId)
          throw new DomainError('invalid', SUPPORT_MESSAGES.claimNotFound, {
            errors: [{ field: 'claimId', message: SUPPORT_MESSAGES.claimNotFound }],
          });
      }
      const { state: user } = await loadState(store, streams.user(actorId), userDecider);
      const requestId = randomUUID();
      const result = await onRequest(
        requestId,
        {
          type: 'OpenSupportRequest',
          data: {
            actorId,
            requestId,
            messageId: randomUUID(),
            content: await vault.seal(actorId, { subject: body.subject, message: body.message }),
            claimId,
            tier: user.tier,
            prioritySupport: memberTier(user.tier).hasPrioritySupport,
            openedAt: now().toISOString(),
          },
        },
        metadata,
      );
      return { requestId, position: result.position };
    },

    async reply(actor: SupportActor, requestId: string, message: string, metadata: Metadata) {
      const ownerId = await ownerOf(requestId);
      // A veteran writing to someone else's request learns nothing, not even that it exists.
      if (actor.as === 'veteran' && ownerId !== actor.actorId) throw new DomainError('not-found', SUPPORT_MESSAGES.requestNotFound);
      const messageId = randomUUID();
      const result = await onRequest(
        requestId,
        { type: 'ReplyToSupportRequest', data: { ...actor, requestId, messageId, content: await vault.seal(ownerId, { message }) } },
        metadata,
      );
      return { messageId, position: result.position };
    },

    async close(actor: SupportActor, requestId: string, metadata: Metadata) {
      const result = await onRequest(requestId, { type: 'CloseSupportRequest', data: { ...actor, requestId } }, metadata);
      return { position: result.position };
    },
  };
}

export type SupportRequestCommands = ReturnType<typeof supportRequestCommands>;

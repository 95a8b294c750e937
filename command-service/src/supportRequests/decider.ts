import { SUPPORT_MESSAGES, type EventDataOf, type SupportRequestEvent } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { SupportRequestEvent };

export interface SupportRequestState {
  opened: boolean;
  ownerId: string | null;
  closed: boolean;
}

/** Who acts: the request's veteran, or a support agent (the route has checked the permission). */
export type SupportActor = { actorId: string; as: 'veteran' | 'support' };

export type SupportRequestCommand =
  | { type: 'OpenSupportRequest'; data: Omit<EventDataOf<'SupportRequestOpened'>, 'userId'> & { actorId: string } }
  | {
      type: 'ReplyToSupportRequest';
      data: SupportActor & Pick<EventDataOf<'SupportRequestReplied'>, 'requestId' | 'messageId' | 'content'>;
    }
  | { type: 'CloseSupportRequest'; data: SupportActor & { requestId: string } };

export const supportRequestDecider: Decider<SupportRequestState, SupportRequestCommand, SupportRequestEvent> = {
  initialState: () => ({ opened: false, ownerId: null, closed: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'SupportRequestOpened':
        return { ...state, opened: true, ownerId: event.data.userId };
      case 'SupportRequestReplied':
        return state;
      case 'SupportRequestClosed':
        return { ...state, closed: true };
    }
  },

  decide(command, state) {
    if (command.type === 'OpenSupportRequest') {
      if (state.opened) throw new DomainError('conflict', 'This support request already exists.');
      const { actorId, ...data } = command.data;
      return [{ type: 'SupportRequestOpened', data: { ...data, userId: actorId } }];
    }
    const { actorId, as, requestId } = command.data;
    // Another veteran's request is answered like a missing one: its existence is not revealed.
    if (!state.opened || (as === 'veteran' && state.ownerId !== actorId))
      throw new DomainError('not-found', SUPPORT_MESSAGES.requestNotFound);
    const userId = state.ownerId!;
    switch (command.type) {
      case 'ReplyToSupportRequest':
        if (state.closed) throw new DomainError('conflict', SUPPORT_MESSAGES.closed);
        return [
          {
            type: 'SupportRequestReplied',
            data: { requestId, userId, messageId: command.data.messageId, author: as, authorId: actorId, content: command.data.content },
          },
        ];
      case 'CloseSupportRequest':
        // Closing twice changes nothing.
        if (state.closed) return [];
        return [{ type: 'SupportRequestClosed', data: { requestId, userId, closedBy: as, actorId } }];
    }
  },
};

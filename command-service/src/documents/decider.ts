import type { DomainEvent, EventDataOf } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type DocumentEvent = Extract<DomainEvent, { type: 'DocumentRegistered' | 'DocumentLinkedToClaim' | 'DocumentDeleted' }>;

export interface DocumentState {
  registered: boolean;
  deleted: boolean;
  ownerId: string | null;
  claimId: string | null;
  objectPath: string | null;
}

export type DocumentCommand =
  | { type: 'RegisterDocument'; data: EventDataOf<'DocumentRegistered'> }
  | { type: 'LinkDocumentToClaim'; data: { actorId: string; documentId: string; claimId: string | null } }
  | { type: 'DeleteDocument'; data: { actorId: string; documentId: string } };

const NOT_FOUND = 'Document not found.';

export const documentDecider: Decider<DocumentState, DocumentCommand, DocumentEvent> = {
  initialState: () => ({ registered: false, deleted: false, ownerId: null, claimId: null, objectPath: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'DocumentRegistered':
        return { ...state, registered: true, ownerId: event.data.userId, claimId: event.data.claimId, objectPath: event.data.objectPath };
      case 'DocumentLinkedToClaim':
        return { ...state, claimId: event.data.claimId };
      case 'DocumentDeleted':
        return { ...state, deleted: true };
    }
  },

  decide(command, state) {
    if (command.type === 'RegisterDocument') {
      if (state.registered) throw new DomainError('conflict', 'This document already exists.');
      return [{ type: 'DocumentRegistered', data: command.data }];
    }
    // Someone else's document, or a deleted one, is answered like a missing one.
    if (!state.registered || state.deleted || state.ownerId !== command.data.actorId) throw new DomainError('not-found', NOT_FOUND);
    const base = { documentId: command.data.documentId, userId: state.ownerId };
    switch (command.type) {
      case 'LinkDocumentToClaim':
        if (command.data.claimId === state.claimId) return [];
        return [{ type: 'DocumentLinkedToClaim', data: { ...base, claimId: command.data.claimId } }];
      case 'DeleteDocument':
        return [{ type: 'DocumentDeleted', data: base }];
    }
  },
};

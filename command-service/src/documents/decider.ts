import {
  ANALYSIS_MESSAGES,
  STALE_ANALYSIS_MS,
  type AnalysisType,
  type DocumentEvent,
  type EventDataOf,
  type SealedData,
} from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { DocumentEvent };

export interface DocumentState {
  registered: boolean;
  deleted: boolean;
  ownerId: string | null;
  claimId: string | null;
  objectPath: string | null;
  detectedType: string | null;
  fileSize: number;
  /** The sealed `{ fileName }` from registration. */
  name: SealedData | null;
  /** The analysis in progress, if any. */
  processing: { analysisId: string; analysisType: AnalysisType; requestedAt: string } | null;
  /** The latest completed analysis, if any. */
  completedAnalysisId: string | null;
}

export type DocumentCommand =
  | { type: 'RegisterDocument'; data: EventDataOf<'DocumentRegistered'> }
  | { type: 'LinkDocumentToClaim'; data: { actorId: string; documentId: string; claimId: string | null } }
  | { type: 'DeleteDocument'; data: { actorId: string; documentId: string } }
  | {
      type: 'RequestDocumentAnalysis';
      data: { actorId: string; documentId: string; analysisId: string; analysisType: AnalysisType; now: Date };
    }
  | {
      type: 'CompleteDocumentAnalysis';
      data: { documentId: string; analysisId: string; engine: { name: string; model: string }; result: SealedData };
    }
  | { type: 'FailDocumentAnalysis'; data: { documentId: string; analysisId: string; reason: string } };

const NOT_FOUND = 'Document not found.';

export const documentDecider: Decider<DocumentState, DocumentCommand, DocumentEvent> = {
  initialState: () => ({
    registered: false,
    deleted: false,
    ownerId: null,
    claimId: null,
    objectPath: null,
    detectedType: null,
    fileSize: 0,
    name: null,
    processing: null,
    completedAnalysisId: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'DocumentRegistered':
        return {
          ...state,
          registered: true,
          ownerId: event.data.userId,
          claimId: event.data.claimId,
          objectPath: event.data.objectPath,
          detectedType: event.data.detectedType,
          fileSize: event.data.fileSize,
          name: event.data.name,
        };
      case 'DocumentLinkedToClaim':
        return { ...state, claimId: event.data.claimId };
      case 'DocumentDeleted':
        return { ...state, deleted: true, processing: null };
      case 'DocumentAnalysisRequested':
        return {
          ...state,
          processing: { analysisId: event.data.analysisId, analysisType: event.data.analysisType, requestedAt: event.data.requestedAt },
        };
      case 'DocumentAnalysisCompleted':
        return { ...state, processing: null, completedAnalysisId: event.data.analysisId };
      case 'DocumentAnalysisFailed':
        return { ...state, processing: null };
    }
  },

  decide(command, state) {
    if (command.type === 'RegisterDocument') {
      if (state.registered) throw new DomainError('conflict', 'This document already exists.');
      return [{ type: 'DocumentRegistered', data: command.data }];
    }
    if (command.type === 'CompleteDocumentAnalysis' || command.type === 'FailDocumentAnalysis') {
      // Only the analysis in progress can finish; a repeated or outdated answer changes nothing.
      const current = state.processing;
      if (state.deleted || !current || current.analysisId !== command.data.analysisId) return [];
      const base = {
        documentId: command.data.documentId,
        userId: state.ownerId!,
        analysisId: current.analysisId,
        analysisType: current.analysisType,
      };
      if (command.type === 'FailDocumentAnalysis')
        return [{ type: 'DocumentAnalysisFailed', data: { ...base, reason: command.data.reason } }];
      return [
        {
          type: 'DocumentAnalysisCompleted',
          data: { ...base, engine: command.data.engine, result: command.data.result, name: state.name! },
        },
      ];
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
      case 'RequestDocumentAnalysis': {
        const { now } = command.data;
        // A request left processing for long is assumed lost (its worker's event parked), so it may be asked again.
        if (state.processing && now.getTime() - Date.parse(state.processing.requestedAt) < STALE_ANALYSIS_MS) {
          throw new DomainError('conflict', ANALYSIS_MESSAGES.alreadyProcessing);
        }
        return [
          {
            type: 'DocumentAnalysisRequested',
            data: {
              ...base,
              analysisId: command.data.analysisId,
              analysisType: command.data.analysisType,
              objectPath: state.objectPath!,
              detectedType: state.detectedType!,
              fileSize: state.fileSize,
              requestedAt: now.toISOString(),
            },
          },
        ];
      }
    }
  },
};

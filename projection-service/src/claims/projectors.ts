import {
  ANALYSIS_TYPE_LABELS,
  CLAIM_PROGRESS,
  CLAIM_STATUS_LABELS,
  CONDITION_TYPE_LABELS,
  CLAIM_EVENT_TYPES,
  DOCUMENT_EVENT_TYPES,
  NOTE_TYPE_LABELS,
  isDecided,
  pickEventTypes,
  type ClaimEvent,
} from '@cc/contracts';
import type { PersonalDataVault, RecordedEvent } from '@cc/platform';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { ERASED, preloadOwners, openClaimEvent, openClaimText, openFileName, type OpenedClaimEvent } from './sealed';
import { ACCOUNT_ERASED } from '../account/erasedRows';

type Timestamp = string | Date;

interface ClaimRow {
  claim_id: string;
  user_id: string;
  claim_number: string;
  condition: string;
  condition_type: string;
  status: string;
  priority: string;
  progress: number;
  rating: number | null;
  next_action: string | null;
  estimated_decision_date: string | null;
  decision_date: string | null;
  filed_at: Timestamp;
  decided_at: Timestamp | null;
  updated_at: Timestamp;
}

interface ClaimNoteRow {
  note_id: string;
  claim_id: string;
  user_id: string;
  note: string;
  note_type: string;
  is_important: boolean;
  previous_status: string | null;
  new_status: string | null;
  created_at: Timestamp;
}

const CLAIM_EVENTS_AND_ERASURE = [...CLAIM_EVENT_TYPES, ACCOUNT_ERASED] as const;

/** The claims list and claim detail: one row per claim, plus its notes (status changes included). */
export function claimsProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof CLAIM_EVENTS_AND_ERASURE)[number], { claims: ClaimRow; claim_notes: ClaimNoteRow }, OpenedClaimEvent>({
    name: 'claims',
    version: 1,
    handles: CLAIM_EVENTS_AND_ERASURE,
    tables: {
      claims: {
        key: ['claim_id'],
        columns: {
          claim_id: 'uuid',
          user_id: 'uuid',
          claim_number: 'text',
          condition: 'text',
          condition_type: 'text',
          status: 'text',
          priority: 'text',
          progress: 'integer',
          rating: 'integer',
          next_action: 'text',
          estimated_decision_date: 'text',
          decision_date: 'text',
          filed_at: 'timestamptz',
          decided_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
      },
      claim_notes: {
        key: ['note_id'],
        columns: {
          note_id: 'uuid',
          claim_id: 'uuid',
          user_id: 'uuid',
          note: 'text',
          note_type: 'text',
          is_important: 'boolean',
          previous_status: 'text',
          new_status: 'text',
          created_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    open: async (event) => (event.type === ACCOUNT_ERASED ? {} : openClaimEvent(vault, event)),
    touches(event) {
      if (event.type === ACCOUNT_ERASED) return { claims: [{ user_id: event.data.userId }], claim_notes: [{ user_id: event.data.userId }] };
      const claim = [{ claim_id: event.data.claimId }];
      switch (event.type) {
        case 'ClaimStatusChanged':
        case 'ClaimDocumentAdded':
          return { claims: claim, claim_notes: [{ note_id: event.id }] };
        case 'ClaimNoteAdded':
          return { claims: claim, claim_notes: [{ note_id: event.data.noteId }] };
        default:
          return { claims: claim };
      }
    },
    evolve({ claims, claim_notes: notes }, event, opened) {
      if (event.type === ACCOUNT_ERASED) {
        for (const note of notes.where({ user_id: event.data.userId })) notes.delete(note);
        for (const claim of claims.where({ user_id: event.data.userId })) claims.delete(claim);
        return;
      }
      const at = event.metadata.occurredAt;
      const claim = claims.get({ claim_id: event.data.claimId });
      /** Changes the claim, when there is one (a change before its filing finds none). */
      const update = (changes: Partial<ClaimRow>) => {
        if (claim) claims.put({ ...claim, ...changes, updated_at: at });
      };
      /** Adds a note unless it is there already (the event was projected before). */
      const addNote = (note: Pick<ClaimNoteRow, 'note_id' | 'note' | 'note_type'> & Partial<ClaimNoteRow>) => {
        if (notes.get({ note_id: note.note_id })) return;
        const { claimId: claim_id, userId: user_id } = event.data;
        notes.put({ claim_id, user_id, is_important: false, previous_status: null, new_status: null, created_at: at, ...note });
      };
      switch (event.type) {
        case 'ClaimFiled': {
          if (claim) return;
          const d = event.data;
          const text = opened.text ?? { condition: ERASED, nextAction: null };
          claims.put({
            claim_id: d.claimId,
            user_id: d.userId,
            claim_number: d.claimNumber,
            condition: text.condition,
            condition_type: d.conditionType,
            status: 'submitted',
            priority: d.priority,
            progress: CLAIM_PROGRESS.submitted,
            rating: null,
            next_action: text.nextAction,
            estimated_decision_date: d.estimatedDecisionDate,
            decision_date: null,
            filed_at: d.filedAt,
            decided_at: null,
            updated_at: at,
          });
          return;
        }
        case 'ClaimStatusChanged': {
          const d = event.data;
          // The clock of days pending stops when the claim is decided, and runs again if it is reopened.
          const decidedAt = isDecided(d.to) ? (isDecided(d.from) ? (claim?.decided_at ?? at) : at) : null;
          update({ status: d.to, progress: d.progressPercentage, decided_at: decidedAt });
          addNote({
            note_id: event.id,
            note: [`Status changed to: ${CLAIM_STATUS_LABELS[d.to]}`, opened.note].filter(Boolean).join('\n'),
            note_type: 'status_change',
            previous_status: d.from,
            new_status: d.to,
          });
          return;
        }
        case 'ClaimRatingChanged':
          update({ rating: event.data.to });
          return;
        case 'ClaimNoteAdded': {
          const d = event.data;
          addNote({ note_id: d.noteId, note: opened.note ?? '', note_type: d.noteType, is_important: d.isImportant });
          update({});
          return;
        }
        case 'ClaimPriorityChanged':
          update({ priority: event.data.to });
          return;
        case 'ClaimNextActionChanged':
          update({ next_action: opened.nextAction ?? null });
          return;
        case 'ClaimDecisionDateEstimated':
          update({ estimated_decision_date: event.data.to });
          return;
        case 'ClaimDecisionDateSet':
          update({ decision_date: event.data.to });
          return;
        case 'ClaimDocumentAdded':
          addNote({ note_id: event.id, note: `Document added: ${opened.fileName ?? ERASED}`, note_type: 'document_added' });
          update({});
          return;
      }
    },
  });
}

export type Change = { field: string; from: string | number | boolean | null; to: string | number | boolean | null };
const percent = (value: number | null) => (value === null ? null : `${value}%`);

export interface HistoryEntry {
  title: string;
  description: string | null;
  changes: Change[];
}

/** What each claim event means to a person reading the claim's history, its personal data already opened. */
export function describeOpened(event: ClaimEvent, opened: OpenedClaimEvent): HistoryEntry {
  switch (event.type) {
    case 'ClaimFiled': {
      const d = event.data;
      const text = opened.text ?? { condition: ERASED, nextAction: null };
      return {
        title: 'Claim filed',
        description: `${d.claimNumber}: ${text.condition}`,
        changes: [
          { field: 'Status', from: null, to: CLAIM_STATUS_LABELS.submitted },
          { field: 'Type', from: null, to: CONDITION_TYPE_LABELS[d.conditionType] },
          { field: 'Priority', from: null, to: d.priority },
          ...(text.nextAction ? [{ field: 'Next action', from: null, to: text.nextAction }] : []),
        ],
      };
    }
    case 'ClaimStatusChanged': {
      const d = event.data;
      return {
        title: 'Status changed',
        description: opened.note ?? null,
        changes: [
          { field: 'Status', from: CLAIM_STATUS_LABELS[d.from], to: CLAIM_STATUS_LABELS[d.to] },
          { field: 'Progress', from: percent(CLAIM_PROGRESS[d.from]), to: percent(d.progressPercentage) },
        ],
      };
    }
    case 'ClaimRatingChanged': {
      const d = event.data;
      return {
        title: d.to === null ? 'Rating cleared' : 'Rating changed',
        description: null,
        changes: [{ field: 'Rating', from: percent(d.from), to: percent(d.to) }],
      };
    }
    case 'ClaimNoteAdded': {
      const d = event.data;
      return {
        title: 'Note added',
        description: opened.note ?? null,
        changes: [
          { field: 'Note type', from: null, to: NOTE_TYPE_LABELS[d.noteType] },
          { field: 'Important', from: null, to: d.isImportant },
        ],
      };
    }
    case 'ClaimPriorityChanged': {
      const d = event.data;
      return { title: 'Priority changed', description: null, changes: [{ field: 'Priority', from: d.from, to: d.to }] };
    }
    case 'ClaimNextActionChanged':
      return {
        title: 'Next action changed',
        description: null,
        changes: [{ field: 'Next action', from: null, to: opened.nextAction ?? null }],
      };
    case 'ClaimDecisionDateEstimated': {
      const d = event.data;
      return { title: 'Estimated decision date changed', description: null, changes: [{ field: 'Est. decision', from: d.from, to: d.to }] };
    }
    case 'ClaimDocumentAdded':
      return { title: 'Document added', description: opened.fileName ?? ERASED, changes: [] };
    case 'ClaimDecisionDateSet': {
      const d = event.data;
      return {
        title: d.to === null ? 'Decision date cleared' : 'Decision date set',
        description: null,
        changes: [{ field: 'Decision date', from: d.from, to: d.to }],
      };
    }
  }
}

const isClaimEvent = (event: RecordedEvent): event is RecordedEvent & ClaimEvent =>
  (CLAIM_EVENT_TYPES as readonly string[]).includes(event.type);

/** What a claim event means to a person reading the claim's history; undefined for any other event. */
export async function describe(vault: PersonalDataVault, event: RecordedEvent): Promise<HistoryEntry | undefined> {
  if (!isClaimEvent(event)) return undefined;
  return describeOpened(event, await openClaimEvent(vault, event));
}

interface ClaimHistoryRow {
  event_id: string;
  claim_id: string;
  owner_id: string;
  type: string;
  title: string;
  description: string | null;
  changes: Change[];
  actor_id: string | null;
  at: Timestamp;
  position_tx: string;
  position_seq: string;
}

/** The claim history: every event of a claim as a timeline entry (what, old → new, who, when). */
export function claimHistoryProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof CLAIM_EVENTS_AND_ERASURE)[number], { claim_history: ClaimHistoryRow }, OpenedClaimEvent>({
    name: 'claim_history',
    version: 1,
    handles: CLAIM_EVENTS_AND_ERASURE,
    tables: {
      claim_history: {
        key: ['event_id'],
        columns: {
          event_id: 'uuid',
          claim_id: 'uuid',
          owner_id: 'uuid',
          type: 'text',
          title: 'text',
          description: 'text',
          changes: 'jsonb',
          actor_id: 'uuid',
          at: 'timestamptz',
          position_tx: 'xid8',
          position_seq: 'bigint',
        },
      },
    },
    preload: preloadOwners(vault),
    open: async (event) => (event.type === ACCOUNT_ERASED ? {} : openClaimEvent(vault, event)),
    touches: (event) => ({
      claim_history: [event.type === ACCOUNT_ERASED ? { owner_id: event.data.userId } : { event_id: event.id }],
    }),
    evolve({ claim_history: history }, event, opened) {
      if (event.type === ACCOUNT_ERASED) {
        for (const entry of history.where({ owner_id: event.data.userId })) history.delete(entry);
        return;
      }
      if (history.get({ event_id: event.id })) return;
      history.put({
        event_id: event.id,
        claim_id: event.data.claimId,
        owner_id: event.data.userId,
        type: event.type,
        ...describeOpened(event, opened),
        actor_id: event.metadata.userId ?? null,
        at: event.metadata.occurredAt,
        position_tx: event.position.txId.toString(),
        position_seq: event.position.seq.toString(),
      });
    },
  });
}

interface ActivityRow {
  id: string;
  user_id: string;
  subject_id: string | null;
  type: string;
  title: string;
  description: string;
  created_at: Timestamp;
}

const ACTIVITY_EVENTS = [
  ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled']),
  ...pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentRegistered', 'DocumentDeleted', 'DocumentAnalysisCompleted']),
  ACCOUNT_ERASED,
] as const;

/** The dashboard's recent activity: claim_created, document_upload and ai_analysis. */
export function activitiesProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof ACTIVITY_EVENTS)[number], { activities: ActivityRow }, string | undefined>({
    name: 'activities',
    version: 1,
    handles: ACTIVITY_EVENTS,
    tables: {
      activities: {
        key: ['id'],
        columns: {
          id: 'uuid',
          user_id: 'uuid',
          subject_id: 'uuid',
          type: 'text',
          title: 'text',
          description: 'text',
          created_at: 'timestamptz',
        },
      },
    },
    /** The description's personal part: the claim's condition or the document's file name. */
    preload: preloadOwners(vault),
    async open(event) {
      switch (event.type) {
        case 'ClaimFiled':
          return (await openClaimText(vault, event.data.userId, event.data.text)).condition;
        case 'DocumentRegistered':
        case 'DocumentAnalysisCompleted':
          return openFileName(vault, event.data.userId, event.data.name);
        default:
          return undefined;
      }
    },
    touches(event) {
      switch (event.type) {
        case ACCOUNT_ERASED:
          return { activities: [{ user_id: event.data.userId }] };
        case 'DocumentDeleted':
          return { activities: [{ subject_id: event.data.documentId }] };
        default:
          return { activities: [{ id: event.id }] };
      }
    },
    evolve({ activities }, event, opened) {
      const record = (row: Omit<ActivityRow, 'id' | 'created_at'>) => {
        if (!activities.get({ id: event.id })) activities.put({ id: event.id, ...row, created_at: event.metadata.occurredAt });
      };
      switch (event.type) {
        case ACCOUNT_ERASED:
          for (const row of activities.where({ user_id: event.data.userId })) activities.delete(row);
          return;
        case 'DocumentDeleted':
          // The history keeps that a document existed; the dashboard stops naming a deleted file.
          for (const row of activities.where({ subject_id: event.data.documentId })) activities.delete(row);
          return;
        case 'DocumentRegistered':
          record({
            user_id: event.data.userId,
            subject_id: event.data.documentId,
            type: 'document_upload',
            title: 'Document uploaded',
            description: opened ?? ERASED,
          });
          return;
        case 'DocumentAnalysisCompleted':
          record({
            user_id: event.data.userId,
            subject_id: event.data.documentId,
            type: 'ai_analysis',
            title: `${ANALYSIS_TYPE_LABELS[event.data.analysisType]} completed`,
            description: opened ?? ERASED,
          });
          return;
        case 'ClaimFiled':
          record({
            user_id: event.data.userId,
            subject_id: event.data.claimId,
            type: 'claim_created',
            title: 'New claim added',
            description: `${opened ?? ERASED} (${event.data.claimNumber})`,
          });
          return;
      }
    },
  });
}

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
  type EventDataOf,
  type EventType,
} from '@cc/contracts';
import type { PersonalDataVault, RecordedEvent } from '@cc/platform';
import type { Knex } from 'knex';
import type { Projector } from '../runner/projector';
import { ERASED, openClaimText, openNextAction, openNote } from './sealed';
import { erasedUserOf, ACCOUNT_ERASED } from '../account/erasedRows';

const dataOf = <T extends EventType>(event: RecordedEvent, _type: T) => event.data as EventDataOf<T>;

/** The claims list and claim detail: one row per claim, plus its notes (status changes included). */
export function claimsProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'claims',
    version: 1,
    tables: ['claims', 'claim_notes'],
    handles: [...CLAIM_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('claim_notes').where({ user_id: erased }).del();
        await trx('claims').where({ user_id: erased }).del();
        return;
      }
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'ClaimFiled': {
          const d = dataOf(event, 'ClaimFiled');
          const text = await openClaimText(vault, d.userId, d.text);
          await trx('claims')
            .insert({
              claim_id: d.claimId,
              user_id: d.userId,
              claim_number: d.claimNumber,
              condition: text.condition,
              condition_type: d.conditionType,
              status: 'submitted',
              priority: d.priority,
              progress: CLAIM_PROGRESS.submitted,
              next_action: text.nextAction,
              estimated_decision_date: d.estimatedDecisionDate,
              filed_at: d.filedAt,
              updated_at: at,
            })
            .onConflict('claim_id')
            .ignore();
          return;
        }
        case 'ClaimStatusChanged': {
          const d = dataOf(event, 'ClaimStatusChanged');
          const note = await openNote(vault, d.userId, d.note);
          // The clock of days pending stops when the claim is decided, and runs again if it is reopened.
          const decidedAt = isDecided(d.to) ? (isDecided(d.from) ? trx.raw('coalesce(decided_at, ?)', [at]) : at) : null;
          await trx('claims')
            .where({ claim_id: d.claimId })
            .update({ status: d.to, progress: d.progressPercentage, decided_at: decidedAt, updated_at: at });
          await trx('claim_notes')
            .insert({
              note_id: event.id,
              claim_id: d.claimId,
              user_id: d.userId,
              note: [`Status changed to: ${CLAIM_STATUS_LABELS[d.to]}`, note].filter(Boolean).join('\n'),
              note_type: 'status_change',
              previous_status: d.from,
              new_status: d.to,
              created_at: at,
            })
            .onConflict('note_id')
            .ignore();
          return;
        }
        case 'ClaimRatingChanged': {
          const d = dataOf(event, 'ClaimRatingChanged');
          await trx('claims').where({ claim_id: d.claimId }).update({ rating: d.to, updated_at: at });
          return;
        }
        case 'ClaimNoteAdded': {
          const d = dataOf(event, 'ClaimNoteAdded');
          await trx('claim_notes')
            .insert({
              note_id: d.noteId,
              claim_id: d.claimId,
              user_id: d.userId,
              note: (await openNote(vault, d.userId, d.note)) ?? '',
              note_type: d.noteType,
              is_important: d.isImportant,
              created_at: at,
            })
            .onConflict('note_id')
            .ignore();
          await trx('claims').where({ claim_id: d.claimId }).update({ updated_at: at });
          return;
        }
        case 'ClaimPriorityChanged': {
          const d = dataOf(event, 'ClaimPriorityChanged');
          await trx('claims').where({ claim_id: d.claimId }).update({ priority: d.to, updated_at: at });
          return;
        }
        case 'ClaimNextActionChanged': {
          const d = dataOf(event, 'ClaimNextActionChanged');
          const nextAction = await openNextAction(vault, d.userId, d.nextAction);
          await trx('claims').where({ claim_id: d.claimId }).update({ next_action: nextAction, updated_at: at });
          return;
        }
        case 'ClaimDecisionDateEstimated': {
          const d = dataOf(event, 'ClaimDecisionDateEstimated');
          await trx('claims').where({ claim_id: d.claimId }).update({ estimated_decision_date: d.to, updated_at: at });
          return;
        }
        case 'ClaimDecisionDateSet': {
          const d = dataOf(event, 'ClaimDecisionDateSet');
          await trx('claims').where({ claim_id: d.claimId }).update({ decision_date: d.to, updated_at: at });
          return;
        }
        case 'ClaimDocumentAdded': {
          const d = dataOf(event, 'ClaimDocumentAdded');
          const fileName = (await vault.open<{ fileName: string }>(d.userId, d.name))?.fileName ?? ERASED;
          await trx('claim_notes')
            .insert({
              note_id: event.id,
              claim_id: d.claimId,
              user_id: d.userId,
              note: `Document added: ${fileName}`,
              note_type: 'document_added',
              created_at: at,
            })
            .onConflict('note_id')
            .ignore();
          await trx('claims').where({ claim_id: d.claimId }).update({ updated_at: at });
          return;
        }
      }
    },
  };
}

export type Change = { field: string; from: string | number | boolean | null; to: string | number | boolean | null };
const percent = (value: number | null) => (value === null ? null : `${value}%`);

/** What each claim event means to a person reading the claim's history. */
export async function describe(
  vault: PersonalDataVault,
  event: RecordedEvent,
): Promise<{ title: string; description: string | null; changes: Change[] } | undefined> {
  switch (event.type) {
    case 'ClaimFiled': {
      const d = dataOf(event, 'ClaimFiled');
      const text = await openClaimText(vault, d.userId, d.text);
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
      const d = dataOf(event, 'ClaimStatusChanged');
      return {
        title: 'Status changed',
        description: await openNote(vault, d.userId, d.note),
        changes: [
          { field: 'Status', from: CLAIM_STATUS_LABELS[d.from], to: CLAIM_STATUS_LABELS[d.to] },
          { field: 'Progress', from: percent(CLAIM_PROGRESS[d.from]), to: percent(d.progressPercentage) },
        ],
      };
    }
    case 'ClaimRatingChanged': {
      const d = dataOf(event, 'ClaimRatingChanged');
      return {
        title: d.to === null ? 'Rating cleared' : 'Rating changed',
        description: null,
        changes: [{ field: 'Rating', from: percent(d.from), to: percent(d.to) }],
      };
    }
    case 'ClaimNoteAdded': {
      const d = dataOf(event, 'ClaimNoteAdded');
      return {
        title: 'Note added',
        description: await openNote(vault, d.userId, d.note),
        changes: [
          { field: 'Note type', from: null, to: NOTE_TYPE_LABELS[d.noteType] },
          { field: 'Important', from: null, to: d.isImportant },
        ],
      };
    }
    case 'ClaimPriorityChanged': {
      const d = dataOf(event, 'ClaimPriorityChanged');
      return { title: 'Priority changed', description: null, changes: [{ field: 'Priority', from: d.from, to: d.to }] };
    }
    case 'ClaimNextActionChanged': {
      const d = dataOf(event, 'ClaimNextActionChanged');
      const next = await openNextAction(vault, d.userId, d.nextAction);
      return { title: 'Next action changed', description: null, changes: [{ field: 'Next action', from: null, to: next }] };
    }
    case 'ClaimDecisionDateEstimated': {
      const d = dataOf(event, 'ClaimDecisionDateEstimated');
      return { title: 'Estimated decision date changed', description: null, changes: [{ field: 'Est. decision', from: d.from, to: d.to }] };
    }
    case 'ClaimDocumentAdded': {
      const d = dataOf(event, 'ClaimDocumentAdded');
      const fileName = (await vault.open<{ fileName: string }>(d.userId, d.name))?.fileName ?? ERASED;
      return { title: 'Document added', description: fileName, changes: [] };
    }
    case 'ClaimDecisionDateSet': {
      const d = dataOf(event, 'ClaimDecisionDateSet');
      return {
        title: d.to === null ? 'Decision date cleared' : 'Decision date set',
        description: null,
        changes: [{ field: 'Decision date', from: d.from, to: d.to }],
      };
    }
  }
  return undefined;
}

/** The claim history: every event of a claim as a timeline entry (what, old → new, who, when). */
export function claimHistoryProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'claim_history',
    version: 1,
    tables: ['claim_history'],
    handles: [...CLAIM_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event, trx: Knex.Transaction) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('claim_history').where({ owner_id: erased }).del();
        return;
      }
      const entry = await describe(vault, event);
      if (!entry) return;
      const data = event.data as { claimId: string; userId: string };
      await trx('claim_history')
        .insert({
          event_id: event.id,
          claim_id: data.claimId,
          owner_id: data.userId,
          type: event.type,
          title: entry.title,
          description: entry.description,
          changes: JSON.stringify(entry.changes),
          actor_id: event.metadata.userId,
          at: event.metadata.occurredAt,
          position_tx: trx.raw('?::xid8', [event.position.txId.toString()]),
          position_seq: event.position.seq.toString(),
        })
        .onConflict('event_id')
        .ignore();
    },
  };
}

/** The dashboard's recent activity: claim_created, document_upload and ai_analysis. */
export function activitiesProjector(vault: PersonalDataVault): Projector {
  const record = (
    trx: Knex.Transaction,
    event: RecordedEvent,
    row: { user_id: string; subject_id: string; type: string; title: string; description: string },
  ) =>
    trx('activities')
      .insert({ id: event.id, ...row, created_at: event.metadata.occurredAt })
      .onConflict('id')
      .ignore();
  const fileName = async (userId: string, name: EventDataOf<'DocumentRegistered'>['name']) =>
    (await vault.open<{ fileName: string }>(userId, name))?.fileName ?? ERASED;

  return {
    name: 'activities',
    version: 1,
    tables: ['activities'],
    handles: [
      ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled']),
      ...pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentRegistered', 'DocumentDeleted', 'DocumentAnalysisCompleted']),
      ACCOUNT_ERASED,
    ],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('activities').where({ user_id: erased }).del();
        return;
      }
      switch (event.type) {
        case 'DocumentDeleted':
          // The history keeps that a document existed; the dashboard stops naming a deleted file.
          await trx('activities')
            .where({ subject_id: dataOf(event, 'DocumentDeleted').documentId })
            .del();
          return;
        case 'DocumentRegistered': {
          const d = dataOf(event, 'DocumentRegistered');
          const description = await fileName(d.userId, d.name);
          await record(trx, event, {
            user_id: d.userId,
            subject_id: d.documentId,
            type: 'document_upload',
            title: 'Document uploaded',
            description,
          });
          return;
        }
        case 'DocumentAnalysisCompleted': {
          const d = dataOf(event, 'DocumentAnalysisCompleted');
          const title = `${ANALYSIS_TYPE_LABELS[d.analysisType]} completed`;
          await record(trx, event, {
            user_id: d.userId,
            subject_id: d.documentId,
            type: 'ai_analysis',
            title,
            description: await fileName(d.userId, d.name),
          });
          return;
        }
        case 'ClaimFiled': {
          const d = dataOf(event, 'ClaimFiled');
          const text = await openClaimText(vault, d.userId, d.text);
          await record(trx, event, {
            user_id: d.userId,
            subject_id: d.claimId,
            type: 'claim_created',
            title: 'New claim added',
            description: `${text.condition} (${d.claimNumber})`,
          });
          return;
        }
      }
    },
  };
}

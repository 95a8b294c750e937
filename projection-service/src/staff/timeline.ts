import {
  ANALYSIS_TYPE_LABELS,
  CLAIM_EVENT_TYPES,
  CLAIM_STATUS_LABELS,
  claimReviewDeadlines,
  isDecided,
  streams,
  type ActorRole,
  type AnalysisType,
  type ClaimDetail,
  type EventDataOf,
  type EventType,
  type HistoryChange,
  type MemberTierName,
  type ProcessingStatus,
  type StaffHistoryEntry,
  staffRoleOfTier,
} from '@cc/contracts';
import { formatPosition, type EventStore, type PersonalDataVault, type RecordedEvent } from '@cc/platform';
import { describe } from '../claims/projectors';
import { toClaim, toClaimNote, type ClaimRow, type NoteRow } from '../claims/queries';
import { ERASED, openClaimText, openNextAction, openNote } from '../claims/sealed';

/**
 * A claim's full history as the event store holds it — the claim's own events and those of every
 * document ever linked to it, in the order they were recorded — and the claim as it stood after
 * any of them (time travel). Read from the store, not from a read model: an audit of a projection
 * would audit the projection. The fold below mirrors what the claims and documents projectors do,
 * and a test holds it to the detail the read models answer at every version.
 */

/** An event with its sealed texts opened (the fold itself is pure). */
export interface TimelineItem {
  event: RecordedEvent;
  texts: { condition?: string; nextAction?: string | null; note?: string | null; fileName?: string };
  /** How the claim history describes a claim event. */
  claimEntry?: { title: string; description: string | null; changes: HistoryChange[] };
}

export interface Timeline {
  claimId: string;
  ownerId: string;
  items: TimelineItem[];
}

const dataOf = <T extends EventType>(event: RecordedEvent, _type: T) => event.data as EventDataOf<T>;
const isClaimEvent = (type: string) => (CLAIM_EVENT_TYPES as readonly string[]).includes(type);

async function openTexts(vault: PersonalDataVault, event: RecordedEvent): Promise<TimelineItem['texts']> {
  switch (event.type) {
    case 'ClaimFiled': {
      const d = dataOf(event, 'ClaimFiled');
      const text = await openClaimText(vault, d.userId, d.text);
      return { condition: text.condition, nextAction: text.nextAction };
    }
    case 'ClaimStatusChanged': {
      const d = dataOf(event, 'ClaimStatusChanged');
      return { note: await openNote(vault, d.userId, d.note) };
    }
    case 'ClaimNoteAdded': {
      const d = dataOf(event, 'ClaimNoteAdded');
      return { note: await openNote(vault, d.userId, d.note) };
    }
    case 'ClaimNextActionChanged': {
      const d = dataOf(event, 'ClaimNextActionChanged');
      return { nextAction: await openNextAction(vault, d.userId, d.nextAction) };
    }
    case 'ClaimDocumentAdded':
    case 'DocumentRegistered':
    case 'DocumentAnalysisCompleted': {
      const d = event.data as { userId: string; name: EventDataOf<'DocumentRegistered'>['name'] };
      return { fileName: (await vault.open<{ fileName: string }>(d.userId, d.name))?.fileName ?? ERASED };
    }
  }
  return {};
}

/** The claim's events and those of its documents, merged in the order they were recorded; undefined when there is no such claim. */
export async function loadTimeline(store: EventStore, vault: PersonalDataVault, claimId: string): Promise<Timeline | undefined> {
  const claim = await store.readStream(streams.claim(claimId));
  const filed = claim.events.find((e) => e.type === 'ClaimFiled');
  if (!filed) return undefined;
  const documentIds = [
    ...new Set(claim.events.filter((e) => e.type === 'ClaimDocumentAdded').map((e) => dataOf(e, 'ClaimDocumentAdded').documentId)),
  ];
  const documents = await Promise.all(documentIds.map((id) => store.readStream(streams.document(id))));
  const events = [...claim.events, ...documents.flatMap((d) => d.events)].sort((a, b) =>
    a.position.txId !== b.position.txId
      ? a.position.txId < b.position.txId
        ? -1
        : 1
      : a.position.seq < b.position.seq
        ? -1
        : a.position.seq > b.position.seq
          ? 1
          : 0,
  );
  const items: TimelineItem[] = [];
  for (const event of events) {
    const described = isClaimEvent(event.type) ? await describe(vault, event) : undefined;
    items.push({ event, texts: await openTexts(vault, event), ...(described ? { claimEntry: described } : {}) });
  }
  return { claimId, ownerId: dataOf(filed, 'ClaimFiled').userId, items };
}

interface DocumentState {
  id: string;
  fileName: string;
  processingStatus: ProcessingStatus;
  claimId: string | null;
  uploadedAt: string;
}

/** The read-model rows of one claim, folded from its timeline. */
export interface ClaimFold {
  claim: ClaimRow | undefined;
  notes: Map<string, NoteRow>;
  documents: Map<string, DocumentState>;
}

export const emptyFold = (): ClaimFold => ({ claim: undefined, notes: new Map(), documents: new Map() });

/** One event applied as the claims and documents projectors apply it (first write wins, like their `on conflict do nothing`). */
export function applyToFold(fold: ClaimFold, item: TimelineItem): void {
  const { event, texts } = item;
  const at = new Date(event.metadata.occurredAt);
  const touch = () => {
    if (fold.claim) fold.claim = { ...fold.claim, updated_at: at };
  };
  const addNote = (note: Omit<NoteRow, 'created_at' | 'previous_status' | 'new_status' | 'is_important'> & Partial<NoteRow>) => {
    if (fold.notes.has(note.note_id)) return;
    fold.notes.set(note.note_id, { is_important: false, previous_status: null, new_status: null, created_at: at, ...note });
  };
  switch (event.type) {
    case 'ClaimFiled': {
      const d = dataOf(event, 'ClaimFiled');
      if (fold.claim) return;
      fold.claim = {
        user_id: d.userId,
        claim_id: d.claimId,
        claim_number: d.claimNumber,
        condition: texts.condition ?? ERASED,
        condition_type: d.conditionType,
        status: 'submitted',
        priority: d.priority,
        progress: 10,
        rating: null,
        next_action: texts.nextAction ?? null,
        estimated_decision_date: d.estimatedDecisionDate,
        filed_at: new Date(d.filedAt),
        decided_at: null,
        decision_date: null,
        updated_at: at,
      };
      return;
    }
    case 'ClaimStatusChanged': {
      const d = dataOf(event, 'ClaimStatusChanged');
      if (fold.claim) {
        const decidedAt = isDecided(d.to) ? (isDecided(d.from) ? (fold.claim.decided_at ?? at) : at) : null;
        fold.claim = { ...fold.claim, status: d.to, progress: d.progressPercentage, decided_at: decidedAt, updated_at: at };
      }
      addNote({
        note_id: event.id,
        note: [`Status changed to: ${CLAIM_STATUS_LABELS[d.to]}`, texts.note].filter(Boolean).join('\n'),
        note_type: 'status_change',
        previous_status: d.from,
        new_status: d.to,
      });
      return;
    }
    case 'ClaimRatingChanged':
      if (fold.claim) fold.claim = { ...fold.claim, rating: dataOf(event, 'ClaimRatingChanged').to, updated_at: at };
      return;
    case 'ClaimNoteAdded': {
      const d = dataOf(event, 'ClaimNoteAdded');
      addNote({ note_id: d.noteId, note: texts.note ?? '', note_type: d.noteType, is_important: d.isImportant });
      touch();
      return;
    }
    case 'ClaimPriorityChanged':
      if (fold.claim) fold.claim = { ...fold.claim, priority: dataOf(event, 'ClaimPriorityChanged').to, updated_at: at };
      return;
    case 'ClaimNextActionChanged':
      if (fold.claim) fold.claim = { ...fold.claim, next_action: texts.nextAction ?? null, updated_at: at };
      return;
    case 'ClaimDecisionDateEstimated':
      if (fold.claim)
        fold.claim = { ...fold.claim, estimated_decision_date: dataOf(event, 'ClaimDecisionDateEstimated').to, updated_at: at };
      return;
    case 'ClaimDecisionDateSet':
      if (fold.claim) fold.claim = { ...fold.claim, decision_date: dataOf(event, 'ClaimDecisionDateSet').to, updated_at: at };
      return;
    case 'ClaimDocumentAdded':
      addNote({ note_id: event.id, note: `Document added: ${texts.fileName ?? ERASED}`, note_type: 'document_added' });
      touch();
      return;
    case 'DocumentRegistered': {
      const d = dataOf(event, 'DocumentRegistered');
      if (fold.documents.has(d.documentId)) return;
      fold.documents.set(d.documentId, {
        id: d.documentId,
        fileName: texts.fileName ?? ERASED,
        processingStatus: 'pending',
        claimId: d.claimId,
        uploadedAt: event.metadata.occurredAt,
      });
      return;
    }
    case 'DocumentLinkedToClaim':
    case 'DocumentAnalysisRequested':
    case 'DocumentAnalysisCompleted':
    case 'DocumentAnalysisFailed': {
      const d = event.data as { documentId: string; claimId?: string | null };
      const document = fold.documents.get(d.documentId);
      if (!document) return;
      if (event.type === 'DocumentLinkedToClaim') document.claimId = d.claimId ?? null;
      if (event.type === 'DocumentAnalysisRequested') document.processingStatus = 'processing';
      if (event.type === 'DocumentAnalysisCompleted') document.processingStatus = 'completed';
      if (event.type === 'DocumentAnalysisFailed') document.processingStatus = 'failed';
      return;
    }
    case 'DocumentDeleted':
      fold.documents.delete(dataOf(event, 'DocumentDeleted').documentId);
      return;
  }
}

/** The claim detail as the read models would answer it from these rows, at `now`. */
export function detailOf(fold: ClaimFold, claimId: string, now: Date): ClaimDetail | undefined {
  if (!fold.claim) return undefined;
  const notes = [...fold.notes.values()].sort(
    (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.note_id < b.note_id ? -1 : a.note_id > b.note_id ? 1 : 0),
  );
  const documents = [...fold.documents.values()]
    .filter((d) => d.claimId === claimId)
    .sort((a, b) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((d) => ({ id: d.id, fileName: d.fileName, processingStatus: d.processingStatus }));
  const claim = toClaim(fold.claim, now);
  return { ...claim, notes: notes.map(toClaimNote), documents, reviewDeadlines: claimReviewDeadlines(claim) };
}

/** The claim right after the first `version` entries of its history, days pending counted as of then. */
export function claimAtVersion(timeline: Timeline, version: number): { detail: ClaimDetail; asOf: string } | undefined {
  if (!Number.isInteger(version) || version < 1 || version > timeline.items.length) return undefined;
  const fold = emptyFold();
  for (const item of timeline.items.slice(0, version)) applyToFold(fold, item);
  const asOf = timeline.items[version - 1]!.event.metadata.occurredAt;
  const detail = detailOf(fold, timeline.claimId, new Date(asOf));
  return detail ? { detail, asOf } : undefined;
}

export interface ActorInfo {
  /** Display names by user id. */
  names: Map<string, string>;
  /** Each user's tiers over time, oldest first. */
  tiers: Map<string, { at: Date; tier: MemberTierName }[]>;
}

function actorOf(event: RecordedEvent, ownerId: string, actors: ActorInfo): StaffHistoryEntry['actor'] {
  const id = event.metadata.userId;
  if (!id) {
    return event.metadata.operator
      ? { id: null, name: event.metadata.operator, role: 'operator' }
      : { id: null, name: 'Claims Copilot', role: 'system' };
  }
  const name = actors.names.get(id) ?? 'Unknown user';
  if (id === ownerId) return { id, name, role: 'veteran' };
  // In the capacity they had then: the tier in force when the event was recorded.
  const at = new Date(event.metadata.occurredAt);
  const tier = (actors.tiers.get(id) ?? []).filter((t) => t.at <= at).at(-1)?.tier;
  const role: ActorRole = (tier && staffRoleOfTier(tier)) || 'member';
  return { id, name, role };
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
const analysisLabel = (type: AnalysisType) => ANALYSIS_TYPE_LABELS[type] ?? type;

/** What a document event means for the claim's history, given the documents as they stood before it. */
function documentEntry(
  item: TimelineItem,
  before: ClaimFold,
  claimId: string,
  claimNumber: string,
): { summary: string; changes: HistoryChange[] } {
  const { event, texts } = item;
  const claimLabel = (id: string | null) => (id === null ? null : id === claimId ? claimNumber : `another claim (${id})`);
  const document = (id: string) => before.documents.get(id);
  const statusChange = (id: string, to: ProcessingStatus): HistoryChange => ({
    field: 'Processing status',
    from: document(id)?.processingStatus ?? null,
    to,
  });
  switch (event.type) {
    case 'DocumentRegistered': {
      const d = dataOf(event, 'DocumentRegistered');
      return {
        summary: `Document uploaded: ${texts.fileName}`,
        changes: [
          { field: 'Document', from: null, to: texts.fileName ?? ERASED },
          { field: 'Type', from: null, to: d.detectedType },
          { field: 'Size', from: null, to: sizeText(d.fileSize) },
          { field: 'Claim', from: null, to: claimLabel(d.claimId) },
        ],
      };
    }
    case 'DocumentLinkedToClaim': {
      const d = dataOf(event, 'DocumentLinkedToClaim');
      const name = document(d.documentId)?.fileName ?? 'Document';
      const summary =
        d.claimId === claimId
          ? `${name} linked to this claim`
          : d.claimId
            ? `${name} moved to another claim`
            : `${name} unlinked from this claim`;
      return {
        summary,
        changes: [{ field: 'Claim', from: claimLabel(document(d.documentId)?.claimId ?? null), to: claimLabel(d.claimId) }],
      };
    }
    case 'DocumentAnalysisRequested': {
      const d = dataOf(event, 'DocumentAnalysisRequested');
      return {
        summary: `${analysisLabel(d.analysisType)} requested for ${document(d.documentId)?.fileName ?? 'a document'}`,
        changes: [statusChange(d.documentId, 'processing')],
      };
    }
    case 'DocumentAnalysisCompleted': {
      const d = dataOf(event, 'DocumentAnalysisCompleted');
      return {
        summary: `${analysisLabel(d.analysisType)} completed for ${texts.fileName}`,
        changes: [statusChange(d.documentId, 'completed'), { field: 'Engine', from: null, to: `${d.engine.name} (${d.engine.model})` }],
      };
    }
    case 'DocumentAnalysisFailed': {
      const d = dataOf(event, 'DocumentAnalysisFailed');
      return {
        summary: `${analysisLabel(d.analysisType)} failed for ${document(d.documentId)?.fileName ?? 'a document'}: ${d.reason}`,
        changes: [statusChange(d.documentId, 'failed')],
      };
    }
    case 'DocumentDeleted': {
      const d = dataOf(event, 'DocumentDeleted');
      return {
        summary: `Document deleted: ${document(d.documentId)?.fileName ?? 'a document'}`,
        changes: [{ field: 'Document', from: document(d.documentId)?.fileName ?? null, to: null }],
      };
    }
  }
  return { summary: event.type, changes: [] };
}

/** Every entry of the history, numbered from 1 in recorded order. */
export function historyEntries(timeline: Timeline, actors: ActorInfo): StaffHistoryEntry[] {
  const fold = emptyFold();
  const entries: StaffHistoryEntry[] = [];
  timeline.items.forEach((item, index) => {
    const { event } = item;
    let summary: string;
    let changes: HistoryChange[];
    if (item.claimEntry) {
      summary = item.claimEntry.description ? `${item.claimEntry.title}: ${item.claimEntry.description}` : item.claimEntry.title;
      changes = item.claimEntry.changes;
    } else {
      ({ summary, changes } = documentEntry(item, fold, timeline.claimId, fold.claim?.claim_number ?? 'this claim'));
    }
    applyToFold(fold, item);
    entries.push({
      version: index + 1,
      eventId: event.id,
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      position: formatPosition(event.position),
      type: event.type,
      occurredAt: event.metadata.occurredAt,
      actor: actorOf(event, timeline.ownerId, actors),
      summary,
      changes,
    });
  });
  return entries;
}

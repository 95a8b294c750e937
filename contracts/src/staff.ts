import type { Claim, ClaimDetail } from './claims';
import { STAFF_ROLES } from './events/staff';
import type { MemberTierName } from './tiers';
import type { Role } from './roles';
import type { ProcessingStatus } from './documents';

/**
 * The staff console's API bodies: audit of every claim for adjudicators and
 * administrators, projections, rebuilds, dead letters and the event log for support.
 */

// Every staff role an event may record is a Role, and the other way round.
const _staffRolesAreRoles: readonly Role[] = STAFF_ROLES;
void _staffRolesAreRoles;

/** A row of `GET /api/staff/claims`: the claim as its owner sees it in their list, and whose it is. */
export interface StaffClaim extends Claim {
  userId: string;
  /** The owner's display name (first and last name, else the e-mail's local part). */
  ownerName: string;
  ownerEmail: string;
}

export interface ClaimOwner {
  id: string;
  name: string;
  email: string;
}

/** `GET /api/staff/claims/{id}`: the claim as the veteran sees it, plus its owner. */
export interface StaffClaimDetail extends ClaimDetail {
  owner: ClaimOwner;
}

/** `GET /api/staff/claims/{id}/history?at=<version>`: the claim right after that version, folded from the events. */
export interface StaffClaimAtVersion extends StaffClaimDetail {
  version: number;
  /** When that version was recorded. */
  asOf: string;
}

/** Who did something, in what capacity at the time. */
export type ActorRole = 'veteran' | Role | 'member' | 'system' | 'operator';

export interface HistoryChange {
  field: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
}

/**
 * One event of a claim or of a document linked to it. `version` numbers the claim's history (the
 * events of the claim and of its documents, in the order they were recorded) from 1; `?at=` takes it.
 */
export interface StaffHistoryEntry {
  version: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  /** Global position, `"tx.seq"`. */
  position: string;
  type: string;
  occurredAt: string;
  actor: { id: string | null; name: string; role: ActorRole };
  summary: string;
  changes: HistoryChange[];
}

/** A row of `GET /api/staff/documents`: a document's listing, for staff, without its analysis. */
export interface StaffDocument {
  id: string;
  userId: string;
  ownerName: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  processingStatus: ProcessingStatus;
  analysisType: string | null;
  claimId: string | null;
  uploadedAt: string;
}

/** A row of `GET /api/staff/access-log`. */
export interface AccessLogEntry {
  id: string;
  at: string;
  staffId: string;
  staffName: string;
  staffRole: Role;
  endpoint: string;
  claimId: string | null;
  claimNumber: string | null;
  ownerId: string | null;
  ownerName: string | null;
  version: number | null;
  rows: number | null;
  subjectEventId: string | null;
}

export type ProjectionState = 'live' | 'catching-up' | 'degraded' | 'rebuilding' | 'stopped';

export type RebuildState = 'running' | 'swapped' | 'failed';

/** `GET /api/staff/rebuilds/{rebuildId}` */
export interface RebuildStatus {
  id: string;
  projection: string;
  projectionVersion: number;
  state: RebuildState;
  processed: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  /** Why it failed (state failed). */
  error: string | null;
  /** Who asked: an account id, or null for an operator at the command line. */
  requestedBy: string | null;
  operator: string | null;
}

/** A row of `GET /api/staff/projections`: one read model. */
export interface ProjectionStatus {
  /** The read model's name (its projector's). */
  id: string;
  name: string;
  version: number;
  /** The tables it writes, which a rebuild replaces. */
  tables: string[];
  /** Its checkpoint, `"tx.seq"`. */
  position: string;
  headPosition: string;
  /** Events recorded after its checkpoint (counted up to 100,000). */
  lag: number;
  /** Caught up with the log at least once and not waiting out a fault. */
  live: boolean;
  state: ProjectionState;
  lastError: string | null;
  lastErrorAt: string | null;
  deadLetters: number;
  /** The newest rebuild of it, running or finished. */
  rebuild: RebuildStatus | null;
}

/** A row of `GET /api/staff/dead-letters`. */
export interface DeadLetter {
  id: string;
  subscription: string;
  eventId: string;
  streamId: string;
  type: string;
  position: string;
  attempts: number;
  error: string;
  parkedAt: string;
}

/** A row of `GET /api/staff/events`: one event as stored, personal data redacted. */
export interface EventLogEntry {
  id: string;
  position: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  actorId: string | null;
  operator: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  recordedAt: string;
  /** Sealed personal data appears as {@link REDACTED}, or opened when an administrator asked for it. */
  data: unknown;
}

/** `GET /api/staff/events/{id}?reveal=true`: with the sealed fields opened, for administrators. */
export interface EventLogDetail extends EventLogEntry {
  revealed: boolean;
}

/** What a sealed field shows to someone who may not open it. */
export const REDACTED = '[redacted]';
/** What a sealed field shows when its owner's key was erased. */
export const ERASED_PERSONAL_DATA = '[erased]';

/** A row of `GET /api/staff/tier-history`. */
export interface TierHistoryEntry {
  id: string;
  userId: string;
  from: MemberTierName | null;
  to: MemberTierName;
  reason: 'registered' | 'administrator' | 'subscription' | 'operator';
  actorId: string | null;
  actorName: string | null;
  operator: string | null;
  at: string;
}

/** `GET /api/staff/users/{id}`: one user as the users list shows them. */
export interface StaffUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  memberTier: MemberTierName;
  memberTierData: { displayName: string };
  createdAt: string;
  claims: number;
  documents: number;
}

import type { Knex } from 'knex';
import {
  MEMBER_TIERS,
  type ClaimStatus,
  type DeadlineKind,
  type EvidenceElement,
  type EvidenceElementName,
  type EvidenceMap,
  type EvidenceState,
} from '@cc/contracts';
import { openStrategySteps } from '@cc/contracts/strategy';
import { deadlinesDueWithin } from '../deadlines/queries';

/** The read models the weekly digest reads (notification-service/src/digest), one query each. */

const CLAIM_INSIGHT_TIERS = MEMBER_TIERS.filter((tier) => tier.hasClaimInsights).map((tier) => tier.tierName);

export async function claimInsightUsers(knex: Knex): Promise<string[]> {
  const rows: { user_id: string }[] = await knex('user_profiles').whereIn('member_tier', CLAIM_INSIGHT_TIERS).select('user_id');
  return rows.map((r) => r.user_id);
}

export async function digestClaims(knex: Knex, userId: string) {
  const rows: { claim_id: string; claim_number: string; condition: string }[] = await knex('claims')
    .where({ user_id: userId })
    .select('claim_id', 'claim_number', 'condition');
  return rows.map((r) => ({ claimId: r.claim_id, claimNumber: r.claim_number, condition: r.condition }));
}

/** Status changes are the claims' `status_change` notes, dated when the change was recorded. */
export async function statusChangesBetween(knex: Knex, userId: string, from: Date, to: Date) {
  const rows: { claim_id: string; previous_status: ClaimStatus; new_status: ClaimStatus; created_at: Date }[] = await knex('claim_notes')
    .where({ user_id: userId, note_type: 'status_change' })
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .select('claim_id', 'previous_status', 'new_status', 'created_at');
  return rows.map((r) => ({ claimId: r.claim_id, from: r.previous_status, to: r.new_status, at: r.created_at.toISOString() }));
}

export async function userDeadlinesDueWithin(knex: Knex, userId: string, now: Date, days: number) {
  const due = await deadlinesDueWithin(knex, now, days);
  return due
    .filter((claim) => claim.userId === userId)
    .flatMap((claim) => claim.deadlines.map((d) => ({ claimId: claim.claimId, kind: d.kind as DeadlineKind, dueDate: d.dueDate })));
}

export async function evidenceSnapshots(knex: Knex, userIds: readonly string[]) {
  const rows: { claim_id: string; user_id: string; readiness: number; elements: EvidenceElement[]; updated_at: Date }[] = await knex(
    'evidence_maps',
  )
    .whereIn('user_id', userIds)
    .select('claim_id', 'user_id', 'readiness', 'elements', 'updated_at');
  return rows.map((r) => ({
    claimId: r.claim_id,
    userId: r.user_id,
    readiness: r.readiness,
    states: Object.fromEntries(r.elements.map((e) => [e.element, e.state])) as Partial<Record<EvidenceElementName, EvidenceState>>,
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** The claim strategy's steps not done on the user's open claims (`openStrategySteps`, the Strategy tab's list). */
export async function strategyStepsOf(knex: Knex, userId: string) {
  const rows: { claim_id: string; stage: EvidenceMap['stage']; readiness: number; elements: EvidenceElement[] }[] = await knex(
    'evidence_maps',
  )
    .where({ user_id: userId })
    .orderBy('claim_id')
    .select('claim_id', 'stage', 'readiness', 'elements');
  return rows.flatMap((r) =>
    openStrategySteps({ claimId: r.claim_id, stage: r.stage, readiness: r.readiness, elements: r.elements }).map((step) => ({
      claimId: r.claim_id,
      title: step.title,
      state: step.state,
      gain: step.gain,
    })),
  );
}

import {
  readinessOf,
  type Deadline,
  type EvidenceElement,
  type EvidenceElementName,
  type EvidenceStage,
  type EvidenceState,
} from '@cc/contracts';
import { findingMatches, splitSecondary } from '@cc/contracts/reading';
import { deniedElements, deniedReason, grantedElements, grantedReason, supplementalDeadline } from './decided';
import { diagnosisElement } from './diagnosis';
import { inServiceElement, primaryOf } from './inService';
import { nexusElement } from './nexus';
import type { EvidenceAnalysis, EvidenceClaim, EvidenceInput } from './types';

export type { EvidenceAnalysis, EvidenceClaim, EvidenceInput } from './types';
export { documentSource } from './analyses';

/**
 * The evidence rules, pure: which finding proves which element of service connection (DOMAIN §3.1),
 * read with the shared sentence reader (`@cc/contracts/reading`), so the analysis engine, these
 * rules and the chat agree. Each rule and its citation is in docs/legal-rules.md.
 *
 * Honesty about uncertainty: a finding counts only with the sentence it came from; without it,
 * whichever engine produced it, the element is unverified and says so.
 */

export interface EvidenceRuling {
  stage: EvidenceStage;
  readiness: number;
  readinessReason: string;
  elements: EvidenceElement[];
  reviewDeadline: Deadline | null;
}

const NEEDS: Record<EvidenceElementName, string> = {
  diagnosis: 'a current diagnosis',
  'in-service': 'an in-service event',
  nexus: 'a nexus opinion',
};

const list = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const isAre = (xs: string[]) => (xs.length > 1 ? 'are' : 'is');

/** What holds the claim back, worst first: missing, against, unverified, weak. */
export function readinessReason(elements: readonly Pick<EvidenceElement, 'element' | 'state'>[]): string {
  const of = (state: EvidenceState) => elements.filter((e) => e.state === state).map((e) => NEEDS[e.element]);
  const [missing, against, unverified, weak] = [of('missing'), of('against'), of('unverified'), of('weak')];
  const parts: string[] = [];
  if (missing.length) parts.push(`Needs ${list(missing)}`);
  if (against.length) parts.push(`${list(against)} ${isAre(against)} against the claim`);
  if (unverified.length) parts.push(`${list(unverified)} cannot be checked`);
  if (weak.length) parts.push(parts.length ? `${list(weak)} ${isAre(weak)} weak` : `Strengthen ${list(weak)}`);
  if (parts.length === 0) return 'Every element is proven or presumed.';
  const sentence = parts.join('; ');
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}

/** The condition a claim is for: a secondary claim's own condition, with its named primary. */
export function claimedCondition(claim: Pick<EvidenceClaim, 'condition' | 'conditionType'>): { condition: string; primary: string | null } {
  return claim.conditionType === 'secondary' ? splitSecondary(claim.condition) : { condition: claim.condition, primary: null };
}

/** The VA diagnostic codes the analyses give for the claimed condition (findings of other conditions left out). */
export function conditionCodes(claim: Pick<EvidenceClaim, 'condition' | 'conditionType'>, analyses: readonly EvidenceAnalysis[]): string[] {
  const { condition } = claimedCondition(claim);
  return [
    ...new Set(
      analyses.flatMap((a) =>
        a.result.conditionFindings.filter((f) => f.diagnosticCode && findingMatches(condition, f).same).map((f) => f.diagnosticCode!),
      ),
    ),
  ];
}

/** The evidence map of one claim. */
export function evidenceRuling(input: EvidenceInput): EvidenceRuling {
  const { claim, analyses, otherClaims } = input;
  const split = claimedCondition(claim);
  const condition = split.condition;
  const codes = conditionCodes(claim, analyses);

  if (claim.status === 'approved') {
    const elements = grantedElements();
    return {
      stage: 'granted',
      readiness: readinessOf(elements.map((e) => e.state)),
      readinessReason: grantedReason(claim, condition, codes),
      elements,
      reviewDeadline: null,
    };
  }

  const secondary =
    claim.conditionType === 'secondary'
      ? primaryOf(
          condition,
          split.primary,
          otherClaims.filter((c) => c.claimId !== claim.claimId),
          analyses,
        )
      : undefined;
  const building = [
    diagnosisElement(claim, condition, analyses, codes),
    inServiceElement(claim, condition, analyses, secondary),
    nexusElement(claim, condition, analyses, secondary),
  ];
  const readiness = readinessOf(building.map((e) => e.state));
  if (claim.status === 'denied') {
    const elements = deniedElements(building);
    const deadline = supplementalDeadline(claim.decisionDate);
    return { stage: 'denied', readiness, readinessReason: deniedReason(elements, claim, deadline), elements, reviewDeadline: deadline };
  }
  return { stage: 'building', readiness, readinessReason: readinessReason(building), elements: building, reviewDeadline: null };
}

/** A claim's status as the ruling reads it: granted, denied, or still building whatever the step. */
const decidedAs = (status: EvidenceClaim['status']) => (status === 'approved' || status === 'denied' ? status : 'building');

/** A text as part of a key: prefixed with its length, so that no two different lists of texts give one key. */
const field = (text: string | number) => {
  const t = String(text);
  return `${t.length}:${t}`;
};

const claimKey = (c: EvidenceClaim, status: string) =>
  field(c.claimId) + field(c.claimNumber) + field(c.condition) + field(c.conditionType) + field(status) + field(c.decisionDate ?? '');

/**
 * What `evidenceRuling` reads of its input, as one string: two inputs with the same key get the
 * same ruling, so a caller may keep a ruling by its key for the length of a batch. The claim's own
 * status counts only as granted, denied or still building; the owner's other claims only for a
 * secondary claim (the primary it stands on); an analysis by its ids and `resultId`, a number
 * naming its result (the same result, the same number). Kept beside the rules: a rule that reads
 * more of the input must add it here.
 */
export function rulingKey(input: EvidenceInput, resultId: (result: EvidenceAnalysis['result']) => number): string {
  const { claim, analyses, otherClaims } = input;
  let key = claimKey(claim, decidedAs(claim.status)) + field(analyses.length);
  for (const a of analyses)
    key += field(a.documentId) + field(a.fileName) + field(a.analysisId) + field(a.analysisType) + field(resultId(a.result));
  if (claim.conditionType === 'secondary') for (const c of otherClaims) key += claimKey(c, c.status);
  return key;
}

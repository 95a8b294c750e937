import { decisionReviewDeadlines, type Deadline, type EvidenceElement, type EvidenceElementName } from '@cc/contracts';
import { formStep } from './steps';
import type { EvidenceClaim } from './types';

/**
 * A decided claim's map. Granted: VA's decision established the three elements (for an increase,
 * what counts next is the evidence of severity for the diagnostic code). Denied: the map turns into
 * what new and relevant evidence a Supplemental Claim needs (38 CFR 3.2501), element by element,
 * with the deadline that keeps the effective date from the one deadline function (contracts/deadlines.ts).
 */

const ESTABLISHED: Record<EvidenceElementName, string> = {
  diagnosis: "VA's decision granting service connection established the current disability.",
  'in-service': "VA's decision granting service connection established the in-service event, injury or exposure.",
  nexus: "VA's decision granting service connection established the link to service.",
};

export function grantedElements(): EvidenceElement[] {
  return (['diagnosis', 'in-service', 'nexus'] as const).map((element) => ({
    element,
    state: 'established',
    reason: ESTABLISHED[element],
    items: [],
    nextSteps: [],
  }));
}

export function grantedReason(claim: EvidenceClaim, condition: string, codes: readonly string[]): string {
  const severity = `For a higher rating later, what counts is medical evidence of how severe ${condition} is now under its rating criteria${codes[0] ? ` (DC ${codes[0]})` : ''}.`;
  return claim.conditionType === 'increase'
    ? `VA decided the increase; service connection was already established. ${severity}`
    : `VA granted service connection; the three elements are established by the decision. ${severity}`;
}

/** The Supplemental Claim deadline (keeps the effective date) of a decision, or null without a date or for a legacy decision. */
export function supplementalDeadline(decisionDate: string | null | undefined): Deadline | null {
  if (!decisionDate) return null;
  return decisionReviewDeadlines({ decisionDate }).deadlines.find((d) => d.kind === 'supplemental_claim') ?? null;
}

const NEEDS: Record<EvidenceElementName, string> = {
  diagnosis: 'the current diagnosis',
  'in-service': 'the in-service event',
  nexus: 'the link to service (nexus)',
};

const SETTLED = new Set(['proven', 'not-needed', 'established']);

/** A denied claim: each element says what new and relevant evidence would change it. */
export function deniedElements(elements: EvidenceElement[]): EvidenceElement[] {
  const supplemental = formStep('20-0995', 'File a Supplemental Claim (VA Form 20-0995) with the new evidence');
  return elements.map((e) => {
    if (SETTLED.has(e.state)) {
      return {
        ...e,
        reason: `${e.reason} Your documents show this; if the decision letter says VA found otherwise, new evidence on it is what a Supplemental Claim needs.`,
      };
    }
    return {
      ...e,
      reason: `For a Supplemental Claim, VA needs new and relevant evidence of ${NEEDS[e.element]} (38 CFR 3.2501): evidence VA did not have when it decided that tends to prove it. ${e.reason}`,
      nextSteps: [...e.nextSteps, supplemental],
    };
  });
}

/** "March 3, 2026": a deadline in words, as the letter is dated (a calendar day, no time zone). */
const inWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

export function deniedReason(elements: readonly EvidenceElement[], claim: EvidenceClaim, deadline: Deadline | null): string {
  const open = elements.filter((e) => !SETTLED.has(e.state)).map((e) => NEEDS[e.element]);
  const list = open.length <= 1 ? (open[0] ?? '') : `${open.slice(0, -1).join(', ')} and ${open[open.length - 1]}`;
  const what = open.length
    ? `VA denied this claim. A Supplemental Claim needs new and relevant evidence of ${list} (38 CFR 3.2501).`
    : 'VA denied this claim. A Supplemental Claim needs new and relevant evidence on the reason given in the decision letter (38 CFR 3.2501).';
  if (deadline) return `${what} File it by ${inWords(deadline.dueDate)} to keep your effective date (${deadline.basis}).`;
  if (claim.decisionDate) return `${what} The decision is dated before February 19, 2019, so it follows the legacy appeals process.`;
  return `${what} Add the date on the decision letter to see your deadline.`;
}

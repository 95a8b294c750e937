import type { EvidenceItem } from '@cc/contracts';
import { findingMatches, identify, sameCondition, STRESSOR_FORM, stressorFacts, type StressorFact } from '@cc/contracts/reading';
import { documentSource, has, isVaExamination, itemOf, sentencesOf, uniqueItems } from './analyses';
import { formStep, layStatementStep, uploadStep } from './steps';
import type { ElementRuling, EvidenceAnalysis, EvidenceClaim } from './types';

/**
 * Element 2, the in-service event, injury or exposure (DOMAIN §3.1). For a secondary claim the
 * named primary, service connected, stands in for it (38 CFR 3.310(a), DOMAIN §10.6); for PTSD the
 * stressor follows 38 CFR 3.304(f) (DOMAIN §10.1).
 */

/** In-service sentences of the linked documents (service-connection evidence and timeline events). */
export function inServiceItems(
  condition: string,
  analyses: readonly EvidenceAnalysis[],
): { sourced: EvidenceItem[]; unsourced: EvidenceItem[] } {
  const sourced: EvidenceItem[] = [];
  const unsourced: EvidenceItem[] = [];
  for (const a of analyses) {
    for (const e of a.result.serviceConnectionEvidence ?? []) {
      if (!has(e.inServiceEvent) || !findingMatches(condition, { name: e.condition, source: e.source ?? '' }).same) continue;
      if (has(e.source)) sourced.push(itemOf(a, e.source));
      else unsourced.push(itemOf(a, ''));
    }
    for (const e of a.result.medicalTimeline?.timelineEvents ?? []) {
      if (e.eventType === 'in-service' && has(e.source)) sourced.push(itemOf(a, e.source));
    }
  }
  return { sourced: uniqueItems(sourced), unsourced: uniqueItems(unsourced) };
}

/**
 * The approved claim that is the service-connected primary of a secondary claim: the primary the
 * claim names ("… secondary to PTSD"), or, when it names none, the one its documents name. Some
 * other approved claim never stands in for it (38 CFR 3.310(a)).
 */
export function primaryOf(
  condition: string,
  named: string | null,
  otherClaims: readonly EvidenceClaim[],
  analyses: readonly EvidenceAnalysis[],
): { primary?: EvidenceClaim; named: string | null } {
  const approved = otherClaims.filter((c) => c.status === 'approved');
  const match = (name: string) => approved.find((c) => sameCondition(c.condition, name));
  if (named) return { primary: match(named), named };
  for (const a of analyses) {
    const s = a.result.secondaryConditionsAnalysis;
    for (const link of s?.medicalConnections ?? []) {
      if (link.relationshipType === 'stated-in-document' || link.relationshipType === 'aggravation') {
        if (!sameCondition(link.toCondition, condition)) continue;
        const found = match(link.fromCondition);
        if (found) return { primary: found, named: link.fromCondition };
      }
    }
  }
  return { named: null };
}

function secondaryElement(claim: EvidenceClaim, primary: EvidenceClaim | undefined, named: string | null): ElementRuling {
  if (primary) {
    return {
      element: 'in-service',
      state: 'proven',
      reason: `Your ${primary.condition} is service-connected (claim ${primary.claimNumber}, approved), and a secondary claim stands on it (38 CFR 3.310(a)).`,
      items: [],
      nextSteps: [],
    };
  }
  const reason = named
    ? `A secondary claim needs its primary condition, ${named}, to be service connected (38 CFR 3.310(a)); none of your approved claims is for ${named}.`
    : 'A secondary claim needs a service-connected primary condition (38 CFR 3.310(a)); name it in the claim ("… secondary to …").';
  return {
    element: 'in-service',
    state: 'missing',
    reason,
    items: [],
    nextSteps: [
      uploadStep(
        claim,
        `Get the primary${named ? ` (${named})` : ''} service connected first, or claim both together — upload the rating decision if it already is`,
      ),
    ],
  };
}

// ── PTSD ────────────────────────────────────────────────────────────────────────────────────────

/** A statement by someone who saw it, not the veteran's own. */
const WITNESS =
  /\bI (?:served with|witnessed|was with (?:him|her))\b|\b(?:he|she) (?:was|told me|came back|changed)\b|\bbuddy statement\b/i;

interface StressorEvidence {
  item: EvidenceItem;
  facts: StressorFact[];
  author: 'veteran' | 'witness' | 'service-record' | 'va-examiner' | 'medical';
}

function stressorEvidence(analyses: readonly EvidenceAnalysis[]): StressorEvidence[] {
  const out: StressorEvidence[] = [];
  for (const a of analyses) {
    const source = documentSource(a.result.documentType);
    const sentences = sentencesOf(a);
    const author: StressorEvidence['author'] =
      source === 'lay'
        ? sentences.some((s) => WITNESS.test(s))
          ? 'witness'
          : 'veteran'
        : source === 'service-record'
          ? 'service-record'
          : isVaExamination(a.result.documentType)
            ? 'va-examiner'
            : 'medical';
    for (const sentence of sentences) {
      const facts = stressorFacts(sentence);
      // A service record diagnosing PTSD is an in-service diagnosis (38 CFR 3.304(f)(1)).
      if (source === 'service-record' && identify(sentence).families.has('PTSD') && /\bdiagnos/i.test(sentence))
        facts.push('in-service-diagnosis');
      if (facts.length) out.push({ item: itemOf(a, sentence), facts, author });
    }
  }
  return out;
}

const STRESSOR_STEPS = (claim: EvidenceClaim) => [
  formStep(
    STRESSOR_FORM,
    `Describe the stressor on VA Form ${STRESSOR_FORM} (Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s))`,
  ),
  layStatementStep(),
  uploadStep(claim, 'Upload service or personnel records that show the event (unit records, awards, incident reports)'),
];

function ptsdStressor(claim: EvidenceClaim, analyses: readonly EvidenceAnalysis[], inService: EvidenceItem[]): ElementRuling {
  const found = stressorEvidence(analyses);
  const with_ = (fact: StressorFact, authors?: StressorEvidence['author'][]) =>
    found.filter((e) => e.facts.includes(fact) && (!authors || authors.includes(e.author)));
  const items = (list: StressorEvidence[]) => uniqueItems(list.map((e) => e.item));
  const proven = (reason: string, list: StressorEvidence[]): ElementRuling => ({
    element: 'in-service',
    state: 'proven',
    reason,
    items: items(list),
    nextSteps: [],
  });

  const diagnosedInService = with_('in-service-diagnosis', ['service-record']);
  if (diagnosedInService.length)
    return proven('PTSD was diagnosed during service, so your account of the stressor is enough (38 CFR 3.304(f)(1)).', diagnosedInService);
  const combat = with_('combat-evidence', ['service-record']);
  if (combat.length) {
    return proven('Your service records show combat, so your own account of a combat stressor is enough (38 CFR 3.304(f)(2)).', [
      ...combat,
      ...with_('combat-stressor'),
    ]);
  }
  const confirmed = with_('examiner-confirms', ['va-examiner']);
  if (confirmed.length && found.some((e) => e.facts.includes('hostile-fear'))) {
    return proven(
      'A VA examiner confirms the stressor of fear of hostile military or terrorist activity supports the diagnosis (38 CFR 3.304(f)(3)).',
      [...confirmed, ...with_('hostile-fear')],
    );
  }
  const pow = with_('prisoner-of-war', ['service-record']);
  if (pow.length) return proven('Your service records show you were a prisoner of war (38 CFR 3.304(f)(4)).', pow);
  const assault = with_('personal-assault');
  if (assault.length) {
    const markers = with_('assault-marker', ['service-record', 'witness', 'medical', 'va-examiner']);
    if (markers.length)
      return proven(
        'The personal assault is corroborated by evidence from other sources, including behaviour changes and records (38 CFR 3.304(f)(5)).',
        [...assault, ...markers],
      );
    return {
      element: 'in-service',
      state: 'weak',
      reason:
        'Only your own statement describes the assault. VA accepts evidence from other sources for it (38 CFR 3.304(f)(5)): records of a request for transfer, a drop in performance, substance use, episodes of depression or anxiety, or changes in behaviour, and statements from people who knew you.',
      items: items(assault),
      nextSteps: [
        ...STRESSOR_STEPS(claim).slice(0, 2),
        uploadStep(
          claim,
          'Upload records that show changes after the assault (transfer requests, evaluations, medical or counselling visits)',
        ),
      ],
    };
  }
  const corroborated = found.filter((e) => e.author === 'service-record' || e.author === 'witness');
  if (corroborated.length)
    return proven('A record or a statement from someone who saw it corroborates the stressor (38 CFR 3.304(f)).', corroborated);
  const own = found.filter((e) => e.author === 'veteran');
  const vaFear = with_('hostile-fear').length > 0;
  const why = vaFear
    ? 'A stressor of fear of hostile military or terrorist activity needs a VA (or VA-contracted) psychiatrist or psychologist to confirm it supports the diagnosis (38 CFR 3.304(f)(3)); otherwise it needs credible supporting evidence.'
    : 'Outside combat, a prisoner-of-war stressor, or one confirmed by a VA examiner, your own statement is not enough: VA needs credible supporting evidence that the stressor happened (38 CFR 3.304(f)).';
  if (own.length || inService.length)
    return {
      element: 'in-service',
      state: 'weak',
      reason: `Only your own statement describes the stressor. ${why}`,
      items: uniqueItems([...items(own), ...inService]),
      nextSteps: STRESSOR_STEPS(claim),
    };
  return {
    element: 'in-service',
    state: 'missing',
    reason: 'No document linked to this claim describes the in-service stressor.',
    items: [],
    nextSteps: STRESSOR_STEPS(claim),
  };
}

export function inServiceElement(
  claim: EvidenceClaim,
  condition: string,
  analyses: readonly EvidenceAnalysis[],
  secondary: { primary?: EvidenceClaim; named: string | null } | undefined,
): ElementRuling {
  if (claim.conditionType === 'increase') {
    return { element: 'in-service', state: 'not-needed', reason: `${condition} is already service-connected.`, items: [], nextSteps: [] };
  }
  if (secondary) return secondaryElement(claim, secondary.primary, secondary.named);
  const found = inServiceItems(condition, analyses);
  if (identify(condition).families.has('PTSD')) return ptsdStressor(claim, analyses, found.sourced);
  const steps = [uploadStep(claim, 'Upload service treatment or personnel records that show the event'), layStatementStep()];
  if (found.sourced.length)
    return {
      element: 'in-service',
      state: 'proven',
      reason: 'A document describes the in-service event, injury or exposure.',
      items: found.sourced,
      nextSteps: [],
    };
  if (found.unsourced.length)
    return {
      element: 'in-service',
      state: 'unverified',
      reason: 'An in-service event was found without the sentence it came from, so it cannot be checked.',
      items: found.unsourced,
      nextSteps: steps,
    };
  return {
    element: 'in-service',
    state: 'missing',
    reason: 'No document linked to this claim describes an in-service event, injury or exposure.',
    items: [],
    nextSteps: steps,
  };
}

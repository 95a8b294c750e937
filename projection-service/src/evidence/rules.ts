import {
  readinessOf,
  type AnalysisResult,
  type AnalysisType,
  type ClaimStatus,
  type ConditionType,
  type EvidenceElement,
  type EvidenceElementName,
  type EvidenceItem,
  type EvidenceState,
  type NextStep,
} from '@cc/contracts';
import { dbqForCondition, sameCondition, splitSecondary } from './conditions';
import { presumptionFor } from './presumptions';

/**
 * The evidence rules (issue 20), pure: which finding proves which element of service connection
 * (DOMAIN §3.1), what makes an element weak (§3.2), which presumption replaces the nexus (§9), what
 * a secondary claim needs (§6), and the next step for every weak or missing element.
 *
 * Honesty about uncertainty: a finding counts only with the sentence it came from; without it,
 * whichever engine produced it, the element is at best weak and says so.
 */

export interface EvidenceClaim {
  claimId: string;
  claimNumber: string;
  condition: string;
  conditionType: ConditionType;
  status: ClaimStatus;
}

export interface EvidenceAnalysis {
  documentId: string;
  fileName: string;
  analysisId: string;
  analysisType: AnalysisType;
  result: AnalysisResult;
}

export interface EvidenceInput {
  claim: EvidenceClaim;
  /** The latest analyses of the documents linked to the claim (one per document and analysis type). */
  analyses: readonly EvidenceAnalysis[];
  /** The owner's other claims: an approved one is a service-connected primary (DOMAIN §6). */
  otherClaims: readonly EvidenceClaim[];
}

export interface EvidenceRuling {
  readiness: number;
  readinessReason: string;
  elements: EvidenceElement[];
}

type Source = 'lay' | 'service-record' | 'medical';

/** Who wrote the document: a lay person can describe, not diagnose or opine (DOMAIN §3.3). */
export function documentSource(documentType: string): Source {
  if (/\blay\b|buddy|statement in support|personal statement|21-4138|21-10210/i.test(documentType)) return 'lay';
  if (/service treatment record|service record|\bSTR\b/i.test(documentType)) return 'service-record';
  return 'medical';
}

const itemOf = (a: EvidenceAnalysis, quote: string): EvidenceItem => ({
  documentId: a.documentId,
  fileName: a.fileName,
  analysisId: a.analysisId,
  analysisType: a.analysisType,
  quote,
});

const has = (s: string | undefined): s is string => typeof s === 'string' && s.trim().length > 0;
const uniqueItems = (items: EvidenceItem[]) => [...new Map(items.map((i) => [`${i.documentId}\u0000${i.quote}`, i])).values()];

const SELF_REPORTED_DIAGNOSIS = /\b(?:I|I've|I have|I was|my (?:doctor|physician|provider))\b[^.]*\bdiagnos/i;

/** Element 1: a current diagnosis of the claimed condition. */
function diagnosis(condition: string, analyses: readonly EvidenceAnalysis[]): Omit<EvidenceElement, 'nextSteps'> {
  const medical: EvidenceItem[] = [];
  const unsourced: EvidenceItem[] = [];
  const inService: EvidenceItem[] = [];
  const selfReported: EvidenceItem[] = [];
  for (const a of analyses) {
    const source = documentSource(a.result.documentType);
    const findings = a.result.conditionFindings.filter((f) => sameCondition(f.name, condition));
    const diagnoses = (a.result.medicalTimeline?.timelineEvents ?? []).filter((e) => e.eventType === 'diagnosis' && e.conditions.some((c) => sameCondition(c, condition)));
    const quotes = [...findings.map((f) => f.source), ...diagnoses.map((e) => e.source)];
    for (const quote of quotes.length ? quotes : []) {
      if (!has(quote)) {
        if (source === 'medical') unsourced.push(itemOf(a, ''));
        continue;
      }
      if (source === 'medical') medical.push(itemOf(a, quote));
      else if (source === 'service-record') inService.push(itemOf(a, quote));
      else if (SELF_REPORTED_DIAGNOSIS.test(quote)) selfReported.push(itemOf(a, quote));
    }
  }
  if (medical.length) return { element: 'diagnosis', state: 'proven', reason: `A medical record diagnoses ${condition}.`, items: uniqueItems(medical) };
  if (unsourced.length)
    return { element: 'diagnosis', state: 'weak', reason: `A diagnosis of ${condition} was found without the sentence it came from, so it cannot be checked.`, items: uniqueItems(unsourced) };
  if (inService.length)
    return { element: 'diagnosis', state: 'weak', reason: `Service records show ${condition} during service; they cannot show that it is diagnosed now.`, items: uniqueItems(inService) };
  if (selfReported.length)
    return { element: 'diagnosis', state: 'weak', reason: `Only your own statement says ${condition} was diagnosed; VA needs the medical record or a DBQ that shows it.`, items: uniqueItems(selfReported) };
  const lay = analyses.some((a) => documentSource(a.result.documentType) === 'lay');
  return {
    element: 'diagnosis',
    state: 'missing',
    reason: lay
      ? `A lay statement can describe ${condition} and when it began, but only a medical professional can diagnose it.`
      : `No document linked to this claim diagnoses ${condition}.`,
    items: [],
  };
}

/** In-service sentences of the linked documents (service-connection evidence and timeline events). */
function inServiceItems(condition: string, analyses: readonly EvidenceAnalysis[]): { sourced: EvidenceItem[]; unsourced: EvidenceItem[] } {
  const sourced: EvidenceItem[] = [];
  const unsourced: EvidenceItem[] = [];
  for (const a of analyses) {
    for (const e of a.result.serviceConnectionEvidence ?? []) {
      if (!has(e.inServiceEvent) || !sameCondition(e.condition, condition)) continue;
      if (has(e.source)) sourced.push(itemOf(a, e.source));
      else unsourced.push(itemOf(a, ''));
    }
    for (const e of a.result.medicalTimeline?.timelineEvents ?? []) {
      if (e.eventType !== 'in-service') continue;
      if (has(e.source)) sourced.push(itemOf(a, e.source));
    }
  }
  return { sourced: uniqueItems(sourced), unsourced: uniqueItems(unsourced) };
}

/** The approved claim that is the service-connected primary of a secondary claim (named, or a DOMAIN §6 pair). */
function primaryOf(claim: EvidenceClaim, condition: string, named: string | null, otherClaims: readonly EvidenceClaim[], analyses: readonly EvidenceAnalysis[]): EvidenceClaim | undefined {
  const approved = otherClaims.filter((c) => c.status === 'approved');
  if (named) {
    const match = approved.find((c) => sameCondition(c.condition, named));
    if (match) return match;
  }
  // The documents name the primary: "… secondary to …" connections or the secondary-conditions analysis.
  for (const a of analyses) {
    const s = a.result.secondaryConditionsAnalysis;
    for (const link of s?.medicalConnections ?? []) {
      if (!sameCondition(link.toCondition, condition)) continue;
      const match = approved.find((c) => sameCondition(c.condition, link.fromCondition));
      if (match) return match;
    }
    for (const p of s?.potentialSecondaryConditions ?? []) {
      if (!sameCondition(p.secondaryCondition, condition)) continue;
      const match = approved.find((c) => sameCondition(c.condition, p.causedByPrimary));
      if (match) return match;
    }
  }
  return approved.length === 1 && approved[0]!.claimId !== claim.claimId ? approved[0] : undefined;
}

interface Opinion {
  analysis: EvidenceAnalysis;
  classification: 'favourable' | 'unfavourable' | 'speculative';
  quote: string;
  rationale: boolean;
}

/** Medical opinions on the claimed condition (a lay person's opinion is not a medical nexus). */
function opinions(condition: string, analyses: readonly EvidenceAnalysis[]): Opinion[] {
  const out: Opinion[] = [];
  for (const a of analyses) {
    const n = a.result.nexusEvaluation;
    if (!n || n.classification === 'none' || documentSource(a.result.documentType) === 'lay') continue;
    const aboutCondition = a.result.relevantConditions.some((c) => sameCondition(c, condition)) || sameCondition(n.nexusOpinion, condition);
    if (!aboutCondition) continue;
    const phrase = n.phrases.find((p) => p.classification === n.classification);
    out.push({ analysis: a, classification: n.classification, quote: phrase?.source ?? n.nexusOpinion, rationale: n.hasMedicalRationale });
  }
  return out;
}

function nexus(
  claim: EvidenceClaim,
  condition: string,
  diagnosed: string[],
  inService: EvidenceItem[],
  primary: EvidenceClaim | undefined,
  analyses: readonly EvidenceAnalysis[],
): Omit<EvidenceElement, 'nextSteps'> {
  if (claim.conditionType === 'increase') {
    return { element: 'nexus', state: 'not-needed', reason: `${condition} is already service-connected; an increase needs evidence of how severe it is now.`, items: [] };
  }
  if (claim.conditionType !== 'secondary') {
    for (const item of inService) {
      const hit = presumptionFor(item.quote, [condition, ...diagnosed]);
      if (hit) return { element: 'nexus', state: 'not-needed', reason: `Presumed under ${hit.program}: service in ${hit.location}, and ${hit.condition} is on the list.`, items: [item] };
    }
  }
  const found = opinions(condition, analyses);
  const sourced = found.filter((o) => has(o.quote));
  const forPrimary = (o: Opinion) => !primary || sameCondition(o.quote, primary.condition) || o.analysis.result.relevantConditions.some((c) => sameCondition(c, primary.condition));
  const favourable = sourced.filter((o) => o.classification === 'favourable');
  const strong = favourable.filter((o) => o.rationale && forPrimary(o));
  const items = (list: Opinion[]) => uniqueItems(list.map((o) => itemOf(o.analysis, o.quote)));
  if (strong.length) {
    const to = primary ? `your service-connected ${primary.condition}` : 'your service';
    return { element: 'nexus', state: 'proven', reason: `A medical opinion in VA's standard language, with a rationale, links ${condition} to ${to}.`, items: items(strong) };
  }
  if (favourable.length && primary && !favourable.some(forPrimary)) {
    return { element: 'nexus', state: 'weak', reason: `The opinion does not tie ${condition} to your service-connected ${primary.condition}; a secondary claim needs that link.`, items: items(favourable) };
  }
  if (favourable.length) return { element: 'nexus', state: 'weak', reason: 'The opinion is favorable but gives no medical rationale, so VA may give it little weight.', items: items(favourable) };
  const speculative = sourced.filter((o) => o.classification === 'speculative');
  if (speculative.length)
    return { element: 'nexus', state: 'weak', reason: 'The opinion is speculative ("may", "could", "possibly"); VA gives such language little or no weight.', items: items(speculative) };
  const against = sourced.filter((o) => o.classification === 'unfavourable');
  if (against.length) return { element: 'nexus', state: 'weak', reason: 'The only opinion is against the claim ("less likely than not"); a favorable opinion with a rationale is needed.', items: items(against) };
  if (found.length) return { element: 'nexus', state: 'weak', reason: 'A nexus opinion was found without the sentence it came from, so it cannot be checked.', items: [] };
  const what = primary ? `${condition} to your service-connected ${primary.condition}` : claim.conditionType === 'secondary' ? `${condition} to a service-connected condition` : `${condition} to your service`;
  return { element: 'nexus', state: 'missing', reason: `No medical opinion links ${what}.`, items: [] };
}

function inServiceElement(claim: EvidenceClaim, condition: string, found: ReturnType<typeof inServiceItems>, primary: EvidenceClaim | undefined): Omit<EvidenceElement, 'nextSteps'> {
  if (claim.conditionType === 'increase') {
    return { element: 'in-service', state: 'not-needed', reason: `${condition} is already service-connected.`, items: [] };
  }
  if (claim.conditionType === 'secondary') {
    // DOMAIN §6 / 38 CFR 3.310: the service-connected primary stands in for the in-service event.
    if (primary) return { element: 'in-service', state: 'proven', reason: `Your ${primary.condition} is service-connected (claim ${primary.claimNumber}, approved).`, items: [] };
    return { element: 'in-service', state: 'missing', reason: 'A secondary claim needs a service-connected primary condition; none of your approved claims is named as the primary.', items: [] };
  }
  if (found.sourced.length) return { element: 'in-service', state: 'proven', reason: 'A document describes the in-service event, injury or exposure.', items: found.sourced };
  if (found.unsourced.length) return { element: 'in-service', state: 'weak', reason: 'An in-service event was found without the sentence it came from, so it cannot be checked.', items: found.unsourced };
  return { element: 'in-service', state: 'missing', reason: 'No document linked to this claim describes an in-service event, injury or exposure.', items: [] };
}

/** The next steps for a weak or missing element: links into the app that do them. */
export function nextStepsFor(element: EvidenceElementName, state: EvidenceState, claim: EvidenceClaim, condition: string, primary: EvidenceClaim | undefined, codes: string[]): NextStep[] {
  if (state === 'proven' || state === 'not-needed') return [];
  const upload: NextStep = { kind: 'upload', label: 'Upload a document to this claim', href: `/documents?upload=1&claimId=${encodeURIComponent(claim.claimId)}` };
  switch (element) {
    case 'diagnosis': {
      const dbq = dbqForCondition(condition, codes);
      const steps: NextStep[] = [];
      if (dbq) steps.push({ kind: 'dbq', label: `Ask your doctor to complete DBQ ${dbq.formNumber} (${dbq.title})`, href: `/templates?tab=dbqs&dbq=${encodeURIComponent(dbq.formNumber)}` });
      else steps.push({ kind: 'dbq', label: `Find the DBQ for ${condition} for your doctor to complete`, href: `/templates?tab=dbqs&q=${encodeURIComponent(condition)}` });
      steps.push({ ...upload, label: 'Upload the medical record that shows the diagnosis' });
      return steps;
    }
    case 'in-service':
      if (claim.conditionType === 'secondary') return [{ ...upload, label: 'Upload the rating decision that service-connects your primary condition' }];
      return [
        { ...upload, label: 'Upload service treatment or personnel records that show the event' },
        { kind: 'lay-statement', label: 'Write a statement of what happened in service (VA Form 21-4138) or ask a fellow service member for one (21-10210)', href: '/templates?tab=va-forms&form=21-10210' },
      ];
    case 'nexus': {
      const params = new URLSearchParams({ tab: 'pdfforge', template: 'nexus-letter', claimId: claim.claimId, condition });
      if (claim.conditionType === 'secondary') {
        params.set('connection', 'secondary');
        if (primary) params.set('primary', primary.condition);
      }
      return [
        { kind: 'nexus-letter', label: `Ask your doctor for a nexus letter on ${condition} (prefilled template)`, href: `/templates?${params.toString()}` },
        { ...upload, label: 'Upload a medical opinion you already have' },
      ];
    }
  }
}

const NEEDS: Record<EvidenceElementName, string> = { diagnosis: 'a current diagnosis', 'in-service': 'an in-service event', nexus: 'a nexus opinion' };

export function readinessReason(elements: readonly Pick<EvidenceElement, 'element' | 'state'>[]): string {
  const missing = elements.filter((e) => e.state === 'missing').map((e) => NEEDS[e.element]);
  const weak = elements.filter((e) => e.state === 'weak').map((e) => NEEDS[e.element]);
  const list = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
  if (missing.length && weak.length) return `Needs ${list(missing)}; ${list(weak)} ${weak.length > 1 ? 'are' : 'is'} weak.`;
  if (missing.length) return `Needs ${list(missing)}.`;
  if (weak.length) return `Strengthen ${list(weak)}.`;
  return 'Every element is proven or presumed.';
}

/** The evidence map of one claim. */
export function evidenceRuling(input: EvidenceInput): EvidenceRuling {
  const { claim, analyses, otherClaims } = input;
  const { condition, primary: named } = claim.conditionType === 'secondary' ? splitSecondary(claim.condition) : { condition: claim.condition, primary: null };
  const primary = claim.conditionType === 'secondary' ? primaryOf(claim, condition, named, otherClaims, analyses) : undefined;
  const dx = diagnosis(condition, analyses);
  const found = inServiceItems(condition, analyses);
  const service = inServiceElement(claim, condition, found, primary);
  const diagnosedNames = analyses.flatMap((a) => a.result.conditionFindings.filter((f) => sameCondition(f.name, condition)).map((f) => f.name));
  const nx = nexus(claim, condition, diagnosedNames, found.sourced, primary, analyses);
  const codes = analyses.flatMap((a) => a.result.conditionFindings.filter((f) => sameCondition(f.name, condition) && f.diagnosticCode).map((f) => f.diagnosticCode!));
  const elements = [dx, service, nx].map((e) => ({ ...e, nextSteps: nextStepsFor(e.element, e.state, claim, condition, primary, codes) }));
  return { readiness: readinessOf(elements.map((e) => e.state)), readinessReason: readinessReason(elements), elements };
}

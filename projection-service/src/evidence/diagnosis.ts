import type { ConditionFinding, EvidenceItem } from '@cc/contracts';
import { findingMatches, hearingVerdict, identify, layObservable, readAudiometry } from '@cc/contracts/reading';
import { documentSource, has, itemOf, legalSentences, uniqueItems } from './analyses';
import { dbqStep, uploadStep } from './steps';
import type { ElementRuling, EvidenceAnalysis, EvidenceClaim } from './types';

/**
 * Element 1, a current diagnosis (DOMAIN §3.1). A medical record with its sentence proves it; a lay
 * person can describe symptoms but not diagnose (DOMAIN §10.2), except what they can observe
 * themselves (tinnitus, Charles v. Principi) and a diagnosis they report a doctor gave them
 * (Jandreau v. Nicholson), which are weak; hearing loss is a disability only at the thresholds of
 * 38 CFR 3.385; a finding for the other side of the body is another disability (38 CFR 4.25(b)).
 */

const SELF_REPORTED_DIAGNOSIS = /\b(?:I|I've|I have|I was|my (?:doctor|physician|provider))\b[^.]*\bdiagnos/i;

interface Found {
  medical: EvidenceItem[];
  sideUnstated: EvidenceItem[];
  unsourced: EvidenceItem[];
  inService: EvidenceItem[];
  selfReported: EvidenceItem[];
  layObserved: EvidenceItem[];
}

/** The findings of one analysis that are the claimed condition, with the sentence each came from. */
function matchingFindings(condition: string, a: EvidenceAnalysis): { finding: ConditionFinding; sideUnstated: boolean }[] {
  const findings = a.result.conditionFindings.map((f) => ({ finding: f, match: findingMatches(condition, f) }));
  const diagnoses = (a.result.medicalTimeline?.timelineEvents ?? [])
    .filter((e) => e.eventType === 'diagnosis')
    .flatMap((e) =>
      e.conditions.map((name) => ({ finding: { name, source: e.source }, match: findingMatches(condition, { name, source: e.source }) })),
    );
  return [...findings, ...diagnoses].filter((f) => f.match.same).map((f) => ({ finding: f.finding, sideUnstated: f.match.sideUnstated }));
}

function collect(condition: string, analyses: readonly EvidenceAnalysis[]): Found {
  const found: Found = { medical: [], sideUnstated: [], unsourced: [], inService: [], selfReported: [], layObserved: [] };
  const observable = layObservable(condition);
  for (const a of analyses) {
    const source = documentSource(a.result.documentType);
    for (const { finding, sideUnstated } of matchingFindings(condition, a)) {
      const quote = finding.source;
      if (!has(quote)) {
        if (source === 'medical') found.unsourced.push(itemOf(a, ''));
        continue;
      }
      if (source === 'medical') (sideUnstated ? found.sideUnstated : found.medical).push(itemOf(a, quote));
      else if (source === 'service-record') found.inService.push(itemOf(a, quote));
      else if (SELF_REPORTED_DIAGNOSIS.test(quote)) found.selfReported.push(itemOf(a, quote));
      else if (observable) found.layObserved.push(itemOf(a, quote));
    }
  }
  return found;
}

const AUDIOGRAM_STEP = 'Upload an audiogram with puretone thresholds and a Maryland CNC score';

/** 38 CFR 3.385 on the medical records that diagnose hearing loss. */
function hearingLoss(
  condition: string,
  items: EvidenceItem[],
  analyses: readonly EvidenceAnalysis[],
  claim: EvidenceClaim,
  codes: string[],
): ElementRuling | undefined {
  if (!identify(condition).families.has('hearing loss') || items.length === 0) return undefined;
  const documents = new Set(items.map((i) => i.documentId));
  const lines = analyses
    .filter((a) => documents.has(a.documentId))
    .flatMap((a) => [...legalSentences(a, 'hearing-test'), ...items.filter((i) => i.documentId === a.documentId).map((i) => i.quote)]);
  const verdict = hearingVerdict(readAudiometry(lines.join('\n')));
  const steps = [uploadStep(claim, AUDIOGRAM_STEP), dbqStep(condition, codes)];
  switch (verdict.verdict) {
    case 'meets':
      return {
        element: 'diagnosis',
        state: 'proven',
        reason: `An audiogram shows hearing loss that is a disability for VA (38 CFR 3.385): ${verdict.reason}`,
        items,
        nextSteps: [],
      };
    case 'does-not-meet':
      return {
        element: 'diagnosis',
        state: 'against',
        reason: `The audiogram shows hearing within the limits of 38 CFR 3.385, so VA does not count it as a disability: ${verdict.reason}`,
        items,
        nextSteps: [uploadStep(claim, 'Upload a newer audiogram if your hearing has changed')],
      };
    default:
      return {
        element: 'diagnosis',
        state: 'weak',
        reason: `A record says ${condition}, but hearing loss is a disability for VA only at the thresholds of 38 CFR 3.385 (40 dB at one frequency, 26 dB at three, or a Maryland CNC score under 94%). ${verdict.reason}`,
        items,
        nextSteps: steps,
      };
  }
}

export function diagnosisElement(
  claim: EvidenceClaim,
  condition: string,
  analyses: readonly EvidenceAnalysis[],
  codes: string[],
): ElementRuling {
  const f = collect(condition, analyses);
  const upload = uploadStep(claim, 'Upload the medical record that shows the diagnosis');
  const steps = [dbqStep(condition, codes), upload];
  const ruling = (state: ElementRuling['state'], reason: string, items: EvidenceItem[], nextSteps = steps): ElementRuling => ({
    element: 'diagnosis',
    state,
    reason,
    items: uniqueItems(items),
    nextSteps,
  });
  const medical = uniqueItems(f.medical);
  if (medical.length) {
    const hearing = hearingLoss(condition, medical, analyses, claim, codes);
    if (hearing) return hearing;
    if (claim.conditionType === 'increase') {
      return ruling(
        'proven',
        `A medical record documents ${condition}. For an increase, what counts is how severe it is now under the rating criteria${codes[0] ? ` of DC ${codes[0]}` : ''}.`,
        medical,
        [],
      );
    }
    return ruling('proven', `A medical record diagnoses ${condition}.`, medical, []);
  }
  if (f.sideUnstated.length) {
    return ruling(
      'weak',
      `A medical record diagnoses the condition without saying which side; each side is its own disability (38 CFR 4.25(b)), so VA needs the record of ${condition}.`,
      f.sideUnstated,
    );
  }
  if (f.unsourced.length)
    return ruling(
      'unverified',
      `A diagnosis of ${condition} was found without the sentence it came from, so it cannot be checked.`,
      f.unsourced,
    );
  if (f.inService.length)
    return ruling('weak', `Service records show ${condition} during service; they cannot show that it is diagnosed now.`, f.inService);
  if (f.selfReported.length) {
    return ruling(
      'weak',
      `Only your own statement says ${condition} was diagnosed. You can report what a doctor told you (Jandreau v. Nicholson), but VA needs the medical record or a DBQ that shows it.`,
      f.selfReported,
    );
  }
  if (f.layObserved.length) {
    return ruling(
      'weak',
      `${condition} is something you can observe yourself (Charles v. Principi), so your own account counts as evidence of it; a medical record of it makes it proven.`,
      f.layObserved,
    );
  }
  const lay = analyses.some((a) => documentSource(a.result.documentType) === 'lay');
  return ruling(
    'missing',
    lay
      ? `A lay statement can describe ${condition} and when it began, but only a medical professional can diagnose it.`
      : `No document linked to this claim diagnoses ${condition}.`,
    [],
  );
}

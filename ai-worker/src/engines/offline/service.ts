import { type NexusClassification, type ServiceConnectionEvidence } from '@cc/contracts';
import { type ConditionMention } from './conditions';
import { type ServiceConnectionElements } from './elements';
import { presumptionsIn } from './inService';
import { missingDiagnosisReason } from './source';
import { type Sentence } from './text';

const WEAKER = { strong: 'moderate', moderate: 'weak', weak: 'weak' } as const;

/**
 * Per condition: the three elements (elements.ts), the connection type and how strong the
 * evidence in this document is. A condition named but not diagnosed here is one level weaker.
 */
export function serviceConnectionEvidence(
  sentences: Sentence[],
  mentions: ConditionMention[],
  nexus: { classification: NexusClassification; favourableSentences: Sentence[] },
  elements: ServiceConnectionElements,
): ServiceConnectionEvidence[] {
  const inService = elements.inService;
  const names = [...new Set(mentions.map((m) => m.def.name))];
  return names.map((condition) => {
    const own = mentions.filter((m) => m.def.name === condition);
    const def = own[0]!.def;
    const ownSentences = own.map((m) => m.sentence);
    const event = inService.find((s) => ownSentences.includes(s)) ?? inService[0];
    const hit = presumptionsIn(sentences, def, ownSentences)[0];
    const secondary = ownSentences.some((s) => /\bsecondary to\b/i.test(s.text));
    const aggravation = ownSentences.some((s) => /\baggravat\w*\b/i.test(s.text));
    // A lay opinion on causation is not a medical nexus.
    const favourable = elements.nexus !== 'none' && nexus.favourableSentences.some((s) => ownSentences.includes(s));
    const diagnosed = elements.diagnosed.some((c) => c.name === condition);
    let connectionType: ServiceConnectionEvidence['connectionType'] = 'unknown';
    if (hit) connectionType = 'presumptive';
    else if (secondary) connectionType = 'secondary';
    else if (aggravation) connectionType = 'aggravation';
    else if (event || favourable) connectionType = 'direct';

    const reasons: string[] = [
      diagnosed
        ? `Current diagnosis documented: ${condition}.`
        : `No current diagnosis of ${condition}: ${missingDiagnosisReason({ ...elements, conditions: [def] })}`,
    ];
    let evidenceStrength: ServiceConnectionEvidence['evidenceStrength'];
    if (hit) {
      reasons.push(
        hit.status === 'presumed'
          ? hit.reason
          : `${hit.reason}${hit.nextStep ? ` Next: ${hit.nextStep[0]!.toLowerCase()}${hit.nextStep.slice(1)}.` : ''}`,
      );
      evidenceStrength = hit.status === 'presumed' ? 'strong' : 'moderate';
    } else {
      if (event) reasons.push('An in-service event, injury or exposure is described.');
      else reasons.push('No in-service event found in this document.');
      if (favourable) reasons.push('A favorable nexus opinion addresses this condition.');
      else if (elements.source === 'lay') reasons.push('No medical nexus opinion: a lay statement cannot supply one.');
      else if (nexus.classification === 'speculative') reasons.push('The nexus language is speculative and carries little weight.');
      else if (nexus.classification === 'unfavourable') reasons.push('The nexus opinion is unfavourable.');
      else reasons.push('No favorable nexus opinion for this condition.');
      evidenceStrength = event && favourable ? 'strong' : event || favourable ? 'moderate' : 'weak';
    }
    if (!diagnosed) evidenceStrength = WEAKER[evidenceStrength];
    const out: ServiceConnectionEvidence = {
      condition,
      evidenceStrength,
      connectionType,
      inServiceEvent: hit ? `Service in ${hit.place}` : (event?.text ?? ''),
      reasoning: reasons.join(' '),
    };
    const src = hit?.sentence ?? event?.text;
    if (src) out.source = src;
    return out;
  });
}

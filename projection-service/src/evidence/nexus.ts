import type { EvidenceItem } from '@cc/contracts';
import {
  chronicDiseasePresumption,
  concludeOpinion,
  findingMatches,
  identify,
  monthsAfterInjury,
  presumptionsFor,
  readCausalStatement,
  sameCondition,
  tbiSecondaryRuling,
  tbiSeverity,
  type OpinionReading,
  type PresumptionFinding,
} from '@cc/contracts/reading';
import { documentSource, has, itemOf, legalSentences, sentencesOf, serviceSentencesOf, uniqueItems } from './analyses';
import { nexusLetterStep, uploadStep } from './steps';
import type { ElementRuling, EvidenceAnalysis, EvidenceClaim } from './types';

/**
 * Element 3, the nexus (DOMAIN §3). A medical opinion is read by its conclusion with the shared
 * reader (the same reading the offline engine gives it), so an opinion stored by an older engine is
 * read again on every rebuild. A presumption (DOMAIN §9, §10.4) or 38 CFR 3.310(d) can replace the
 * opinion; one that the records only make possible is weak, never "not needed".
 */

type Classification = Exclude<OpinionReading, 'none'>;

interface Opinion {
  analysis: EvidenceAnalysis;
  classification: Classification;
  quote: string;
  rationale: boolean;
  /** For a secondary claim: the opinion names the primary. */
  forPrimary: boolean;
}

/** Medical opinions on the claimed condition, each decided by its conclusion (a lay opinion is no nexus, DOMAIN §10.2). */
function opinionsOn(condition: string, primary: string | undefined, analyses: readonly EvidenceAnalysis[]): Opinion[] {
  const out: Opinion[] = [];
  for (const a of analyses) {
    const n = a.result.nexusEvaluation;
    if (!n || n.classification === 'none' || documentSource(a.result.documentType) === 'lay') continue;
    const about =
      a.result.conditionFindings.some((f) => findingMatches(condition, f).same) ||
      (has(n.nexusOpinion) && sameCondition(condition, n.nexusOpinion));
    if (!about) continue;
    const sentences = [...new Set([...n.phrases.map((p) => p.source), n.nexusOpinion].filter(has))];
    const read = concludeOpinion(sentences);
    // No probability phrase in the quoted sentences: a causal statement, else what the engine said.
    const causal = has(n.nexusOpinion) ? readCausalStatement(n.nexusOpinion) : 'none';
    const classification: Classification =
      read.classification !== 'none' ? read.classification : causal !== 'none' ? causal : n.classification;
    const quote = read.conclusion ?? n.nexusOpinion ?? '';
    const forPrimary =
      !primary ||
      sameCondition(primary, quote) ||
      a.result.relevantConditions.some((c) => sameCondition(primary, c) && !sameCondition(condition, c));
    out.push({ analysis: a, classification, quote, rationale: n.hasMedicalRationale, forPrimary });
  }
  return out;
}

const itemsOf = (list: Opinion[]) => uniqueItems(list.map((o) => itemOf(o.analysis, o.quote)));

/** The item for the sentence a presumption rests on. */
function presumptionItem(finding: PresumptionFinding, analyses: readonly EvidenceAnalysis[]): EvidenceItem[] {
  const a = analyses.find((x) => sentencesOf(x).includes(finding.sentence));
  return a ? [itemOf(a, finding.sentence)] : [];
}

/** What the records say about the condition (its diagnosis, history, onset): the qualifiers of a presumption read these. */
function conditionSentences(condition: string, analyses: readonly EvidenceAnalysis[]): string[] {
  return [
    ...new Set(analyses.flatMap((a) => [...sentencesOf(a).filter((s) => sameCondition(condition, s)), ...legalSentences(a, 'onset')])),
  ];
}

/** The presumptions for a direct claim, best first: the places of service, then 3.309(a). */
function presumptions(condition: string, analyses: readonly EvidenceAnalysis[]): PresumptionFinding[] {
  const names = [
    condition,
    ...analyses.flatMap((a) => a.result.conditionFindings.filter((f) => findingMatches(condition, f).same).map((f) => f.name)),
  ];
  const evidence = [condition, ...conditionSentences(condition, analyses)];
  const service = [...new Set(analyses.flatMap(serviceSentencesOf))];
  const found = presumptionsFor(service, { names, evidence });
  const chronic = chronicDiseasePresumption({ names, evidence });
  if (chronic) found.push(chronic);
  const rank = { presumed: 0, assumed: 1, outside: 2 } as const;
  return found.sort((x, y) => rank[x.status] - rank[y.status]);
}

export function nexusElement(
  claim: EvidenceClaim,
  condition: string,
  analyses: readonly EvidenceAnalysis[],
  secondary: { primary?: EvidenceClaim; named: string | null } | undefined,
): ElementRuling {
  const primaryName = secondary?.primary?.condition ?? secondary?.named ?? undefined;
  const letter = (label: string) => nexusLetterStep(claim, condition, label, primaryName);
  const askDoctor = letter(`Ask your doctor for a nexus letter on ${condition} (prefilled template)`);
  const uploadOpinion = uploadStep(claim, 'Upload a medical opinion you already have');
  const steps = [askDoctor, uploadOpinion];
  const ruling = (state: ElementRuling['state'], reason: string, items: EvidenceItem[], nextSteps = steps): ElementRuling => ({
    element: 'nexus',
    state,
    reason,
    items,
    nextSteps,
  });

  if (claim.conditionType === 'increase')
    return ruling('not-needed', `${condition} is already service-connected; an increase needs evidence of how severe it is now.`, [], []);

  // What the law supplies instead of an opinion.
  let assumed: { reason: string; step?: string; items: EvidenceItem[] } | undefined;
  let outside: string | undefined;
  if (!secondary) {
    const found = presumptions(condition, analyses);
    const best = found[0];
    if (best?.status === 'presumed') return ruling('not-needed', best.reason, presumptionItem(best, analyses), []);
    if (best?.status === 'assumed') assumed = { reason: best.reason, step: best.nextStep, items: presumptionItem(best, analyses) };
    outside = found.find((f) => f.status === 'outside')?.reason;
  } else if (primaryName && identify(primaryName).families.has('TBI')) {
    const text = analyses.flatMap(sentencesOf);
    const severity = tbiSeverity([primaryName, ...text].join('. '));
    const months = text
      .filter((s) => sameCondition(condition, s))
      .map(monthsAfterInjury)
      .find((m) => m !== undefined);
    const tbi = tbiSecondaryRuling(condition, severity, months);
    if (tbi.status === 'presumed') return ruling('not-needed', tbi.reason, [], []);
    if (tbi.status === 'assumed') assumed = { reason: tbi.reason, step: tbi.nextStep, items: [] };
    else if (tbi.secondary) outside = tbi.reason;
  }

  const found = opinionsOn(condition, primaryName, analyses);
  const sourced = found.filter((o) => has(o.quote));
  const favourable = sourced.filter((o) => o.classification === 'favourable');
  const strong = favourable.filter((o) => o.rationale && o.forPrimary);
  const against = sourced.filter((o) => o.classification === 'unfavourable');
  if (strong.length && against.length) {
    return ruling(
      'weak',
      `The medical opinions disagree: ${strong.length} for the claim and ${against.length} against it. VA weighs them by their reasoning, and when they are in approximate balance the benefit of the doubt goes to you (38 CFR 3.102).`,
      itemsOf([...strong, ...against]),
      [
        letter(`Ask your doctor to answer the negative opinion's reasoning in a nexus letter on ${condition} (prefilled template)`),
        uploadOpinion,
      ],
    );
  }
  if (strong.length) {
    const to = secondary ? `your service-connected ${primaryName ?? 'condition'}` : 'your service';
    return ruling(
      'proven',
      `A medical opinion in VA's standard language, with a rationale, links ${condition} to ${to}.`,
      itemsOf(strong),
      [],
    );
  }
  if (favourable.length && secondary && !favourable.some((o) => o.forPrimary)) {
    return ruling(
      'weak',
      `The opinion does not tie ${condition} to your service-connected ${primaryName ?? 'primary condition'}; a secondary claim needs that link (38 CFR 3.310(a)).`,
      itemsOf(favourable),
    );
  }
  if (favourable.length)
    return ruling('weak', 'The opinion is favorable but gives no medical rationale, so VA may give it little weight.', itemsOf(favourable));
  if (assumed) return ruling('weak', assumed.reason, assumed.items, assumed.step ? [uploadStep(claim, assumed.step), ...steps] : steps);
  const speculative = sourced.filter((o) => o.classification === 'speculative');
  if (speculative.length) {
    return ruling(
      'weak',
      'The opinion is speculative ("may", "could", "possibly"); VA gives such language little or no weight (Obert v. Brown).',
      itemsOf(speculative),
    );
  }
  if (against.length) {
    return ruling(
      'against',
      `The medical opinion finds ${condition} less likely than not (under 50%) related to ${secondary ? `your ${primaryName ?? 'primary condition'}` : 'service'}. VA will decide on it unless a favorable opinion with a medical rationale answers its reasons.`,
      itemsOf(against),
      [
        letter(
          `Ask a doctor for an independent medical opinion on ${condition} that answers the negative opinion's reasons (prefilled template)`,
        ),
        uploadStep(claim, 'Upload a favorable medical opinion you already have'),
      ],
    );
  }
  const nonOpinions = sourced.filter((o) => o.classification === 'non-opinion');
  if (nonOpinions.length) {
    return ruling(
      'missing',
      'The examiner gave no opinion either way ("cannot state", "without resort to mere speculation"). Such a non-opinion carries no weight unless the examiner explains why (Jones v. Shinseki), so a nexus opinion is still needed.',
      itemsOf(nonOpinions),
    );
  }
  if (found.length)
    return ruling('unverified', 'A nexus opinion was found without the sentence it came from, so it cannot be checked.', []);
  const what = secondary
    ? `${condition} to ${primaryName ? `your service-connected ${primaryName}` : 'a service-connected condition'}`
    : `${condition} to your service`;
  return ruling('missing', `No medical opinion links ${what}.${outside ? ` ${outside}` : ''}`, []);
}

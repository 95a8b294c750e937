import type { AiProfile, AnalysisResult } from '@cc/contracts';

export interface ProfileClaim {
  condition: string;
  status: string;
  rating: number | null;
}

/** Words that say nothing about which condition is meant. */
const FILLER = new Set([
  'condition',
  'conditions',
  'disorder',
  'disease',
  'syndrome',
  'chronic',
  'left',
  'right',
  'bilateral',
  'of',
  'the',
  'and',
  'with',
  'secondary',
  'to',
  'type',
  'due',
  'strain',
  'pain',
]);

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const acronym = (name: string) =>
  words(name)
    .map((w) => w[0])
    .join('');

/**
 * Whether two names mean the same condition, loosely: a claim says "Left knee strain" or
 * "Post-traumatic stress disorder" where an analysis says "Knee condition" or "PTSD".
 */
export function sameCondition(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  if (wa.join(' ') === wb.join(' ')) return true;
  if (wa.length === 1 && wb.length > 2 && acronym(b) === wa[0]) return true;
  if (wb.length === 1 && wa.length > 2 && acronym(a) === wb[0]) return true;
  const meaningful = new Set(wa.filter((w) => !FILLER.has(w)));
  return wb.some((w) => !FILLER.has(w) && meaningful.has(w));
}

const STRENGTH_WEIGHT = { strong: 0.3, moderate: 0.15, weak: 0 } as const;
const LIKELIHOOD_ORDER = { high: 0, moderate: 1, low: 2 } as const;

/**
 * How sure the analyses are that a condition could be claimed: named in a document is a start
 * (0.5); service-connection evidence, a favourable nexus opinion and more documents naming it add
 * to it, up to 0.95 — never certainty.
 */
function confidenceFor(condition: string, results: readonly AnalysisResult[]): number {
  const naming = results.filter((r) => r.relevantConditions.some((c) => sameCondition(c, condition)));
  let confidence = 0.5 + 0.05 * Math.max(0, naming.length - 1);
  const evidence = naming.flatMap((r) => r.serviceConnectionEvidence ?? []).filter((e) => sameCondition(e.condition, condition));
  confidence += Math.max(0, ...evidence.map((e) => STRENGTH_WEIGHT[e.evidenceStrength]));
  if (naming.some((r) => r.nexusEvaluation?.classification === 'favourable')) confidence += 0.2;
  return Math.round(Math.min(confidence, 0.95) * 100) / 100;
}

/**
 * The AI profile (spec doc 1 §3): conditions the analysed documents name that no claim covers yet,
 * secondary conditions the analyses suggest, and approved claims whose documents show them
 * worsening (a rating increase may be due).
 */
export function buildAiProfile(results: readonly AnalysisResult[], claims: readonly ProfileClaim[]): AiProfile {
  const claimed = (condition: string) => claims.some((c) => sameCondition(c.condition, condition));

  const names: string[] = [];
  for (const name of results.flatMap((r) => r.relevantConditions)) {
    if (!claimed(name) && !names.some((n) => sameCondition(n, name))) names.push(name);
  }
  const potentialConditions = names
    .map((condition) => ({ condition, confidence: confidenceFor(condition, results) }))
    .sort((a, b) => b.confidence - a.confidence || a.condition.localeCompare(b.condition));

  const secondaries = results
    .flatMap((r) => r.secondaryConditionsAnalysis?.potentialSecondaryConditions ?? [])
    .filter((s) => !claimed(s.secondaryCondition))
    .sort((a, b) => LIKELIHOOD_ORDER[a.likelihood] - LIKELIHOOD_ORDER[b.likelihood]);
  const secondaryConditions: AiProfile['secondaryConditions'] = [];
  for (const s of secondaries) {
    if (!secondaryConditions.some((x) => sameCondition(x.secondaryCondition, s.secondaryCondition))) {
      secondaryConditions.push({ secondaryCondition: s.secondaryCondition, primaryCondition: s.causedByPrimary });
    }
  }

  const worsening = results
    .flatMap((r) => r.medicalTimeline?.conditionProgression ?? [])
    .filter((p) => p.currentStatus === 'Worsening')
    .map((p) => p.condition);
  const existingConditions = claims
    .filter((c) => c.status === 'approved')
    .map((c) => ({
      condition: c.condition,
      currentRating: c.rating,
      potentialIncrease: (c.rating === null || c.rating < 100) && worsening.some((w) => sameCondition(w, c.condition)),
    }))
    .sort((a, b) => Number(b.potentialIncrease) - Number(a.potentialIncrease));

  return { potentialConditions, secondaryConditions, existingConditions };
}

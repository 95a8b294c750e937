import { nationalAverageDaysToComplete } from '@cc/contracts/referenceData';
import type { Knex } from 'knex';
import { isDecided, utcDay, type Claim } from '@cc/contracts';
import {
  decisionWindow,
  ifGrantedPrediction,
  openStrategySteps,
  reviewPlan,
  secondarySuggestions,
  STRATEGY_MESSAGES,
  type ClaimStrategy,
  type PredictionClaim,
  type PredictionsOverview,
  type PublishedProcessingTime,
  type SecondaryFindingSource,
} from '@cc/contracts/strategy';
import { toClaim, type ClaimRow } from '../claims/queries';
import { findEvidenceMap } from '../evidence/queries';
import { conditionCodes } from '../evidence/rules';
import { toAnalysis } from '../evidence/rows';

/**
 * VA's published national average days to complete a disability claim (reference data, dated), as
 * the figure a new claim's window is estimated from; the sentence carries the month it measures.
 */
function initialClaimFigure(): PublishedProcessingTime {
  const average = nationalAverageDaysToComplete();
  return {
    days: Math.round(average.averageDays),
    label: `VA's published national average to complete a disability-related claim was ${average.averageDays} days in ${average.periodLabel}`,
    source: average.sourceUrl,
    asOf: null,
  };
}

/**
 * The strategy reads compose the read models that already exist (claims, documents, the evidence
 * maps and the analyses they read); the judgments are the pure functions of `@cc/contracts/strategy`.
 */

type AnalysisRow = Parameters<typeof toAnalysis>[0];

const filedOn = (claim: Claim) => claim.filedAt.slice(0, 10);

/** The owner's analysed documents (the latest analysis of each, as the evidence map reads them). */
async function analysedDocuments(knex: Knex, userId: string): Promise<AnalysisRow[]> {
  return knex<AnalysisRow>('evidence_documents').where({ user_id: userId }).whereNotNull('result').orderBy('document_id');
}

async function ownerClaims(knex: Knex, userId: string, now: Date): Promise<Claim[]> {
  const rows: ClaimRow[] = await knex('claims').where({ user_id: userId }).orderBy('filed_at').orderBy('claim_id');
  return rows.map((row) => toClaim(row, now));
}

function predictionClaims(claims: readonly Claim[], documents: readonly AnalysisRow[]): PredictionClaim[] {
  return claims.map((c) => ({
    id: c.id,
    claimNumber: c.claimNumber,
    condition: c.condition,
    status: c.status,
    ratingPercentage: c.ratingPercentage,
    codes: conditionCodes(c, documents.filter((d) => d.claim_id === c.id).flatMap(toAnalysis)),
  }));
}

function secondarySources(documents: readonly AnalysisRow[]): SecondaryFindingSource[] {
  return documents.flatMap((d) =>
    d.result?.secondaryConditionsAnalysis
      ? [{ documentId: d.document_id, fileName: d.file_name, analysis: d.result.secondaryConditionsAnalysis }]
      : [],
  );
}

/** One claim's strategy, or undefined when the user has no such claim. */
export async function claimStrategy(knex: Knex, userId: string, claimId: string, now: Date): Promise<ClaimStrategy | undefined> {
  const claims = await ownerClaims(knex, userId, now);
  const claim = claims.find((c) => c.id === claimId);
  if (!claim) return undefined;
  const today = utcDay(now);
  const [map, documents, linked] = await Promise.all([
    findEvidenceMap(knex, claimId),
    analysedDocuments(knex, userId),
    knex('documents')
      .where({ user_id: userId, claim_id: claimId })
      .select<{ document_id: string; file_name: string; uploaded_at: Date }[]>('document_id', 'file_name', 'uploaded_at'),
  ]);
  const decided = isDecided(claim.status);
  const steps = map && !decided ? openStrategySteps(map) : [];
  const review = reviewPlan(
    claim,
    linked.map((d) => ({ documentId: d.document_id, fileName: d.file_name, addedOn: utcDay(d.uploaded_at) })),
    today,
  );
  const secondaries = secondarySuggestions(claims, secondarySources(documents)).filter((s) => s.primaryClaim.claimId === claimId);
  const summary = decided
    ? review!.lanes.some((l) => l.fit === 'fits')
      ? `VA decided this claim. What fits next: ${review!.lanes
          .filter((l) => l.fit === 'fits')
          .map((l) => l.title)
          .join(' or ')}, for the reasons below.`
      : 'VA decided this claim. No review lane clearly fits yet; the reasons are below.'
    : steps.length
      ? `Strengthen ${steps[0]!.title.toLowerCase()} first: it adds the most to this claim's readiness (${map!.readiness}% now).`
      : map
        ? 'Every element of this claim is proven or presumed; keep copies of what you send VA.'
        : 'The evidence map of this claim is being built; come back in a moment.';
  return {
    claimId,
    claimNumber: claim.claimNumber,
    condition: claim.condition,
    stage: decided ? 'decided' : 'open',
    summary,
    steps,
    review,
    secondaries,
    decisionWindow: decided
      ? null
      : decisionWindow(
          { id: claim.id, conditionType: claim.conditionType, filedOn: filedOn(claim), daysPending: claim.daysPending },
          initialClaimFigure(),
        ),
    prediction: decided ? null : ifGrantedPrediction(predictionClaims(claims, documents), {}, today, claimId),
    disclaimer: STRATEGY_MESSAGES.strategyDisclaimer,
  };
}

/** Every pending claim granted as assumed (the ratings the veteran entered, by claim id), and each open claim's window. */
export async function predictionsOverview(
  knex: Knex,
  userId: string,
  entered: Readonly<Record<string, number>>,
  now: Date,
): Promise<PredictionsOverview> {
  const [claims, documents] = await Promise.all([ownerClaims(knex, userId, now), analysedDocuments(knex, userId)]);
  return {
    prediction: ifGrantedPrediction(predictionClaims(claims, documents), entered, utcDay(now)),
    windows: claims
      .filter((c) => !isDecided(c.status))
      .map((c) => ({
        ...decisionWindow(
          { id: c.id, conditionType: c.conditionType, filedOn: filedOn(c), daysPending: c.daysPending },
          initialClaimFigure(),
        ),
        claimNumber: c.claimNumber,
        condition: c.condition,
      })),
  };
}

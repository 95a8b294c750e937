import type { Knex } from 'knex';
import type { AnalysisResult, ClaimStatus, ConditionType } from '@cc/contracts';
import { listClaims } from '../claims/queries';

/** The most claims and analyses one AI assist reads: a veteran's whole file in practice. */
const MAX_CLAIMS = 200;
const MAX_ANALYSES = 50;

/**
 * What the wizard's AI assist may rely on (spec doc 2 §2.1): the user's claims and their completed
 * analyses (the latest result per document), newest first. Only this user's rows.
 */
export async function assistGrounding(knex: Knex, userId: string, now: Date) {
  const { rows } = await listClaims(
    knex,
    userId,
    { sort: { field: 'filedAt', order: 'DESC' }, range: [0, MAX_CLAIMS - 1], filter: {} },
    now,
  );
  const analysed: { document_id: string; file_name: string; analyzed_at: Date | null; ai_analysis_results: AnalysisResult }[] = await knex(
    'documents',
  )
    .where({ user_id: userId })
    .whereNotNull('ai_analysis_results')
    .orderBy('analyzed_at', 'desc')
    .limit(MAX_ANALYSES)
    .select('document_id', 'file_name', 'analyzed_at', 'ai_analysis_results');
  return {
    claims: rows.map((c) => ({
      claimNumber: c.claimNumber,
      condition: c.condition,
      conditionType: c.conditionType as ConditionType,
      status: c.status as ClaimStatus,
      ratingPercentage: c.ratingPercentage,
      estimatedDecisionDate: c.estimatedDecisionDate,
      filedAt: c.filedAt,
    })),
    analyses: analysed.map((d) => ({
      documentId: d.document_id,
      fileName: d.file_name,
      analyzedAt: d.analyzed_at?.toISOString() ?? null,
      result: d.ai_analysis_results,
    })),
  };
}

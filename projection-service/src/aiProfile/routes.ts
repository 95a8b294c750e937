import { Router } from 'express';
import type { Knex } from 'knex';
import type { AnalysisResult } from '@cc/contracts';
import { requireAuth } from '@cc/platform';
import { buildAiProfile } from './buildAiProfile';

/** GET /api/ai-analysis/profile: the user's completed analyses and claims, aggregated. */
export function aiProfileRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/ai-analysis/profile', async (_req, res) => {
    const auth = requireAuth(res);
    const [documents, claims] = await Promise.all([
      knex('documents').where({ user_id: auth.userId }).whereNotNull('ai_analysis_results').select('ai_analysis_results'),
      knex('claims').where({ user_id: auth.userId }).select('condition', 'status', 'rating'),
    ]);
    const results = documents.map((d: { ai_analysis_results: AnalysisResult }) => d.ai_analysis_results);
    res.setHeader('Cache-Control', 'no-store');
    res.json(buildAiProfile(results, claims));
  });
  return router;
}

import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { isAssumableRating, STRATEGY_MESSAGES } from '@cc/contracts/strategy';
import { isUuid, parseOrProblem, problems, requireTierFeature } from '@cc/platform';
import { claimStrategy, predictionsOverview } from './queries';

/**
 * `?assume={"<claim id>": 30, …}`: the ratings the veteran expects for pending claims (JSON, like
 * the list routes' `filter`). Each is 0–100 in steps of 10; a claim that is not the veteran's
 * pending claim is ignored by the prediction.
 */
const predictionsQuery = z
  .object({
    assume: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text === '') return {};
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'assume must be a JSON object of claim ids and ratings' });
          return z.NEVER;
        }
      })
      .pipe(
        z.record(
          z.string().refine(isUuid, 'assume must name claims by their id'),
          z
            .number({ message: 'An assumed rating must be a number' })
            .refine(isAssumableRating, 'An assumed rating must be 0 to 100 in steps of 10'),
        ),
      ),
  })
  .strict();

/** `GET /api/claims/{id}/strategy` and `GET /api/strategy/predictions` (Pro: `hasClaimInsights`). */
export function strategyReadRoutes(knex: Knex, now: () => Date): Router {
  const router = Router();
  router.get('/api/claims/:id/strategy', async (req, res) => {
    const auth = requireTierFeature(res, 'hasClaimInsights', STRATEGY_MESSAGES.upgrade);
    const id = String(req.params.id);
    // Another user's claim is answered exactly like a claim that does not exist.
    const strategy = isUuid(id) ? await claimStrategy(knex, auth.userId, id, now()) : undefined;
    if (!strategy) throw problems.notFound('Claim not found.');
    res.setHeader('Cache-Control', 'no-store');
    res.json(strategy);
  });
  router.get('/api/strategy/predictions', async (req, res) => {
    const auth = requireTierFeature(res, 'hasClaimInsights', STRATEGY_MESSAGES.upgrade);
    const { assume } = parseOrProblem(predictionsQuery, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await predictionsOverview(knex, auth.userId, assume, now()));
  });
  return router;
}

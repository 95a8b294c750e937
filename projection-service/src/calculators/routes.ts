import { Router } from 'express';
import {
  calculateCombinedRating,
  combinedRatingBody,
  deadlinesBody,
  decisionReviewDeadlines,
  monthlyCompensation,
  utcDay,
  type CombinedRatingResponse,
  type DeadlinesResponse,
} from '@cc/contracts';
import { parseOrProblem, requireAuth } from '@cc/platform';

/**
 * The calculators: pure computations over what the request carries, with nothing stored
 * and nothing read, so they sit with the queries. POST only because the input is a JSON body.
 */
export function calculatorRoutes(now: () => Date = () => new Date()): Router {
  const router = Router();

  router.post('/api/calculators/combined-rating', (req, res) => {
    requireAuth(res);
    const body = parseOrProblem(combinedRatingBody, req.body);
    const result = calculateCombinedRating(body.ratings);
    const compensation = monthlyCompensation(result.combinedRating, utcDay(now()));
    const answer: CombinedRatingResponse = { ...result, monthlyCompensation: compensation.amount, compensation };
    res.json(answer);
  });

  router.post('/api/calculators/deadlines', (req, res) => {
    requireAuth(res);
    const body = parseOrProblem(deadlinesBody, req.body);
    const answer: DeadlinesResponse = decisionReviewDeadlines(body);
    res.json(answer);
  });

  return router;
}

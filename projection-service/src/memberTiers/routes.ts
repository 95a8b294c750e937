import { Router } from 'express';
import { MEMBER_TIERS } from '@cc/contracts';

/** The tier table is reference data from `contracts`, public like a price list. */
export function memberTierRoutes(): Router {
  const router = Router();
  router.get('/api/member-tiers', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(MEMBER_TIERS);
  });
  return router;
}

import { Router } from 'express';
import type { Knex } from 'knex';
import { requireAuth } from '@cc/platform';
import { findPreferences } from './queries';

export function preferencesReadRoutes(knex: Knex): Router {
  const router = Router();
  /** The user's preferences, with the defaults for anything never saved. */
  router.get('/api/auth/preferences', async (_req, res) => {
    const auth = requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await findPreferences(knex, auth.userId));
  });
  return router;
}

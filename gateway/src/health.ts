import { Router } from 'express';
import type { Knex } from 'knex';

export interface HealthDeps {
  knex: Knex;
  migrationsDone(): boolean;
  projectionsRunning(): boolean;
}

/** 200 once the app can serve requests (database reachable, migrations done, projections running), else 503. */
export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const database = await Promise.race([
      deps.knex.raw('select 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000))),
    ]).finally(() => clearTimeout(timer));
    const checks = { database, migrations: deps.migrationsDone(), projections: deps.projectionsRunning() };
    const ok = Object.values(checks).every(Boolean);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks });
  });
  return router;
}

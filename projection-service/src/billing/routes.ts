import { Router } from 'express';
import type { Knex } from 'knex';
import { subscriptionPlans, type User } from '@cc/contracts';
import { isUuid, problems, requireAuth } from '@cc/platform';
import { checkoutSubscription, currentSubscription } from './queries';

export function billingReadRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();

  /** The plans on sale are a price list: public, like the tier table. */
  router.get('/api/subscription-plans', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(subscriptionPlans());
  });

  /**
   * `{subscription, user}`; with `?subscription_id=` the checkout page's `{amount, planName}` for the
   * user's own subscription (anyone else's is 404).
   */
  router.get('/api/billing/subscription', async (req, res) => {
    const auth = requireAuth(res);
    const id = req.query.subscription_id;
    if (id !== undefined) {
      const checkout = typeof id === 'string' && isUuid(id) ? await checkoutSubscription(knex, auth.userId, id) : undefined;
      if (!checkout) throw problems.notFound('Subscription not found.');
      res.json(checkout);
      return;
    }
    res.json({ subscription: await currentSubscription(knex, auth.userId, now()), user: (res.locals.user as User | undefined) ?? null });
  });

  return router;
}

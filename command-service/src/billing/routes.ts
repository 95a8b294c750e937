import { Router, type Request } from 'express';
import { applyCouponBody, checkoutBody, subscriptionIdBody, type SubscriptionView, type User } from '@cc/contracts';
import { commandMetadata, contextOf, parseOrProblem, readAfterCommand, requireAuth, type GlobalPosition } from '@cc/platform';
import type { BillingCommands } from './commands';

/** Lets the billing routes answer with the subscription as the user will see it (wired by the gateway). */
export interface BillingReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  subscription(userId: string): Promise<SubscriptionView | null>;
}

export interface BillingRouteOptions {
  /** The app's public address for the provider's return addresses; by default the request's own origin. */
  publicUrl?: string;
}

function signedInUser(res: Parameters<typeof requireAuth>[0]): { id: string; email: string } {
  const auth = requireAuth(res);
  const user = res.locals.user as User | undefined;
  return { id: auth.userId, email: user?.email ?? '' };
}

/** The billing calls of doc 2 §7 and what the flows need besides (portal, cancel, resume, refund). */
export function billingRoutes(billing: BillingCommands, readBack: BillingReadBack, options: BillingRouteOptions = {}): Router {
  const router = Router();
  const originOf = (req: Request) => (options.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');

  /** Answers with the user's subscription after the command (read-your-writes). */
  const answerSubscription = async (
    res: Parameters<typeof requireAuth>[0],
    userId: string,
    position: GlobalPosition | undefined,
    extra: Record<string, unknown> = {},
  ) => {
    const subscription = await readAfterCommand(res, {
      position,
      waitFor: readBack.waitFor,
      read: () => readBack.subscription(userId).then((s) => s ?? undefined),
    });
    res.json({ subscription: subscription ?? null, ...extra });
  };

  router.post('/api/billing/checkout', async (req, res) => {
    const user = signedInUser(res);
    const body = parseOrProblem(checkoutBody, req.body);
    const { url, subscriptionId, position } = await billing.startCheckout(user, body, originOf(req), commandMetadata(res));
    await contextOf(res).recordWrite(position);
    res.json({ url, subscriptionId });
  });

  router.post('/api/billing/apply-coupon', async (req, res) => {
    const { userId } = requireAuth(res);
    const { subscriptionId, couponCode } = parseOrProblem(applyCouponBody, req.body);
    const { coupon, amountDue, position } = await billing.applyCoupon(userId, subscriptionId, couponCode, commandMetadata(res));
    await contextOf(res).recordWrite(position);
    res.json({ coupon: { name: coupon.name, percent_off: coupon.percentOff, amount_off: coupon.amountOff }, amount: amountDue });
  });

  router.post('/api/billing/refresh-payment-intent', async (req, res) => {
    const { userId } = requireAuth(res);
    const { subscriptionId } = parseOrProblem(subscriptionIdBody, req.body);
    res.json(await billing.openPayment(userId, subscriptionId));
  });

  router.post('/api/billing/portal', async (req, res) => {
    const user = signedInUser(res);
    res.json({ url: await billing.portalUrl(user, originOf(req)) });
  });

  router.post('/api/billing/cancel', async (_req, res) => {
    const { userId } = requireAuth(res);
    const { position } = await billing.scheduleCancellation(userId, commandMetadata(res));
    await answerSubscription(res, userId, position);
  });

  router.post('/api/billing/resume', async (_req, res) => {
    const { userId } = requireAuth(res);
    const { position } = await billing.resume(userId, commandMetadata(res));
    await answerSubscription(res, userId, position);
  });

  router.post('/api/billing/refund', async (_req, res) => {
    const { userId } = requireAuth(res);
    const { position, amountRefunded } = await billing.refund(userId, commandMetadata(res));
    await answerSubscription(res, userId, position, { amountRefunded });
  });

  return router;
}

import express, { Router } from 'express';
import {
  BILLING_MESSAGES,
  PaymentProviderError,
  SPEC_PROBLEMS,
  testModeAuthenticationBody,
  testModePaymentBody,
  type PaymentProvider,
  type ProviderFact,
} from '@cc/contracts';
import { contextOf, HttpProblem, parseOrProblem, problems, requireAuth, type GlobalPosition, type Logger } from '@cc/platform';
import { parseStripeWebhook, WebhookSignatureError } from './stripe/webhook';
import { StripeProvider } from './stripe/provider';
import type { PaymentOutcome, TestModeProvider } from './testMode/provider';

export const WEBHOOK_PATH = '/api/billing/webhook';

/** Records a provider fact on the command side (the same path for the webhook and the test mode). */
export type DeliverFact = (fact: ProviderFact, correlationId: string) => Promise<GlobalPosition | undefined>;

export interface BillingServiceRouteDeps {
  provider: PaymentProvider;
  deliver: DeliverFact;
  logger: Logger;
}

function paymentProblem(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.code === 'card_declined' || error.code === 'authentication_failed')
      throw HttpProblem.fromSpec(402, SPEC_PROBLEMS.paymentFailed(error.message));
    if (error.message === BILLING_MESSAGES.invalidCheckout) throw problems.notFound(error.message);
    if (error.code === 'invalid_request') throw problems.conflict(error.message);
  }
  throw error;
}

/**
 * The billing service's own HTTP: the provider's public settings, Stripe's webhook (raw body,
 * signature checked before anything else), and the test-mode provider's payment form calls.
 */
export function billingServiceRoutes(deps: BillingServiceRouteDeps): Router {
  const router = Router();
  const { provider } = deps;

  router.get('/api/billing/config', (_req, res) => {
    requireAuth(res);
    res.json(provider.config());
  });

  // The signature is over the exact bytes Stripe sent, so the body is read raw here (the gateway
  // leaves this path unparsed). Each fact is applied once however often Stripe redelivers the event.
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!(provider instanceof StripeProvider)) throw problems.notFound('Stripe is not configured.');
    const signature = req.headers['stripe-signature'];
    let facts: ProviderFact[];
    try {
      facts = await parseStripeWebhook(
        provider,
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new HttpProblem(400, 'invalid-signature', 'Invalid signature', 'The webhook signature could not be verified.');
      throw error;
    }
    for (const fact of facts) await deps.deliver(fact, contextOf(res).correlationId);
    res.json({ received: true, applied: facts.length });
  });

  const testMode = (): TestModeProvider => {
    if (provider.kind !== 'test') throw problems.notFound('The test-mode payment form is only there in test mode.');
    return provider as TestModeProvider;
  };
  const answer = async (res: Parameters<typeof requireAuth>[0], outcome: PaymentOutcome) => {
    if (outcome.status === 'succeeded') await contextOf(res).recordWrite(outcome.position);
    res.json({ status: outcome.status, subscriptionId: outcome.subscriptionId });
  };

  /** The test-mode payment form's "confirm payment" (Stripe's test cards; no real charge). */
  router.post('/api/billing/test-mode/pay', async (req, res) => {
    const { userId } = requireAuth(res);
    const body = parseOrProblem(testModePaymentBody, req.body);
    const outcome = await testMode()
      .pay({ clientSecret: body.clientSecret, userId, cardNumber: body.cardNumber, expiry: body.expiry })
      .catch(paymentProblem);
    await answer(res, outcome);
  });

  /** The test mode's stand-in for the bank's authentication page: approve or fail it. */
  router.post('/api/billing/test-mode/authenticate', async (req, res) => {
    const { userId } = requireAuth(res);
    const body = parseOrProblem(testModeAuthenticationBody, req.body);
    const outcome = await testMode()
      .authenticate({ clientSecret: body.clientSecret, userId, approve: body.outcome === 'approve' })
      .catch(paymentProblem);
    await answer(res, outcome);
  });

  return router;
}

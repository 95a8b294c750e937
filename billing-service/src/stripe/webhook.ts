import type Stripe from 'stripe';
import { BILLING_MESSAGES, type CancelReason, type ProviderFact } from '@cc/contracts';
import type { StripeProvider } from './provider';

export class WebhookSignatureError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Our subscription id, which every Stripe subscription we make carries in its metadata. */
function ours(metadata: Stripe.Metadata | null | undefined): string | undefined {
  const id = metadata?.subscriptionId;
  return id && UUID.test(id) ? id : undefined;
}

function cancelReason(subscription: Stripe.Subscription): CancelReason {
  const details = subscription.cancellation_details;
  if (details?.comment === 'refunded') return 'refunded';
  if (details?.comment === 'replaced') return 'replaced';
  if (details?.reason === 'payment_failed') return 'unpaid';
  if (subscription.cancel_at_period_end || subscription.cancel_at) return 'period_end';
  if (details?.reason === 'cancellation_requested') return 'requested';
  return 'provider';
}

/**
 * Verifies a Stripe webhook's signature and turns the event into provider facts. Events may come
 * out of order: a payment carries its period, so the decider sets aside one for a period already
 * recorded; an update of the subscription is read again from Stripe (its state now); a deletion is
 * final. The event id makes a redelivery apply nothing twice. Events about anything but our
 * subscriptions give no facts.
 */
export async function parseStripeWebhook(
  provider: StripeProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<ProviderFact[]> {
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(rawBody, signature ?? '', provider.settings.webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  const at = iso(event.created);
  const eventId = (n: number) => `${event.id}:${n}`;

  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = ours(details?.metadata);
      const providerSubscriptionId = idOf(details?.subscription);
      const line = invoice.lines.data[0];
      if (!subscriptionId || !providerSubscriptionId || !invoice.id || !line) return [];
      return [
        {
          kind: 'payment_succeeded',
          eventId: eventId(0),
          subscriptionId,
          providerSubscriptionId,
          paymentId: invoice.id,
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          periodStart: iso(line.period.start),
          periodEnd: iso(line.period.end),
          at,
        },
      ];
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = ours(invoice.parent?.subscription_details?.metadata);
      if (!subscriptionId || !invoice.id) return [];
      return [
        {
          kind: 'payment_failed',
          eventId: eventId(0),
          subscriptionId,
          paymentId: invoice.id,
          amountDue: invoice.amount_due,
          reason: BILLING_MESSAGES.paymentFailed,
          at,
        },
      ];
    }
    case 'customer.subscription.updated': {
      const subscriptionId = ours(event.data.object.metadata);
      if (!subscriptionId) return [];
      // An update says what the subscription was then, and updates can arrive in any order. What
      // matters is what it is now, so it is read again from Stripe: applying the current state
      // twice, or after a newer event, changes nothing.
      const subscription = await provider.stripe.subscriptions.retrieve(event.data.object.id);
      const facts: ProviderFact[] = [];
      const price = subscription.items.data[0]?.price.id;
      const plan = price ? provider.planOfPrice(price) : undefined;
      if (plan) facts.push({ kind: 'plan_changed', eventId: eventId(0), subscriptionId, ...plan, at });
      if (subscription.status === 'active' || subscription.status === 'past_due') {
        facts.push({
          kind: 'cancellation_changed',
          eventId: eventId(1),
          subscriptionId,
          cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
          at,
        });
      }
      if (subscription.status === 'unpaid') facts.push({ kind: 'unpaid', eventId: eventId(2), subscriptionId, at });
      if (subscription.status === 'incomplete_expired')
        facts.push({ kind: 'canceled', eventId: eventId(3), subscriptionId, reason: 'abandoned', at });
      return facts;
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const subscriptionId = ours(subscription.metadata);
      if (!subscriptionId) return [];
      return [
        {
          kind: 'canceled',
          eventId: eventId(0),
          subscriptionId,
          reason: cancelReason(subscription),
          at: subscription.ended_at ? iso(subscription.ended_at) : at,
        },
      ];
    }
    default:
      return [];
  }
}

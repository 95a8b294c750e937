import Stripe from 'stripe';
import {
  BILLING_CYCLES,
  PAID_TIERS,
  PaymentProviderError,
  type AppliedCoupon,
  type BillingConfigView,
  type BillingCycle,
  type PaidTierName,
  type PaymentProvider,
} from '@cc/contracts';

export type StripePrices = Record<PaidTierName, Record<BillingCycle, string>>;

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: StripePrices;
  /**
   * `hosted`: the upgrade link is Stripe's hosted Checkout page. `elements`: the app's own /checkout
   * page, with a subscription whose first payment is confirmed there by Stripe Elements.
   */
  checkoutPage: 'hosted' | 'elements';
  /** Another server that speaks Stripe's API (the tests' local one); Stripe's own by default. */
  apiUrl?: string;
}

/** The Stripe client, pointed at Stripe or at `apiUrl`. */
export function stripeClient(config: Pick<StripeProviderConfig, 'secretKey' | 'apiUrl'>): Stripe {
  const url = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe's errors the user can act on keep their words; the rest mean "Stripe could not do it now". */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new PaymentProviderError(error.message, 'card_declined');
  if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentProviderError(error.message, 'invalid_request');
  throw new PaymentProviderError(error instanceof Error ? error.message : String(error), 'unavailable');
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    return translate(error);
  }
}

const secretOf = (invoice: string | Stripe.Invoice | null): { clientSecret: string; amount: number } => {
  if (!invoice || typeof invoice === 'string' || !invoice.confirmation_secret) {
    throw new PaymentProviderError('Stripe did not return the payment of this subscription.', 'unavailable');
  }
  return { clientSecret: invoice.confirmation_secret.client_secret, amount: invoice.amount_due };
};

/**
 * Stripe: Checkout Sessions for the upgrade link (or a `default_incomplete` subscription whose
 * first invoice is paid on the /checkout page), promotion codes for coupons, the Billing Portal,
 * refunds. Every call that creates something carries an idempotency key, so a retry after a
 * failure further on does not make it twice.
 */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(readonly settings: StripeProviderConfig) {
    this.stripe = stripeClient(settings);
  }

  config(): BillingConfigView {
    return { provider: 'stripe', publishableKey: this.settings.publishableKey, testMode: this.settings.secretKey.startsWith('sk_test_') };
  }

  /** Which plan a Stripe price is, from the configured price ids. */
  planOfPrice(priceId: string): { tierName: PaidTierName; cycle: BillingCycle } | undefined {
    for (const tierName of PAID_TIERS)
      for (const cycle of BILLING_CYCLES) if (this.settings.prices[tierName][cycle] === priceId) return { tierName, cycle };
    return undefined;
  }

  async createCustomer(input: { userId: string; email: string }): Promise<string> {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email || undefined, metadata: { userId: input.userId } },
        { idempotencyKey: `customer-${input.userId}` },
      ),
    );
    return customer.id;
  }

  async startCheckout(input: Parameters<PaymentProvider['startCheckout']>[0]) {
    const price = this.settings.prices[input.tierName][input.cycle];
    const metadata = { subscriptionId: input.subscriptionId, userId: input.userId };
    if (this.settings.checkoutPage === 'hosted') {
      const session = await call(() =>
        this.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            line_items: [{ price, quantity: 1 }],
            allow_promotion_codes: true,
            client_reference_id: input.subscriptionId,
            success_url: `${input.origin}/billing?checkout=success`,
            cancel_url: `${input.origin}/billing?checkout=cancelled`,
            subscription_data: { metadata },
            metadata,
          },
          { idempotencyKey: `checkout-${input.subscriptionId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe did not return a checkout address.', 'unavailable');
      return { url: session.url, providerSubscriptionId: null };
    }
    const subscription = await this.createIncomplete(input.customerId, price, metadata, undefined, `subscription-${input.subscriptionId}`);
    const { clientSecret } = secretOf(subscription.latest_invoice);
    const query = new URLSearchParams({ client_secret: clientSecret, subscription_id: input.subscriptionId });
    return { url: `${input.origin}/checkout?${query.toString()}`, providerSubscriptionId: subscription.id };
  }

  async findCoupon(code: string): Promise<AppliedCoupon | undefined> {
    const found = await call(() =>
      this.stripe.promotionCodes.list({ code: code.trim(), active: true, limit: 1, expand: ['data.promotion.coupon'] }),
    );
    const promotion = found.data[0];
    const coupon = promotion?.promotion.coupon;
    if (!promotion || !coupon || typeof coupon === 'string' || !coupon.valid) return undefined;
    if (promotion.expires_at && promotion.expires_at * 1000 < Date.now()) return undefined;
    return {
      id: promotion.id,
      code: promotion.code,
      name: coupon.name ?? promotion.code,
      percentOff: coupon.percent_off,
      amountOff: coupon.amount_off,
    };
  }

  /**
   * The first invoice of a `default_incomplete` subscription is already final, so a coupon cannot
   * change it: the unpaid subscription is ended and made again with the promotion code, and its
   * new invoice (new client secret, new amount) is what the page pays.
   */
  async applyCoupon(input: Parameters<PaymentProvider['applyCoupon']>[0]) {
    const price = this.settings.prices[input.tierName][input.cycle];
    const replacement = await this.createIncomplete(
      input.customerId,
      price,
      { subscriptionId: input.subscriptionId },
      input.coupon.id,
      `subscription-${input.subscriptionId}-coupon-${input.coupon.id}`,
    );
    await call(() => this.stripe.subscriptions.cancel(input.providerSubscriptionId)).catch((error: unknown) => {
      if (!(error instanceof PaymentProviderError && error.code === 'invalid_request')) throw error;
    });
    return { providerSubscriptionId: replacement.id };
  }

  async openPayment(providerSubscriptionId: string) {
    const subscription = await call(() =>
      this.stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    return secretOf(subscription.latest_invoice);
  }

  async portalUrl(input: { customerId: string; origin: string }): Promise<string> {
    const session = await call(() =>
      this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: `${input.origin}/billing?tab=management` }),
    );
    return session.url;
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
    await call(() => this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel }));
  }

  async refundAndCancel(input: Parameters<PaymentProvider['refundAndCancel']>[0]) {
    const invoice = await call(() => this.stripe.invoices.retrieve(input.paymentId, { expand: ['payments'] }));
    const payment = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent')?.payment.payment_intent;
    const paymentIntent = typeof payment === 'string' ? payment : payment?.id;
    if (!paymentIntent) throw new PaymentProviderError('Stripe has no payment to refund for this subscription.', 'invalid_request');
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: input.amount,
          metadata: { subscriptionId: input.subscriptionId, reason: 'money-back guarantee' },
        },
        { idempotencyKey: `refund-${input.subscriptionId}` },
      ),
    );
    await this.cancel(input.providerSubscriptionId, 'refunded');
    return { refundId: refund.id, amount: refund.amount };
  }

  async cancelNow(providerSubscriptionId: string): Promise<void> {
    await this.cancel(providerSubscriptionId, 'replaced');
  }

  private async cancel(providerSubscriptionId: string, comment: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(providerSubscriptionId, { cancellation_details: { comment } });
    } catch (error) {
      // Already canceled (a retry): nothing left to do.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(error.message)) return;
      translate(error);
    }
  }

  private createIncomplete(
    customer: string,
    price: string,
    metadata: Record<string, string>,
    promotionCode: string | undefined,
    idempotencyKey: string,
  ) {
    return call(() =>
      this.stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
          metadata,
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey },
      ),
    );
  }
}

import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  BILLING_MESSAGES,
  discountedAmount,
  PaymentProviderError,
  priceOf,
  type AppliedCoupon,
  type BillingConfigView,
  type BillingCycle,
  type PaidTierName,
  type PaymentProvider,
  type ProviderFact,
} from '@cc/contracts';
import { maxPosition, type GlobalPosition, type Logger } from '@cc/platform';
import { cardBehaviour, expiryProblem } from './cards';

/** Where the provider's events go: the same place the Stripe webhook sends its facts (command side). */
export type FactSink = (fact: ProviderFact) => Promise<GlobalPosition | undefined>;

export interface TestModeProviderOptions {
  knex: Knex;
  coupons: Map<string, { id: string; code: string; name: string; percentOff: number | null; amountOff: number | null }>;
  deliver: FactSink;
  logger: Logger;
  now?: () => Date;
  /** Days a failed renewal keeps the plan before the subscription is marked unpaid (Stripe: its retry schedule). */
  graceDays?: number;
}

interface Row {
  id: string;
  subscription_id: string;
  user_id: string;
  customer_id: string;
  tier_name: PaidTierName;
  cycle: BillingCycle;
  amount: number;
  amount_due: number;
  coupon: AppliedCoupon | null;
  status: 'incomplete' | 'requires_action' | 'active' | 'past_due' | 'unpaid' | 'canceled';
  payment_intent_id: string;
  client_secret: string;
  card: string | null;
  pending_card: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  past_due_since: Date | null;
}

export type PaymentOutcome =
  { status: 'succeeded'; subscriptionId: string; position?: GlobalPosition } | { status: 'requires_action'; subscriptionId: string };

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** One cycle later, the way Stripe bills: same day of the month, clamped to the month's last day. */
export function addCycle(from: Date, cycle: BillingCycle): Date {
  const months = cycle === 'monthly' ? 1 : 12;
  const target = new Date(
    Date.UTC(
      from.getUTCFullYear(),
      from.getUTCMonth() + months,
      1,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * The offline payment provider (default when no Stripe key is set): the same flows as Stripe, end
 * to end, with no network and no real charge. It keeps its own records (tables `test_mode_*`),
 * takes Stripe's published test cards, and reports what happens as provider facts — the same ones
 * the Stripe webhook produces — through an outbox that is delivered at once and retried by
 * `advance()` until it is taken. `advance()` is also its billing clock: renewals, cancellations at
 * period end, and the end of a failed renewal's grace period.
 */
export class TestModeProvider implements PaymentProvider {
  readonly kind = 'test' as const;
  private readonly knex: Knex;
  private readonly now: () => Date;
  private readonly graceDays: number;

  constructor(private readonly options: TestModeProviderOptions) {
    this.knex = options.knex;
    this.now = options.now ?? (() => new Date());
    this.graceDays = options.graceDays ?? 7;
  }

  config(): BillingConfigView {
    return { provider: 'test', publishableKey: null, testMode: true };
  }

  async createCustomer(): Promise<string> {
    return token('tcus');
  }

  async startCheckout(input: Parameters<PaymentProvider['startCheckout']>[0]) {
    const id = token('tsub');
    const secret = `${token('tpi')}_secret_${randomBytes(12).toString('hex')}`;
    const amount = priceOf(input.tierName, input.cycle);
    await this.knex('test_mode_subscriptions').insert({
      id,
      subscription_id: input.subscriptionId,
      user_id: input.userId,
      customer_id: input.customerId,
      tier_name: input.tierName,
      cycle: input.cycle,
      amount,
      amount_due: amount,
      status: 'incomplete',
      payment_intent_id: secret.split('_secret_')[0],
      client_secret: secret,
      created_at: this.now(),
    });
    const query = new URLSearchParams({ client_secret: secret, subscription_id: input.subscriptionId });
    return { url: `/checkout?${query.toString()}`, providerSubscriptionId: id };
  }

  async findCoupon(code: string): Promise<AppliedCoupon | undefined> {
    return this.options.coupons.get(code.trim().toUpperCase());
  }

  /** A coupon changes the open payment: a new payment intent with its own client secret, for the new amount. */
  async applyCoupon(input: Parameters<PaymentProvider['applyCoupon']>[0]) {
    const row = await this.row({ id: input.providerSubscriptionId });
    if (!row || row.status !== 'incomplete')
      throw new PaymentProviderError('This subscription is not awaiting payment.', 'invalid_request');
    const secret = `${token('tpi')}_secret_${randomBytes(12).toString('hex')}`;
    await this.knex('test_mode_subscriptions')
      .where({ id: row.id })
      .update({
        coupon: JSON.stringify(input.coupon),
        amount_due: discountedAmount(row.amount, input.coupon),
        payment_intent_id: secret.split('_secret_')[0],
        client_secret: secret,
      });
    return { providerSubscriptionId: row.id };
  }

  async openPayment(providerSubscriptionId: string) {
    const row = await this.row({ id: providerSubscriptionId });
    if (!row) throw new PaymentProviderError('No such subscription.', 'invalid_request');
    return { clientSecret: row.client_secret, amount: row.amount_due };
  }

  /** The test mode's "portal" is the app's own management tab. */
  async portalUrl(): Promise<string> {
    return '/billing?tab=management';
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
    await this.knex('test_mode_subscriptions')
      .where({ id: providerSubscriptionId })
      .whereIn('status', ['active', 'past_due'])
      .update({ cancel_at_period_end: cancel });
  }

  async refundAndCancel(input: Parameters<PaymentProvider['refundAndCancel']>[0]) {
    return this.knex.transaction(async (trx) => {
      const payment = await trx('test_mode_payments')
        .where({ id: input.paymentId, provider_subscription_id: input.providerSubscriptionId })
        .forUpdate()
        .first();
      if (!payment) throw new PaymentProviderError('No such payment.', 'invalid_request');
      // Asked again (a retry after a failure further on): the same refund, never a second one.
      const refundId: string = payment.refund_id ?? token('tre');
      const amount = Math.min(input.amount, payment.amount);
      await trx('test_mode_payments').where({ id: payment.id }).update({ refund_id: refundId, refunded_amount: amount });
      await trx('test_mode_subscriptions')
        .where({ id: input.providerSubscriptionId })
        .update({ status: 'canceled', cancel_at_period_end: false });
      return { refundId, amount };
    });
  }

  async cancelNow(providerSubscriptionId: string): Promise<void> {
    await this.knex('test_mode_subscriptions')
      .where({ id: providerSubscriptionId })
      .update({ status: 'canceled', cancel_at_period_end: false });
  }

  /** The subscription this client secret pays for, if it is the user's (anyone else's is unknown). */
  async checkoutOf(clientSecret: string, userId: string): Promise<{ subscriptionId: string } | undefined> {
    const row = await this.row({ client_secret: clientSecret });
    return row && row.user_id === userId ? { subscriptionId: row.subscription_id } : undefined;
  }

  /**
   * The test-mode payment form's "confirm payment": a succeeding card pays, a declining one is
   * refused with Stripe's message (and reported as a failed payment), and 4000 0025 0000 3155 asks
   * for authentication first.
   */
  async pay(input: { clientSecret: string; userId: string; cardNumber: string; expiry: string }): Promise<PaymentOutcome> {
    const expired = expiryProblem(input.expiry, this.now());
    if (expired) throw new PaymentProviderError(expired, 'card_declined');
    const card = cardBehaviour(input.cardNumber);
    const { row, facts, outcome } = await this.knex.transaction(async (trx) => {
      const row = await this.lockOpen(trx, input.clientSecret, input.userId);
      if (card.kind === 'requires_authentication') {
        await trx('test_mode_subscriptions').where({ id: row.id }).update({ status: 'requires_action', pending_card: input.cardNumber });
        return { row, facts: [] as number[], outcome: { status: 'requires_action' as const, subscriptionId: row.subscription_id } };
      }
      if (card.kind === 'declined') return { row, facts: [await this.recordFailure(trx, row, card.message)], outcome: card };
      return {
        row,
        facts: [await this.charge(trx, row, input.cardNumber)],
        outcome: { status: 'succeeded' as const, subscriptionId: row.subscription_id },
      };
    });
    const position = facts.length ? await this.deliverPending(facts) : undefined;
    if ('message' in outcome) throw new PaymentProviderError(outcome.message, 'card_declined');
    return outcome.status === 'succeeded' ? { ...outcome, position } : { status: 'requires_action', subscriptionId: row.subscription_id };
  }

  /** The test-mode authentication step: the person approves it (the payment goes through) or fails it. */
  async authenticate(input: { clientSecret: string; userId: string; approve: boolean }): Promise<PaymentOutcome> {
    const { facts, subscriptionId } = await this.knex.transaction(async (trx) => {
      const row = await this.lockOpen(trx, input.clientSecret, input.userId);
      if (row.status !== 'requires_action' || !row.pending_card)
        throw new PaymentProviderError('This payment is not waiting for authentication.', 'invalid_request');
      if (!input.approve) {
        await trx('test_mode_subscriptions').where({ id: row.id }).update({ status: 'incomplete', pending_card: null });
        return { facts: [await this.recordFailure(trx, row, BILLING_MESSAGES.authenticationFailed)], subscriptionId: undefined };
      }
      return { facts: [await this.charge(trx, row, row.pending_card)], subscriptionId: row.subscription_id };
    });
    const position = await this.deliverPending(facts);
    if (!subscriptionId) throw new PaymentProviderError(BILLING_MESSAGES.authenticationFailed, 'authentication_failed');
    return { status: 'succeeded', subscriptionId, position };
  }

  /**
   * The provider's clock: delivers what is still undelivered, renews subscriptions whose period
   * ended (or ends those set to cancel), and marks unpaid a renewal overdue past the grace period.
   */
  async advance(): Promise<{ renewed: number; canceled: number; failed: number; unpaid: number }> {
    const now = this.now();
    const counts = { renewed: 0, canceled: 0, failed: 0, unpaid: 0 };
    await this.deliverPending([]);
    const due: Row[] = await this.knex('test_mode_subscriptions')
      .whereIn('status', ['active', 'past_due'])
      .andWhere('current_period_end', '<=', now);
    for (const candidate of due) {
      const facts = await this.knex.transaction(async (trx) => {
        const row: Row | undefined = await trx('test_mode_subscriptions').where({ id: candidate.id }).forUpdate().first();
        if (!row || (row.status !== 'active' && row.status !== 'past_due') || !row.current_period_end || row.current_period_end > now)
          return [];
        if (row.cancel_at_period_end) {
          counts.canceled++;
          await trx('test_mode_subscriptions').where({ id: row.id }).update({ status: 'canceled', cancel_at_period_end: false });
          return [
            await this.outbox(trx, {
              kind: 'canceled',
              eventId: token('tevt'),
              subscriptionId: row.subscription_id,
              reason: 'period_end',
              at: row.current_period_end.toISOString(),
            }),
          ];
        }
        if (row.status === 'past_due') {
          if (row.past_due_since && row.past_due_since.getTime() + this.graceDays * 86_400_000 <= now.getTime()) {
            counts.unpaid++;
            await trx('test_mode_subscriptions').where({ id: row.id }).update({ status: 'unpaid' });
            return [
              await this.outbox(trx, {
                kind: 'unpaid',
                eventId: token('tevt'),
                subscriptionId: row.subscription_id,
                at: now.toISOString(),
              }),
            ];
          }
          return [];
        }
        if (row.card && cardBehaviour(row.card).kind === 'renewals_fail') {
          counts.failed++;
          await trx('test_mode_subscriptions').where({ id: row.id }).update({ status: 'past_due', past_due_since: row.current_period_end });
          return [
            await this.outbox(trx, {
              kind: 'payment_failed',
              eventId: token('tevt'),
              subscriptionId: row.subscription_id,
              paymentId: token('tpay'),
              amountDue: row.amount,
              reason: BILLING_MESSAGES.cardDeclined,
              at: row.current_period_end.toISOString(),
            }),
          ];
        }
        counts.renewed++;
        // Renewals are charged at the list price: the coupon was for the first payment.
        return [await this.charge(trx, { ...row, amount_due: row.amount }, row.card ?? '4242424242424242', row.current_period_end)];
      });
      if (facts.length) await this.deliverPending(facts);
    }
    return counts;
  }

  private async row(where: Partial<Pick<Row, 'id' | 'client_secret'>>): Promise<Row | undefined> {
    return this.knex('test_mode_subscriptions').where(where).first();
  }

  private async lockOpen(trx: Knex.Transaction, clientSecret: string, userId: string): Promise<Row> {
    const row: Row | undefined = await trx('test_mode_subscriptions').where({ client_secret: clientSecret }).forUpdate().first();
    if (!row || row.user_id !== userId) throw new PaymentProviderError(BILLING_MESSAGES.invalidCheckout, 'invalid_request');
    if (row.status !== 'incomplete' && row.status !== 'requires_action')
      throw new PaymentProviderError('This subscription is already paid.', 'invalid_request');
    return row;
  }

  /** Takes the payment and starts (or continues) the period; the paid fact goes to the outbox. */
  private async charge(trx: Knex.Transaction, row: Row, card: string, from: Date = this.now()): Promise<number> {
    const paymentId = token('tpay');
    const periodEnd = addCycle(from, row.cycle);
    await trx('test_mode_payments').insert({
      id: paymentId,
      provider_subscription_id: row.id,
      amount: row.amount_due,
      created_at: this.now(),
    });
    await trx('test_mode_subscriptions').where({ id: row.id }).update({
      status: 'active',
      card,
      pending_card: null,
      current_period_start: from,
      current_period_end: periodEnd,
      past_due_since: null,
    });
    return this.outbox(trx, {
      kind: 'payment_succeeded',
      eventId: token('tevt'),
      subscriptionId: row.subscription_id,
      providerSubscriptionId: row.id,
      paymentId,
      amountPaid: row.amount_due,
      currency: 'usd',
      periodStart: from.toISOString(),
      periodEnd: periodEnd.toISOString(),
      at: from.toISOString(),
    });
  }

  private async recordFailure(trx: Knex.Transaction, row: Row, message: string): Promise<number> {
    return this.outbox(trx, {
      kind: 'payment_failed',
      eventId: token('tevt'),
      subscriptionId: row.subscription_id,
      paymentId: row.payment_intent_id,
      amountDue: row.amount_due,
      reason: message,
      at: this.now().toISOString(),
    });
  }

  private async outbox(trx: Knex.Transaction, fact: ProviderFact): Promise<number> {
    const [inserted] = await trx('test_mode_outbox')
      .insert({ fact: JSON.stringify(fact), created_at: this.now() })
      .returning('id');
    return Number((inserted as { id: string | number }).id);
  }

  /**
   * Delivers the given outbox entries now (and, with none given, every one still pending), in
   * order. One that fails stays pending for the next `advance()`; delivery is at least once and
   * the command side applies each provider event once.
   */
  private async deliverPending(ids: number[]): Promise<GlobalPosition | undefined> {
    const query = this.knex('test_mode_outbox').whereNull('delivered_at').orderBy('id');
    const pending: { id: string; fact: ProviderFact }[] = ids.length ? await query.whereIn('id', ids) : await query.limit(500);
    let position: GlobalPosition | undefined;
    for (const entry of pending) {
      try {
        position = maxPosition(position, await this.options.deliver(entry.fact));
        await this.knex('test_mode_outbox').where({ id: entry.id }).update({ delivered_at: this.now() });
      } catch (error) {
        this.options.logger.warn(
          { err: error, fact: entry.fact.kind, subscriptionId: entry.fact.subscriptionId },
          'test-mode provider: delivery failed; retried on the next tick',
        );
        if (ids.length) throw error;
        break;
      }
    }
    return position;
  }
}

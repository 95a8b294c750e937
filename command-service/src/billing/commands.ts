import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  memberTier,
  PaymentProviderError,
  SPEC_PROBLEMS,
  SOLD_TIER_ORDER,
  streams,
  type AppliedCoupon,
  type CheckoutBody,
  type PaymentIntentRefresh,
  type PaymentProvider,
  type ProviderFact,
} from '@cc/contracts';
import {
  DuplicateEventError,
  handleCommand,
  HttpProblem,
  isUuid,
  loadState,
  maxPosition,
  problems,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
} from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { customerDecider, type CustomerCommand } from './customerDecider';
import {
  assertAwaitingPayment,
  assertChangeable,
  assertCouponAllowed,
  assertRefundable,
  entitlementOf,
  subscriptionDecider,
  type SubscriptionCommand,
  type SubscriptionState,
} from './decider';

type Metadata = Partial<EventMetadata>;

/** The actor of what the billing service does on its own account (a tier that follows a subscription). */
export const BILLING_SERVICE = 'billing-service';

export interface BillingCommandsDeps {
  store: EventStore;
  provider: PaymentProvider;
  now?: () => Date;
  /** The user's current subscription as the read side sees it (cancel, resume and refund act on it). */
  currentSubscriptionId(userId: string): Promise<string | undefined>;
}

/** A provider that fails for a reason the user cannot act on is a 502; one the user can act on keeps its words. */
function providerProblem(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.code === 'card_declined' || error.code === 'authentication_failed')
      throw HttpProblem.fromSpec(402, SPEC_PROBLEMS.paymentFailed(error.message));
    if (error.code === 'invalid_coupon')
      throw HttpProblem.fromSpec(400, SPEC_PROBLEMS.invalidCoupon(), { message: BILLING_MESSAGES.invalidCoupon });
    if (error.code === 'invalid_request') throw problems.conflict(error.message);
  }
  throw new HttpProblem(502, 'payment-provider-unavailable', 'Payment provider unavailable', BILLING_MESSAGES.providerUnavailable);
}

async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return providerProblem(error);
  }
}

/** A repeated append with the same idempotent ids was done before: that counts as done. */
async function once<T>(append: () => Promise<T>): Promise<T | undefined> {
  try {
    return await append();
  } catch (error) {
    if (error instanceof DuplicateEventError) return undefined;
    throw error;
  }
}

/**
 * The write side of billing. The decider says yes before the provider is called, the provider is
 * called before anything is recorded, and a provider that fails leaves nothing recorded.
 */
export function billingCommands(deps: BillingCommandsDeps) {
  const { store, provider } = deps;
  const now = deps.now ?? (() => new Date());

  const onSubscription = (id: string, command: SubscriptionCommand, metadata: Metadata, idempotencyKey?: string) =>
    handleCommand({ store, streamId: streams.subscription(id), decider: subscriptionDecider, command, metadata, idempotencyKey });
  const onCustomer = (userId: string, command: CustomerCommand, metadata: Metadata, idempotencyKey?: string) =>
    handleCommand({
      store,
      streamId: streams.billingCustomer(userId),
      decider: customerDecider,
      command,
      metadata,
      idempotencyKey,
      maxAttempts: 20,
    });
  const loadSubscription = async (id: string) => (await loadState(store, streams.subscription(id), subscriptionDecider)).state;
  const loadCustomer = async (userId: string) => (await loadState(store, streams.billingCustomer(userId), customerDecider)).state;

  /** The user's own subscription; anyone else's is answered as unknown (404). */
  async function owned(userId: string, subscriptionId: string): Promise<SubscriptionState> {
    if (!isUuid(subscriptionId)) throw problems.notFound('Subscription not found.');
    const state = await loadSubscription(subscriptionId);
    if (!state.exists || state.userId !== userId) throw problems.notFound('Subscription not found.');
    return state;
  }

  async function current(userId: string): Promise<SubscriptionState> {
    const id = await deps.currentSubscriptionId(userId);
    if (!id) throw problems.conflict(BILLING_MESSAGES.noSubscriptionToChange);
    return owned(userId, id);
  }

  async function customerIdFor(user: { id: string; email: string }, metadata: Metadata): Promise<string> {
    const known = (await loadCustomer(user.id)).customers[provider.kind];
    if (known) return known;
    const created = await callProvider(() => provider.createCustomer({ userId: user.id, email: user.email }));
    const result = await onCustomer(
      user.id,
      { type: 'CreateCustomer', data: { userId: user.id, provider: provider.kind, customerId: created } },
      metadata,
    );
    return result.state.customers[provider.kind] ?? created;
  }

  /**
   * The user's tier follows their subscriptions: this subscription's entitlement is recorded on the
   * user's billing-customer stream, which says the tier all of them give, and the user's tier is
   * set to it, with the billing service as the actor. Safe to repeat (the same idempotency key
   * appends nothing twice); a sync interrupted between the two streams is finished by the next one.
   */
  async function syncEntitlement(subscriptionId: string, metadata: Metadata, idempotencyKey?: string): Promise<GlobalPosition | undefined> {
    const state = await loadSubscription(subscriptionId);
    if (!state.exists) return undefined;
    const actor = { ...metadata, userId: null, service: BILLING_SERVICE };
    const tierName = entitlementOf(state);
    const recorded = await once(() =>
      onCustomer(
        state.userId,
        { type: 'RecordEntitlement', data: { userId: state.userId, subscriptionId, tierName } },
        actor,
        idempotencyKey,
      ),
    );
    const customer = recorded?.state ?? (await loadCustomer(state.userId));
    const changedNow = (recorded?.events.length ?? 0) > 0;
    const unfinished =
      recorded === undefined || (customer.lastChange?.subscriptionId === subscriptionId && customer.lastChange.tierName === tierName);
    if (!changedNow && !unfinished) return undefined;
    const applied = await once(() =>
      handleCommand({
        store,
        streamId: streams.user(state.userId),
        decider: userDecider,
        command: { type: 'ApplySubscriptionTier', data: { userId: state.userId, tierName: customer.effectiveTier } },
        metadata: actor,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
        idempotencyKey: idempotencyKey && `${idempotencyKey}:user`,
      }),
    );
    return maxPosition(recorded?.position, applied?.position);
  }

  /** A newly paid subscription replaces the others the user was paying for (an upgrade from Basic to Pro). */
  async function replaceOthers(subscriptionId: string, metadata: Metadata): Promise<GlobalPosition | undefined> {
    const state = await loadSubscription(subscriptionId);
    if (state.status !== 'active') return undefined;
    const customer = await loadCustomer(state.userId);
    let position: GlobalPosition | undefined;
    for (const [otherId, tier] of Object.entries(customer.entitlements)) {
      if (otherId === subscriptionId || tier === null) continue;
      const other = await loadSubscription(otherId);
      if (other.status === 'canceled') continue;
      if (other.providerSubscriptionId) await provider.cancelNow(other.providerSubscriptionId);
      const fact: ProviderFact = {
        kind: 'canceled',
        eventId: `replaced:${otherId}:${subscriptionId}`,
        subscriptionId: otherId,
        reason: 'replaced',
        at: now().toISOString(),
      };
      position = maxPosition(position, await ingest(fact, metadata));
    }
    return position;
  }

  /** Records what the provider reported (webhook or test mode), once per provider event, and lets the tier follow at once. */
  async function ingest(fact: ProviderFact, metadata: Metadata): Promise<GlobalPosition | undefined> {
    if (!(await loadSubscription(fact.subscriptionId)).exists) return undefined;
    const key = `provider-fact:${fact.eventId}`;
    const recorded = await once(() => onSubscription(fact.subscriptionId, { type: 'RecordProviderFact', data: { fact } }, metadata, key));
    let position = maxPosition(recorded?.position, await syncEntitlement(fact.subscriptionId, metadata, `${key}:sync`));
    if (fact.kind === 'payment_succeeded' && recorded?.events.some((e) => e.type === 'SubscriptionActivated')) {
      position = maxPosition(position, await replaceOthers(fact.subscriptionId, metadata));
    }
    return position;
  }

  /**
   * A deleted account pays for nothing: every subscription not yet ended is cancelled now at the
   * provider and recorded as ended. Safe to repeat (an erasure a crash interrupted runs again).
   */
  async function endForErasure(userId: string, metadata: Metadata): Promise<void> {
    const customer = await loadCustomer(userId);
    const current = await deps.currentSubscriptionId(userId);
    const ids = new Set([...Object.keys(customer.entitlements), ...(current ? [current] : [])]);
    for (const subscriptionId of ids) {
      const state = await loadSubscription(subscriptionId);
      if (!state.exists || state.userId !== userId || state.status === 'canceled') continue;
      if (state.providerSubscriptionId) await callProvider(() => provider.cancelNow(state.providerSubscriptionId!));
      await ingest(
        {
          kind: 'canceled',
          eventId: `account-erased:${subscriptionId}`,
          subscriptionId,
          reason: 'account_erased',
          at: now().toISOString(),
        },
        metadata,
      );
    }
  }

  return {
    ingest,
    syncEntitlement,
    endForErasure,

    /** POST /api/billing/checkout: a new subscription stream and the provider's checkout. */
    async startCheckout(user: { id: string; email: string }, body: CheckoutBody, origin: string, metadata: Metadata) {
      // Decided on the write side: the read model a just-paid tier reaches a moment later must not
      // let the same plan be bought twice.
      const [account, customer] = await Promise.all([loadState(store, streams.user(user.id), userDecider), loadCustomer(user.id)]);
      const current = Math.max(SOLD_TIER_ORDER.indexOf(account.state.customerTier), SOLD_TIER_ORDER.indexOf(customer.effectiveTier));
      if (current >= SOLD_TIER_ORDER.indexOf(body.tierName)) {
        throw problems.conflict(`Your plan already includes ${memberTier(body.tierName).displayName}.`);
      }
      const customerId = await customerIdFor(user, metadata);
      const subscriptionId = randomUUID();
      const started = await callProvider(() =>
        provider.startCheckout({ subscriptionId, userId: user.id, customerId, tierName: body.tierName, cycle: body.cycle, origin }),
      );
      const result = await onSubscription(
        subscriptionId,
        {
          type: 'StartCheckout',
          data: {
            subscriptionId,
            userId: user.id,
            provider: provider.kind,
            providerSubscriptionId: started.providerSubscriptionId,
            customerId,
            tierName: body.tierName,
            cycle: body.cycle,
            now: now(),
          },
        },
        metadata,
      );
      return { url: started.url, subscriptionId, position: result.position };
    },

    async applyCoupon(userId: string, subscriptionId: string, code: string, metadata: Metadata) {
      const state = await owned(userId, subscriptionId);
      assertCouponAllowed(state, userId);
      if (!state.providerSubscriptionId) throw problems.conflict('This checkout is completed on the payment provider’s page.');
      const coupon: AppliedCoupon | undefined = await callProvider(() => provider.findCoupon(code));
      if (!coupon) throw HttpProblem.fromSpec(400, SPEC_PROBLEMS.invalidCoupon(), { message: BILLING_MESSAGES.invalidCoupon });
      const providerSubscriptionId = state.providerSubscriptionId;
      const applied = await callProvider(() =>
        provider.applyCoupon({
          subscriptionId,
          providerSubscriptionId,
          customerId: state.customerId,
          coupon,
          tierName: state.tierName,
          cycle: state.cycle,
        }),
      );
      const result = await onSubscription(
        subscriptionId,
        { type: 'ApplyCoupon', data: { actorId: userId, coupon, providerSubscriptionId: applied.providerSubscriptionId, now: now() } },
        metadata,
      );
      return { coupon, amountDue: result.state.amountDue, position: result.position };
    },

    /** POST /api/billing/refresh-payment-intent: the open payment after a coupon (its new client secret and amount). */
    async openPayment(userId: string, subscriptionId: string): Promise<PaymentIntentRefresh> {
      const state = await owned(userId, subscriptionId);
      assertAwaitingPayment(state, userId);
      if (!state.providerSubscriptionId) throw problems.conflict('This checkout is completed on the payment provider’s page.');
      const providerSubscriptionId = state.providerSubscriptionId;
      const payment = await callProvider(() => provider.openPayment(providerSubscriptionId));
      return { clientSecret: payment.clientSecret, amount: payment.amount, planName: state.planName };
    },

    async portalUrl(user: { id: string; email: string }, origin: string): Promise<string> {
      const customerId = (await loadCustomer(user.id)).customers[provider.kind];
      if (!customerId) throw problems.conflict(BILLING_MESSAGES.noSubscriptionToChange);
      return callProvider(() => provider.portalUrl({ customerId, origin }));
    },

    async scheduleCancellation(userId: string, metadata: Metadata) {
      const state = await current(userId);
      assertChangeable(state, userId);
      if (!state.cancelAtPeriodEnd) await callProvider(() => provider.setCancelAtPeriodEnd(state.providerSubscriptionId!, true));
      const result = await onSubscription(
        state.subscriptionId,
        { type: 'ScheduleCancellation', data: { actorId: userId, now: now() } },
        metadata,
      );
      return { subscriptionId: state.subscriptionId, position: result.position };
    },

    async resume(userId: string, metadata: Metadata) {
      const state = await current(userId);
      assertChangeable(state, userId);
      if (state.cancelAtPeriodEnd) await callProvider(() => provider.setCancelAtPeriodEnd(state.providerSubscriptionId!, false));
      const result = await onSubscription(state.subscriptionId, { type: 'Resume', data: { actorId: userId, now: now() } }, metadata);
      return { subscriptionId: state.subscriptionId, position: result.position };
    },

    /** The money-back guarantee: refund the first payment, end the subscription, back to Free at once. */
    async refund(userId: string, metadata: Metadata) {
      const state = await current(userId);
      // The billing-customer stream must know this subscription before it can say whether it was the first.
      await syncEntitlement(state.subscriptionId, metadata);
      const first = (await loadCustomer(userId)).firstEntitledSubscriptionId;
      const at = now();
      assertRefundable(state, userId, at, first);
      const refund = await callProvider(() =>
        provider.refundAndCancel({
          subscriptionId: state.subscriptionId,
          providerSubscriptionId: state.providerSubscriptionId!,
          paymentId: state.firstPaymentId!,
          amount: state.firstAmountPaid,
        }),
      );
      const result = await onSubscription(
        state.subscriptionId,
        {
          type: 'Refund',
          data: { actorId: userId, now: at, firstEntitledSubscriptionId: first, refundId: refund.refundId, amountRefunded: refund.amount },
        },
        metadata,
      );
      const synced = await syncEntitlement(state.subscriptionId, metadata);
      return { subscriptionId: state.subscriptionId, amountRefunded: refund.amount, position: maxPosition(result.position, synced) };
    },
  };
}

export type BillingCommands = ReturnType<typeof billingCommands>;

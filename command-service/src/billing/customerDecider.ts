import { PAID_TIERS, type BillingCustomerEvent, type PaidTierName, type PaymentProviderKind } from '@cc/contracts';
import type { Decider } from '@cc/platform';

export type CustomerEvent = BillingCustomerEvent;

/**
 * The user's billing account, `billing-customer-<userId>`: the provider's customer, and what each
 * of the user's subscriptions entitles them to. One stream per user serialises the two facts that
 * span subscriptions: the tier that follows from all of them, and which subscription was the
 * user's first paid one (the money-back guarantee's "first-time subscriber").
 */
export interface CustomerState {
  customers: Partial<Record<PaymentProviderKind, string>>;
  /** Subscriptions that entitled the user to a tier at some point, and what they entitle to now (null: nothing). */
  entitlements: Record<string, PaidTierName | null>;
  firstEntitledSubscriptionId: string | null;
  effectiveTier: 'free' | PaidTierName;
  /** The last entitlement change, so a sync interrupted before the user's tier was set can finish it. */
  lastChange: { subscriptionId: string; tierName: PaidTierName | null } | null;
}

export type CustomerCommand =
  | { type: 'CreateCustomer'; data: { userId: string; provider: PaymentProviderKind; customerId: string } }
  | { type: 'RecordEntitlement'; data: { userId: string; subscriptionId: string; tierName: PaidTierName | null } };

/** The best tier any subscription entitles to (Pro over Basic), or Free. */
export function effectiveTierOf(entitlements: Record<string, PaidTierName | null>): 'free' | PaidTierName {
  const held = new Set(Object.values(entitlements));
  for (const tier of [...PAID_TIERS].reverse()) if (held.has(tier)) return tier;
  return 'free';
}

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: () => ({ customers: {}, entitlements: {}, firstEntitledSubscriptionId: null, effectiveTier: 'free', lastChange: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'BillingCustomerCreated':
        return { ...state, customers: { ...state.customers, [event.data.provider]: event.data.customerId } };
      case 'BillingEntitlementChanged': {
        const { subscriptionId, tierName, effectiveTier } = event.data;
        return {
          ...state,
          entitlements: { ...state.entitlements, [subscriptionId]: tierName },
          firstEntitledSubscriptionId: state.firstEntitledSubscriptionId ?? (tierName ? subscriptionId : null),
          effectiveTier,
          lastChange: { subscriptionId, tierName },
        };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer':
        // Two checkouts at once may both make a customer; the first one recorded is the user's.
        if (state.customers[command.data.provider]) return [];
        return [{ type: 'BillingCustomerCreated', data: command.data }];
      case 'RecordEntitlement': {
        const { userId, subscriptionId, tierName } = command.data;
        const known = subscriptionId in state.entitlements;
        // An unpaid checkout entitles to nothing, as before it started: nothing to record.
        if ((known && state.entitlements[subscriptionId] === tierName) || (!known && tierName === null)) return [];
        const effectiveTier = effectiveTierOf({ ...state.entitlements, [subscriptionId]: tierName });
        return [{ type: 'BillingEntitlementChanged', data: { userId, subscriptionId, tierName, effectiveTier } }];
      }
    }
  },
};

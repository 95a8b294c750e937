import { MEMBER_TIERS, memberTier, type MemberTierFlags } from './tiers';
import { PAID_TIERS, planFeatures, subscriptionPlans } from './billing';

/** The flags a veteran can see on a card; user management and the admin panel are staff powers. */
const SOLD_FLAGS: (keyof MemberTierFlags)[] = [
  'hasTemplateLibrary',
  'hasDbqAccess',
  'hasAdvancedAnalytics',
  'hasPrioritySupport',
  'hasClaimInsights',
];

describe('plan cards sell only what the tier flags enforce', () => {
  const sold = ['free', ...PAID_TIERS] as const;

  it.each(sold)('every flagged line of the %s card is a flag its tier carries', (name) => {
    for (const feature of planFeatures(name)) {
      for (const flag of feature.requires ?? [])
        expect({ feature: feature.label, flag, enabled: memberTier(name)[flag] }).toEqual({ feature: feature.label, flag, enabled: true });
    }
  });

  it.each(sold)('every sold flag the %s tier carries is named on its card or a cheaper one', (name) => {
    const order = sold.slice(0, sold.indexOf(name) + 1);
    const named = new Set(order.flatMap((tier) => planFeatures(tier).flatMap((f) => f.requires ?? [])));
    for (const flag of SOLD_FLAGS.filter((f) => memberTier(name)[f]))
      expect({ flag, named: named.has(flag) }).toEqual({ flag, named: true });
  });

  it('the Free card carries no paid flag, and a paid card no flag its tier lacks', () => {
    expect(planFeatures('free').filter((f) => f.requires)).toEqual([]);
    expect(MEMBER_TIERS.find((t) => t.tierName === 'basic')?.hasClaimInsights).toBe(false);
  });

  it('the answer of GET /api/subscription-plans lists the same lines', () => {
    for (const plan of subscriptionPlans()) expect(plan.features).toEqual(planFeatures(plan.tierName as 'free').map((f) => f.label));
  });
});

/**
 * The member tier table (spec doc 2 §3 "Member tier", §9 tier data).
 * Prices are in cents; a limit of 0 means unlimited; maxDocumentAnalyses of -1 means none.
 * Only free, basic and pro are sold (tier order free → basic → pro); the others are assigned by an
 * administrator. Figures the spec does not give (Pro's price, AI question and upload limits of the
 * Free plan, the Basic analysis quota) are product decisions recorded in docs/decisions/billing.md.
 */
export const MEMBER_TIER_NAMES = ['free', 'basic', 'pro', 'transitioning', 'medical', 'adjudicators', 'administrators', 'support'] as const;

export type MemberTierName = (typeof MEMBER_TIER_NAMES)[number];

export const SOLD_TIER_ORDER: readonly MemberTierName[] = ['free', 'basic', 'pro'];

export interface MemberTierFlags {
  hasAdvancedAnalytics: boolean;
  hasTemplateLibrary: boolean;
  hasPrioritySupport: boolean;
  hasDbqAccess: boolean;
  canManageUsers: boolean;
  canAccessAdminPanel: boolean;
  /** Pro adds strategy, predictions and automatic updates (spec doc 2 §6). */
  hasClaimInsights: boolean;
}

export interface MemberTier extends MemberTierFlags {
  tierName: MemberTierName;
  displayName: string;
  description: string;
  maxClaims: number;
  maxAiQuestions: number;
  maxDocumentUploads: number;
  maxDocumentAnalyses: number;
  monthlyPrice: number;
  yearlyPrice: number;
}

/** Yearly billing is labelled "Save 20%": twelve months less a fifth, rounded down to the cent. */
const yearly = (monthlyCents: number) => Math.floor(monthlyCents * 12 * 0.8);

const noFlags: MemberTierFlags = {
  hasAdvancedAnalytics: false,
  hasTemplateLibrary: false,
  hasPrioritySupport: false,
  hasDbqAccess: false,
  canManageUsers: false,
  canAccessAdminPanel: false,
  hasClaimInsights: false,
};

/** The paid features of doc 2 §6: template library, DBQ access, analytics and priority support. */
const paidFlags: MemberTierFlags = {
  ...noFlags,
  hasTemplateLibrary: true,
  hasDbqAccess: true,
  hasPrioritySupport: true,
  hasAdvancedAnalytics: true,
};

const unlimited = { maxClaims: 0, maxAiQuestions: 0, maxDocumentUploads: 0, maxDocumentAnalyses: 0 };

export const MEMBER_TIERS: readonly MemberTier[] = [
  {
    tierName: 'free',
    displayName: 'Free',
    description: 'Track up to 3 claims, store documents and ask the AI assistant a few questions each month.',
    maxClaims: 3,
    maxAiQuestions: 10,
    maxDocumentUploads: 10,
    maxDocumentAnalyses: -1,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...noFlags,
  },
  {
    tierName: 'basic',
    displayName: 'Basic',
    description: 'Unlimited AI questions, document uploads and claims tracking, advanced document analysis and priority support.',
    ...unlimited,
    maxDocumentAnalyses: 25,
    monthlyPrice: 999,
    yearlyPrice: yearly(999),
    ...paidFlags,
  },
  {
    tierName: 'pro',
    displayName: 'Pro',
    description: 'Everything in Basic plus unlimited analyses, claim strategy, predictions and automatic updates.',
    ...unlimited,
    monthlyPrice: 1999,
    yearlyPrice: yearly(1999),
    ...paidFlags,
    hasClaimInsights: true,
  },
  {
    tierName: 'transitioning',
    displayName: 'Transitioning Service Member',
    description: 'Basic features at no cost for service members preparing to separate, granted by an administrator.',
    ...unlimited,
    maxDocumentAnalyses: 25,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...paidFlags,
  },
  {
    tierName: 'medical',
    displayName: 'Medical Professional',
    description: 'For clinicians who help veterans document conditions: DBQs, templates and document analysis.',
    ...unlimited,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...paidFlags,
  },
  {
    tierName: 'adjudicators',
    displayName: 'Adjudicator',
    description: 'Staff who review claims: read access to every claim and its full history.',
    ...unlimited,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...paidFlags,
    canAccessAdminPanel: true,
  },
  {
    tierName: 'administrators',
    displayName: 'Administrator',
    description: 'Full access: user and tier management, every claim, replay and projection tools.',
    ...unlimited,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...paidFlags,
    canManageUsers: true,
    canAccessAdminPanel: true,
    hasClaimInsights: true,
  },
  {
    tierName: 'support',
    displayName: 'Support',
    description: 'Support staff: event replay and projection tools.',
    ...unlimited,
    monthlyPrice: 0,
    yearlyPrice: 0,
    ...paidFlags,
    canAccessAdminPanel: true,
  },
];

export function memberTier(name: MemberTierName): MemberTier {
  const tier = MEMBER_TIERS.find((t) => t.tierName === name);
  if (!tier) throw new Error(`Unknown member tier ${name}`);
  return tier;
}

export function isMemberTierName(value: unknown): value is MemberTierName {
  return typeof value === 'string' && (MEMBER_TIER_NAMES as readonly string[]).includes(value);
}

/** The sold plans (in tier order) whose tier carries `flag`: what an "Upgrade Required" answer offers. */
export function plansUnlocking(flag: keyof MemberTierFlags): MemberTierName[] {
  return SOLD_TIER_ORDER.filter((name) => memberTier(name)[flag]);
}

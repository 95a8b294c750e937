/** Words every strategy and prediction screen uses (safe for the frontend bundle: no reader, no schema). */
export const ESTIMATE_DISCLAIMER = 'This is an estimate, not a VA decision.';

export const STRATEGY_MESSAGES = {
  upgrade:
    'Claim strategy and predictions are part of the Pro plan. Upgrade to Pro to see what to strengthen first, which review fits a decision, and what a grant could mean for your rating.',
  strategyDisclaimer: 'A plan built from your documents and the rules VA applies; it is guidance, not legal advice and not a VA decision.',
} as const;

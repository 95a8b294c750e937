import { BILLING_MESSAGES } from '@cc/contracts';

/**
 * Stripe's published test cards, as the test-mode provider treats them. One rule is the test
 * mode's own: 4000 0000 0000 0341 pays the first time and fails every renewal, so the overdue and
 * unpaid states can be seen without waiting for a real card to fail.
 */
export type CardBehaviour =
  | { kind: 'succeeds'; brand: string }
  | { kind: 'declined'; message: string }
  | { kind: 'requires_authentication'; brand: string }
  | { kind: 'renewals_fail'; brand: string };

const CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'succeeds', brand: 'Visa' },
  '4000056655665556': { kind: 'succeeds', brand: 'Visa (debit)' },
  '5555555555554444': { kind: 'succeeds', brand: 'Mastercard' },
  '378282246310005': { kind: 'succeeds', brand: 'American Express' },
  '4000000000000002': { kind: 'declined', message: BILLING_MESSAGES.cardDeclined },
  '4000000000009995': { kind: 'declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { kind: 'declined', message: 'Your card has expired.' },
  '4000000000000127': { kind: 'declined', message: "Your card's security code is incorrect." },
  '4000002500003155': { kind: 'requires_authentication', brand: 'Visa' },
  '4000000000000341': { kind: 'renewals_fail', brand: 'Visa' },
};

const NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, see the test card list on this page.';

export function cardBehaviour(number: string): CardBehaviour {
  return CARDS[number] ?? { kind: 'declined', message: NOT_A_TEST_CARD };
}

/** "MM / YY" in the past is refused the way Stripe refuses it. */
export function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return "Your card's expiration year is in the past.";
  if (year === thisYear && month < now.getUTCMonth() + 1) return "Your card's expiration date is in the past.";
  return undefined;
}

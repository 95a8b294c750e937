import type { AppliedCoupon } from '@cc/contracts';

/**
 * Coupons of the test mode come from configuration (BILLING_TEST_COUPONS): comma-separated
 * `CODE=20%` (percent off) or `CODE=$5` / `CODE=$4.50` (amount off). Codes match case-insensitively,
 * like Stripe's promotion codes.
 */
export const DEFAULT_TEST_COUPONS = 'WELCOME20=20%,FIVEOFF=$5';

export class CouponConfigError extends Error {}

export function parseTestCoupons(text: string | undefined): Map<string, AppliedCoupon> {
  const coupons = new Map<string, AppliedCoupon>();
  for (const entry of (text ?? DEFAULT_TEST_COUPONS)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]{1,40})=(?:(\d{1,3}(?:\.\d+)?)%|\$(\d{1,5}(?:\.\d{1,2})?))$/.exec(entry);
    if (!match) throw new CouponConfigError(`BILLING_TEST_COUPONS: "${entry}" is not CODE=20% or CODE=$5`);
    const code = match[1]!.toUpperCase();
    const percentOff = match[2] ? Number(match[2]) : null;
    const amountOff = match[3] ? Math.round(Number(match[3]) * 100) : null;
    if (percentOff !== null && (percentOff <= 0 || percentOff > 100))
      throw new CouponConfigError(`BILLING_TEST_COUPONS: ${code} must take off between 0 and 100 %`);
    // The name is the code: the page shows it with the discount ("WELCOME20 applied: 20% off").
    coupons.set(code, { id: `tcoupon_${code}`, code, name: code, percentOff, amountOff });
  }
  return coupons;
}

/**
 * Monthly VA disability compensation for a veteran alone (no dependents), DOMAIN.md §8. Amounts in
 * cents; each table applies from its effective date (December 1, with the cost-of-living
 * adjustment). The 10 % and 20 % amounts are the same with dependents; from 30 % dependents add to
 * them, which this table does not cover.
 */
export interface CompensationRateTable {
  /** The year VA names the rates by ("2026 rates"). */
  year: number;
  /** The first day they apply (YYYY-MM-DD). */
  effectiveFrom: string;
  /** Cents per month by rating (10–100). */
  cents: Readonly<Record<number, number>>;
}

export const VETERAN_ALONE_RATES: readonly CompensationRateTable[] = [
  {
    year: 2025,
    effectiveFrom: '2024-12-01',
    cents: { 10: 17551, 20: 34695, 30: 53742, 40: 77416, 50: 110204, 60: 139593, 70: 175919, 80: 204489, 90: 229796, 100: 383130 },
  },
  {
    year: 2026,
    effectiveFrom: '2025-12-01',
    cents: { 10: 18042, 20: 35666, 30: 55247, 40: 79584, 50: 113290, 60: 143502, 70: 180845, 80: 210215, 90: 236230, 100: 393858 },
  },
];

export const COMPENSATION_RATES_URL = 'https://www.va.gov/disability/compensation-rates/veteran-rates/';

export interface MonthlyCompensation {
  /** Dollars per month (0 below 10 %). */
  amount: number;
  cents: number;
  rateYear: number;
  effectiveFrom: string;
  basis: string;
  /** VA's own page, where the current figures and the amounts with dependents are. */
  source: string;
}

/** The table in effect on `day` (YYYY-MM-DD); the newest we have once later ones would apply, the oldest before it. */
export function rateTableOn(day: string): CompensationRateTable {
  const applicable = VETERAN_ALONE_RATES.filter((t) => t.effectiveFrom <= day);
  return applicable[applicable.length - 1] ?? VETERAN_ALONE_RATES[0]!;
}

export function monthlyCompensation(rating: number, day: string): MonthlyCompensation {
  const table = rateTableOn(day);
  const cents = table.cents[rating] ?? 0;
  return {
    amount: cents / 100,
    cents,
    rateYear: table.year,
    effectiveFrom: table.effectiveFrom,
    basis: 'Veteran alone, no dependents',
    source: COMPENSATION_RATES_URL,
  };
}

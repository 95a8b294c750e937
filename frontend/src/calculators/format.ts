import type { Claim, Limb, RatingInput, Side } from '@cc/contracts';

/**
 * Pure helpers of the calculators page (unit tested in format.test.ts): the rating rows a veteran
 * edits, how they travel in the address (`/calculators?ratings=50,20-left-leg`), and money.
 */

export const BODY_PARTS = [
  { value: 'other', label: 'Not an arm or leg' },
  { value: 'left-arm', label: 'Left arm', side: 'left', limb: 'arm' },
  { value: 'right-arm', label: 'Right arm', side: 'right', limb: 'arm' },
  { value: 'left-leg', label: 'Left leg', side: 'left', limb: 'leg' },
  { value: 'right-leg', label: 'Right leg', side: 'right', limb: 'leg' },
] as const satisfies readonly { value: string; label: string; side?: Side; limb?: Limb }[];

export type BodyPart = (typeof BODY_PARTS)[number]['value'];

export const PERCENT_OPTIONS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

export interface RatingRow {
  percent: number;
  bodyPart: BodyPart;
}

export const isBodyPart = (value: string): value is BodyPart => BODY_PARTS.some((p) => p.value === value);

export function toRatingInput(row: RatingRow): RatingInput {
  const part = BODY_PARTS.find((p) => p.value === row.bodyPart);
  return part && 'side' in part ? { percent: row.percent, side: part.side, limb: part.limb } : { percent: row.percent };
}

/** "50,20-left-leg" → rows; anything that is not a rating is left out. At most 30 rows. */
export function parseRatingsParam(param: string | null): RatingRow[] {
  if (!param) return [];
  return param
    .split(',')
    .map((part) => /^(\d{1,3})(?:-(left-arm|right-arm|left-leg|right-leg))?$/.exec(part.trim()))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[1]) <= 100 && Number(match[1]) % 10 === 0)
    .slice(0, 30)
    .map((match) => ({ percent: Number(match[1]), bodyPart: (match[2] as BodyPart | undefined) ?? 'other' }));
}

export function ratingsParam(rows: readonly RatingRow[]): string {
  return rows.map((row) => (row.bodyPart === 'other' ? String(row.percent) : `${row.percent}-${row.bodyPart}`)).join(',');
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,132.90". */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/**
 * The ratings of approved claims, as calculator rows. VA rates each condition in steps of 10; a
 * rating typed otherwise on a claim (e.g. 35) is left out rather than guessed at.
 */
export function approvedRatingRows(claims: readonly Pick<Claim, 'isApproved' | 'ratingPercentage'>[]): RatingRow[] {
  return claims
    .filter((c) => c.isApproved && c.ratingPercentage !== null && c.ratingPercentage % 10 === 0)
    .map((c) => ({ percent: c.ratingPercentage!, bodyPart: 'other' as const }));
}

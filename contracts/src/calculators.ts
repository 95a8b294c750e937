import { z } from 'zod';
import { LIMBS, MAX_BILATERAL_RATINGS, MAX_CALCULATOR_RATINGS, SIDES, type CombinedRatingResult } from './bilateral';
import type { MonthlyCompensation } from './compensation';
import { DECISION_KINDS, isCalendarDate, type DeadlineResult } from './deadlines';

export const CALCULATOR_MESSAGES = {
  percent: 'percent must be a whole number from 0 to 100 in steps of 10',
  sideWithoutLimb: 'Give the limb (arm or leg) with the side',
  limbWithoutSide: 'Give the side (left or right) with the limb',
  tooManyRatings: `At most ${MAX_CALCULATOR_RATINGS} ratings`,
  tooManyBilateral: `At most ${MAX_BILATERAL_RATINGS} ratings of an arm or a leg`,
  date: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  nothingToCount: 'Give a decision date, an intent-to-file date, a Board date or a separation date',
  kindWithoutDate: 'decisionKind needs a decisionDate',
} as const;

const percent = z
  .number({ message: CALCULATOR_MESSAGES.percent })
  .int(CALCULATOR_MESSAGES.percent)
  .min(0, CALCULATOR_MESSAGES.percent)
  .max(100, CALCULATOR_MESSAGES.percent)
  .refine((value) => value % 10 === 0, CALCULATOR_MESSAGES.percent);

export const ratingInputSchema = z
  .object({
    percent,
    side: z.enum(SIDES, { message: 'side must be left or right' }).optional(),
    limb: z.enum(LIMBS, { message: 'limb must be arm or leg' }).optional(),
  })
  .superRefine((rating, ctx) => {
    if (rating.side && !rating.limb) ctx.addIssue({ code: 'custom', path: ['limb'], message: CALCULATOR_MESSAGES.sideWithoutLimb });
    if (rating.limb && !rating.side) ctx.addIssue({ code: 'custom', path: ['side'], message: CALCULATOR_MESSAGES.limbWithoutSide });
  });

/** `POST /api/calculators/combined-rating`. */
export const combinedRatingBody = z.object({
  ratings: z
    .array(ratingInputSchema, { message: 'ratings must be a list of {percent, side?, limb?}' })
    .max(MAX_CALCULATOR_RATINGS, CALCULATOR_MESSAGES.tooManyRatings)
    .refine((ratings) => ratings.filter((r) => r.side && r.limb).length <= MAX_BILATERAL_RATINGS, CALCULATOR_MESSAGES.tooManyBilateral),
});
export type CombinedRatingBody = z.infer<typeof combinedRatingBody>;

export interface CombinedRatingResponse extends CombinedRatingResult {
  /** Dollars per month for a veteran alone at the combined rating (DOMAIN.md §8). */
  monthlyCompensation: number;
  compensation: MonthlyCompensation;
}

/** A real calendar day, YYYY-MM-DD. */
export const calendarDate = (field: string) =>
  z.string({ message: CALCULATOR_MESSAGES.date(field) }).refine(isCalendarDate, CALCULATOR_MESSAGES.date(field));

/** `POST /api/calculators/deadlines`. */
export const deadlinesBody = z
  .object({
    decisionDate: calendarDate('decisionDate').optional(),
    decisionKind: z.enum(DECISION_KINDS, { message: `decisionKind must be one of ${DECISION_KINDS.join(', ')}` }).optional(),
    intentToFileDate: calendarDate('intentToFileDate').optional(),
    boardAppealReceivedDate: calendarDate('boardAppealReceivedDate').optional(),
    boardHearingDate: calendarDate('boardHearingDate').optional(),
    separationDate: calendarDate('separationDate').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decisionKind && !body.decisionDate)
      ctx.addIssue({ code: 'custom', path: ['decisionDate'], message: CALCULATOR_MESSAGES.kindWithoutDate });
    if (
      !body.decisionKind &&
      !body.decisionDate &&
      !body.intentToFileDate &&
      !body.boardAppealReceivedDate &&
      !body.boardHearingDate &&
      !body.separationDate
    ) {
      ctx.addIssue({ code: 'custom', path: ['decisionDate'], message: CALCULATOR_MESSAGES.nothingToCount });
    }
  });
export type DeadlinesBody = z.infer<typeof deadlinesBody>;
export type DeadlinesResponse = DeadlineResult;

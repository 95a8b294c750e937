import { z } from 'zod';
import { calculateCombinedRating, type Limb, type RatingInput, type Side } from '@cc/contracts';
import { cfr } from '../citations';
import { claimCitation, type ChatTool } from './types';

const args = z.object({
  ratings: z.array(z.number().int().min(0).max(100)).max(30).optional().default([]),
  extremities: z
    .array(z.object({ rating: z.number().int().min(0).max(100), limb: z.enum(['arm', 'leg']), side: z.enum(['left', 'right']) }))
    .max(20)
    .optional()
    .default([]),
  useMyClaims: z.boolean().optional().default(false),
});
export type CombinedRatingArgs = z.infer<typeof args>;

const ARM = /\b(shoulders?|elbows?|wrists?|hands?|fingers?|thumbs?|arms?|forearms?|carpal tunnel|upper extremit\w*)\b/i;
const LEG = /\b(knees?|hips?|ankles?|feet|foot|legs?|thighs?|toes?|plantar fasciitis|lower extremit\w*)\b/i;

/** The limb and side a condition names ("left knee strain" → leg, left); undefined unless both are clear. */
export function extremityOf(condition: string): { limb: Limb; side: Side } | undefined {
  const side = /\bleft\b/i.test(condition) ? 'left' : /\bright\b/i.test(condition) ? 'right' : undefined;
  if (!side || /\bbilateral\b|\bboth\b/i.test(condition) || (/\bleft\b/i.test(condition) && /\bright\b/i.test(condition))) return undefined;
  const limb = ARM.test(condition) ? 'arm' : LEG.test(condition) ? 'leg' : undefined;
  return limb ? { limb, side } : undefined;
}

/** One rating of one side of an arm or leg, as the question or a claim gives it. */
export interface ExtremityRating {
  rating: number;
  limb: Limb;
  side: Side;
}

/** 38 CFR 4.25 with the steps, and 4.26 when both sides of a pair of extremities are rated. */
export const combinedRatingTool: ChatTool<CombinedRatingArgs> = {
  name: 'combined_rating',
  description:
    "Combines disability ratings with VA's Combined Ratings Table (38 CFR 4.25), applying the bilateral factor (38 CFR 4.26) when both arms or both legs have compensable ratings. Set useMyClaims to use the veteran's approved claims.",
  parameters: {
    type: 'object',
    properties: {
      ratings: {
        type: 'array',
        items: { type: 'integer', minimum: 0, maximum: 100 },
        description: 'Ratings in percent that are not of an arm or leg side',
      },
      extremities: {
        type: 'array',
        description: 'Ratings of one side of an arm or leg',
        items: {
          type: 'object',
          properties: {
            rating: { type: 'integer' },
            limb: { type: 'string', enum: ['arm', 'leg'] },
            side: { type: 'string', enum: ['left', 'right'] },
          },
          required: ['rating', 'limb', 'side'],
        },
      },
      useMyClaims: { type: 'boolean', description: "Use the ratings of the veteran's approved claims" },
    },
  },
  parse: (value) => args.parse(value ?? {}),
  run(input, { file }) {
    const ratings = [...input.ratings];
    const extremities: ExtremityRating[] = [...input.extremities];
    const used = input.useMyClaims ? file.claims.filter((c) => c.status === 'approved' && c.ratingPercentage !== null) : [];
    for (const claim of used) {
      const side = extremityOf(claim.condition);
      if (side) extremities.push({ ...side, rating: claim.ratingPercentage! });
      else ratings.push(claim.ratingPercentage!);
    }
    const citations = [cfr('4.25', 'Combined ratings table'), ...used.map(claimCitation)];
    if (input.useMyClaims && used.length === 0) {
      const pending = file.claims.filter((c) => c.status !== 'approved' && c.status !== 'denied').length;
      return {
        markdown:
          'You have no approved claims with a rating in your Claims Tracker yet, so there is nothing to combine. ' +
          (pending > 0 ? `You have ${pending} claim${pending === 1 ? '' : 's'} still pending. ` : '') +
          'When a claim is approved, enter its rating in the Claims Tracker and I can combine your ratings with the 38 CFR 4.25 table.',
        citations: [cfr('4.25', 'Combined ratings table')],
        data: { rating: null, reason: 'no approved claims with a rating' },
      };
    }
    // The calculators' own arithmetic (38 CFR 4.25 and 4.26, with 4.26(d)), so the chat and the calculator page always agree.
    const inputs: RatingInput[] = [
      ...ratings.map((percent) => ({ percent })),
      ...extremities.map((r) => ({ percent: r.rating, side: r.side, limb: r.limb })),
    ];
    const result = calculateCombinedRating(inputs);
    const withoutFactor = calculateCombinedRating(inputs.map(({ percent }) => ({ percent })));
    const bilateral = result.bilateral;
    const lines: string[] = [];
    if (used.length > 0) {
      lines.push('From your approved claims:');
      for (const c of used) lines.push(`- Claim ${c.claimNumber}, ${c.condition}: ${c.ratingPercentage}%`);
      lines.push('');
    }
    if (bilateral) {
      citations.splice(1, 0, cfr('4.26', 'Bilateral factor'));
      lines.push(
        `**Bilateral factor (38 CFR 4.26):** both sides of a pair of extremities are rated, so ${bilateral.members.map((m) => `${m.percent}%`).join(', ')} combine first to ${bilateral.combinedValue}; 10% of that (${bilateral.factor.toFixed(1)}) is added, giving ${bilateral.value}, which counts as one disability.`,
      );
      if (bilateral.excluded.length > 0) {
        const left = bilateral.excluded.map((i) => inputs[i]!).map((r) => `the ${r.side} ${r.limb} at ${r.percent}%`);
        lines.push(`Leaving ${left.join(' and ')} out of the bilateral group rates higher, so it is combined separately (38 CFR 4.26(d)).`);
      }
      lines.push('');
    }
    if (result.sequence.length === 0) {
      lines.push(
        'All the ratings are 0%, so the combined rating is **0%**. (Two or more 0% ratings that interfere with employability may qualify for 10% under 38 CFR 3.324.)',
      );
      return { markdown: lines.join('\n'), citations, data: { rating: 0, value: 0, steps: [] } };
    }
    lines.push(`Ratings used, highest first: ${result.sequence.map((r) => `${r}%`).join(', ')}.`);
    const combining = result.steps.filter(
      (step) => step.kind === 'combine' || step.kind === 'bilateral-factor' || step.kind === 'most-favorable',
    );
    if (combining.length > 0) {
      lines.push(
        '',
        "Steps with VA's Combined Ratings Table (each step takes the next rating out of what is left, and stays a whole number):",
        ...combining.map((step, i) => `${i + 1}. ${step.description}`),
      );
    }
    const rounding =
      result.exactValue === result.combinedRating
        ? `${result.exactValue} is already a multiple of 10`
        : `${result.exactValue} rounds to the nearest 10 (5 rounds up)`;
    lines.push('', `The combined value is ${result.exactValue}; ${rounding}, so the **combined rating is ${result.combinedRating}%**.`);
    if (bilateral && withoutFactor.combinedRating !== result.combinedRating) {
      lines.push(`(Without the bilateral factor it would be ${withoutFactor.combinedRating}%.)`);
    }
    return {
      markdown: lines.join('\n'),
      citations,
      data: {
        rating: result.combinedRating,
        value: result.exactValue,
        ratings: result.sequence,
        steps: result.steps,
        bilateral: bilateral
          ? { group: bilateral.members.map((m) => m.percent), groupValue: bilateral.combinedValue, bilateralValue: bilateral.value }
          : null,
      },
    };
  },
};

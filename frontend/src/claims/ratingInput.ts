import { changeClaimRatingBody } from '@cc/contracts';

// Apart from format.ts because it validates with the server's zod schema, and format.ts is part of
// the dashboard's first load, which stays free of zod.

/** The rating input as the server takes it, or null when it is not "" or a whole number 0–100. */
export function normaliseRatingInput(text: string): string | null {
  const trimmed = text.trim();
  return changeClaimRatingBody.safeParse({ ratingPercentage: trimmed }).success ? trimmed : null;
}

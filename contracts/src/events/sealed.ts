import { z } from 'zod';

/** Personal data sealed with the user's own key (AES-256-GCM), so erasing the key erases the data. */
export const sealedData = z.object({ alg: z.literal('A256GCM'), iv: z.string(), tag: z.string(), data: z.string() });
export type SealedData = z.infer<typeof sealedData>;

import { z } from 'zod';

/**
 * The change stream: one `text/event-stream` per signed-in user that says which of their read
 * models changed, so every screen refetches what it shows instead of polling. Events:
 * `change` (data: a `ReadModelChange`), `resync` (notices may have been missed: refetch
 * everything shown), and comment lines as heartbeats.
 */
export const READ_MODEL_CHANGES_PATH = '/api/read-models/changes';

export const readModelChangeSchema = z.object({
  /** The read model's name as its projector has it: `documents`, `evidence`, `claims`, `notifications`… */
  readModel: z.string().min(1),
  /** The changed rows of its main table, when few enough to list. */
  ids: z.array(z.string()).optional(),
});
export type ReadModelChange = z.infer<typeof readModelChangeSchema>;

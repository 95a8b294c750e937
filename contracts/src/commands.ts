import { z } from 'zod';
import { analysisResultSchema } from './analysis';
import { providerFactSchema } from './billing';
import { NOTIFICATION_KINDS } from './settings';

/**
 * Commands that workers submit through the `CommandBus` (docs/decisions/subscriptions.md). They cross a process
 * boundary in production, so each has a zod schema and is validated on arrival.
 */
export const workerCommandSchemas = {
  CompleteDocumentAnalysis: z.object({
    documentId: z.uuid(),
    analysisId: z.uuid(),
    result: analysisResultSchema,
  }),
  FailDocumentAnalysis: z.object({
    documentId: z.uuid(),
    analysisId: z.uuid(),
    reason: z.string().min(1).max(500),
  }),
  // --- Billing ---
  /** What a payment provider reported (the Stripe webhook, or the test-mode provider), recorded on the subscription. */
  RecordProviderFact: z.object({ fact: providerFactSchema }),
  /** The billing worker's answer to a subscription event: the user's tier follows the subscription. */
  SyncSubscriptionEntitlement: z.object({ subscriptionId: z.uuid() }),
  /** The notifications worker's in-app notification; its id comes from the idempotency key. */
  RecordNotification: z.object({
    userId: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string().min(1).max(200),
    body: z.string().max(2000),
    link: z.string().startsWith('/').max(500).nullable(),
  }),
} as const;

export type WorkerCommandType = keyof typeof workerCommandSchemas;
export type WorkerCommand = { [T in WorkerCommandType]: { type: T; data: z.infer<(typeof workerCommandSchemas)[T]> } }[WorkerCommandType];

/** Validates a command from a worker; throws a ZodError when it does not match its schema. */
export function parseWorkerCommand(command: { type: string; data: unknown }): WorkerCommand {
  const schema = (workerCommandSchemas as Record<string, z.ZodType>)[command.type];
  if (!schema) throw new Error(`Unknown worker command ${command.type}`);
  return { type: command.type, data: schema.parse(command.data) } as WorkerCommand;
}

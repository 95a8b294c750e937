import { parseWorkerCommand, type WorkerCommand } from '@cc/contracts';
import type { CommandBus, SendOptions } from '@cc/platform';
import type { BillingCommands } from './billing/commands';
import type { AnalysisCommands } from './documents/analysisCommands';
import type { NotificationCommands } from './notifications/commands';

export interface InProcessHandlers {
  analysis: AnalysisCommands;
  notifications: NotificationCommands;
  /** Absent when billing is not configured in this process. */
  billing: BillingCommands | undefined;
}

/** Where workers' commands arrive in the embedded topology: validated as if they had crossed the network, then handed to their aggregate. */
export function inProcessCommandBus(handlers: InProcessHandlers): CommandBus {
  return {
    async send(command: WorkerCommand, options: SendOptions) {
      const valid = parseWorkerCommand(command);
      switch (valid.type) {
        case 'CompleteDocumentAnalysis':
          await handlers.analysis.complete(valid.data.documentId, valid.data.analysisId, valid.data.result, options);
          return undefined;
        case 'FailDocumentAnalysis':
          await handlers.analysis.fail(valid.data.documentId, valid.data.analysisId, valid.data.reason, options);
          return undefined;
        case 'RecordNotification':
          await handlers.notifications.create(valid.data, options);
          return undefined;
        case 'RecordProviderFact':
        case 'SyncSubscriptionEntitlement': {
          const { billing } = handlers;
          if (!billing) throw new Error(`${valid.type}: billing is not configured in this process`);
          // The position lets the test-mode payment form in the billing service read back its own write.
          if (valid.type === 'RecordProviderFact') return billing.ingest(valid.data.fact, options.metadata);
          return billing.syncEntitlement(valid.data.subscriptionId, options.metadata, options.idempotencyKey);
        }
      }
    },
  };
}

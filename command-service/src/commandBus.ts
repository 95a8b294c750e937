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
          return handlers.analysis.complete(valid.data.documentId, valid.data.analysisId, valid.data.result, options);
        case 'FailDocumentAnalysis':
          return handlers.analysis.fail(valid.data.documentId, valid.data.analysisId, valid.data.reason, options);
        case 'RecordNotification':
          await handlers.notifications.create(valid.data, options);
          return;
        case 'RecordProviderFact':
        case 'SyncSubscriptionEntitlement': {
          const { billing } = handlers;
          if (!billing) throw new Error(`${valid.type}: billing is not configured in this process`);
          if (valid.type === 'RecordProviderFact') await billing.ingest(valid.data.fact, options.metadata);
          else await billing.syncEntitlement(valid.data.subscriptionId, options.metadata, options.idempotencyKey);
          return;
        }
      }
    },
  };
}

import { parseWorkerCommand, type WorkerCommand } from '@cc/contracts';
import type { CommandBus, SendOptions } from '@cc/platform';
import type { AnalysisCommands } from './documents/analysisCommands';
import type { NotificationCommands } from './notifications/commands';

/** Where workers' commands arrive in the embedded topology: validated, then handed to their aggregate. */
export function inProcessCommandBus(handlers: { analysis: AnalysisCommands; notifications: NotificationCommands }): CommandBus {
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
      }
    },
  };
}

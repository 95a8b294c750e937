import { parseWorkerCommand, type WorkerCommand } from '@cc/contracts';
import type { CommandBus, SendOptions } from '@cc/platform';
import type { BillingCommands } from './billing/commands';

/**
 * The embedded command bus: each worker command, validated as if it had crossed the network, goes
 * to the feature that handles it (billing here; document analysis through its own bus).
 */
export function composeCommandBus(analysis: CommandBus, billing: BillingCommands | undefined): CommandBus {
  return {
    async send(command: WorkerCommand, options: SendOptions) {
      const valid = parseWorkerCommand(command);
      switch (valid.type) {
        case 'RecordProviderFact':
        case 'SyncSubscriptionEntitlement':
          if (!billing) throw new Error(`${valid.type}: billing is not configured in this process`);
          if (valid.type === 'RecordProviderFact') await billing.ingest(valid.data.fact, options.metadata);
          else await billing.syncEntitlement(valid.data.subscriptionId, options.metadata, options.idempotencyKey);
          return;
        default:
          return analysis.send(valid, options);
      }
    },
  };
}

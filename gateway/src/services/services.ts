import { startAiWorker } from './aiWorker';
import { startBillingService } from './billingService';
import { startCommandService } from './commandService';
import { startGateway } from './gatewayService';
import { startNotificationService } from './notificationService';
import { startProjectionService } from './projectionService';
import type { RunningService, ServiceContext } from './topology';

/** Every service of the split topology by its name (its workspace, its docker-compose service). */
export const SERVICES: Record<string, (context: ServiceContext) => Promise<RunningService>> = {
  'command-service': startCommandService,
  'projection-service': startProjectionService,
  'ai-worker': startAiWorker,
  'billing-service': startBillingService,
  'notification-service': startNotificationService,
  gateway: startGateway,
};

import type { Request, Router } from 'express';
import { WEBHOOK_PATH } from '@cc/billing-service';
import type { Logger } from '@cc/platform';
import { forwardTo } from './forward';

/** Where the split topology's gateway forwards what it does not answer itself (system.ts `forward`). */
export interface ForwardTargets {
  secret: string;
  commandServiceUrl: string;
  aiWorkerUrl: string;
  billingServiceUrl: string;
}

/** The assistant's routes (ai-worker): the chat's answers (SSE) and the wizard's field assist. */
const ASSISTANT = [
  /^\/api\/ai-chat\/message$/,
  /^\/api\/ai-chat\/sessions\/[^/]+\/messages\/stream$/,
  /^\/api\/copilot\/chat$/,
  /^\/api\/pdforge\/ai-assist$/,
];
/** The payment provider's routes (billing-service): its webhook, the test-mode pages, its public settings. */
const BILLING = [new RegExp(`^${WEBHOOK_PATH}$`), /^\/api\/billing\/test-mode\/[a-z-]+$/, /^\/api\/billing\/config$/];

const pathOf = (req: Request) => req.originalUrl.split('?')[0]!;
export const isAssistantRoute = (req: Request) => req.method === 'POST' && ASSISTANT.some((pattern) => pattern.test(pathOf(req)));
export const isBillingServiceRoute = (req: Request) => BILLING.some((pattern) => pattern.test(pathOf(req)));

/**
 * The gateway's route table in the split topology, after its own routes (sign-in, account, the
 * read models): the assistant's and the provider's routes go to their services, and every other
 * `/api` call to the command service, which answers the unknown ones 404 as the one process does.
 * The command routes need no list here: the command service is the last stop, as its routes
 * come first in the one process and no other route shares a method and path with them.
 */
export function forwardedRoutes(targets: ForwardTargets, logger: Logger): Router[] {
  return [
    forwardTo({ target: targets.aiWorkerUrl, secret: targets.secret, logger, accepts: isAssistantRoute }),
    forwardTo({ target: targets.billingServiceUrl, secret: targets.secret, logger, accepts: isBillingServiceRoute }),
    forwardTo({ target: targets.commandServiceUrl, secret: targets.secret, logger, accepts: (req) => pathOf(req).startsWith('/api/') }),
  ];
}

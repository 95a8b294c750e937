import { Router, type Response } from 'express';
import {
  openSupportRequestBody,
  supportReplyBody,
  SUPPORT_MESSAGES,
  type StaffSupportThread,
  type SupportRequestDetail,
} from '@cc/contracts';
import {
  answerCommand,
  commandMetadata,
  isUuid,
  parseOrProblem,
  problems,
  requireAuth,
  requirePermission,
  type GlobalPosition,
} from '@cc/platform';
import type { SupportRequestCommands } from './commands';

export interface SupportRequestReadBack {
  waitFor(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  supportRequest(userId: string, requestId: string): Promise<SupportRequestDetail | undefined>;
  staffSupportThread(requestId: string): Promise<StaffSupportThread | undefined>;
}

/** What a support command's answer reads. */
const SUPPORT_VIEW = ['support_requests'];

/**
 * The veteran's support requests (open, reply, close) and the support queue's reply and close,
 * the latter for holders of `support-requests:work` (support staff and administrators).
 */
export function supportRequestRoutes(requests: SupportRequestCommands, readBack: SupportRequestReadBack): Router {
  const router = Router();
  const waitForView = (position: GlobalPosition) => readBack.waitFor(position, SUPPORT_VIEW);

  const requestIdOf = (raw: unknown) => {
    const id = String(raw);
    if (!isUuid(id)) throw problems.notFound(SUPPORT_MESSAGES.requestNotFound);
    return id;
  };

  const answerVeteran = (res: Response, userId: string, requestId: string, position: GlobalPosition | undefined, status = 200) =>
    answerCommand(res, {
      position,
      waitFor: waitForView,
      read: () => readBack.supportRequest(userId, requestId),
      status,
      accepted: { id: requestId, location: `/api/support-requests/${requestId}` },
    });

  const answerStaff = (res: Response, requestId: string, position: GlobalPosition | undefined, status = 200) =>
    answerCommand(res, {
      position,
      waitFor: waitForView,
      read: () => readBack.staffSupportThread(requestId),
      status,
      accepted: { id: requestId, location: `/api/staff/support-requests/${requestId}` },
    });

  router.post('/api/support-requests', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(openSupportRequestBody, req.body);
    const { requestId, position } = await requests.open(auth.userId, body, commandMetadata(res));
    await answerVeteran(res, auth.userId, requestId, position, 201);
  });

  router.post('/api/support-requests/:id/replies', async (req, res) => {
    const auth = requireAuth(res);
    const requestId = requestIdOf(req.params.id);
    const { message } = parseOrProblem(supportReplyBody, req.body);
    const { position } = await requests.reply({ actorId: auth.userId, as: 'veteran' }, requestId, message, commandMetadata(res));
    await answerVeteran(res, auth.userId, requestId, position, 201);
  });

  router.post('/api/support-requests/:id/close', async (req, res) => {
    const auth = requireAuth(res);
    const requestId = requestIdOf(req.params.id);
    const { position } = await requests.close({ actorId: auth.userId, as: 'veteran' }, requestId, commandMetadata(res));
    await answerVeteran(res, auth.userId, requestId, position);
  });

  router.post('/api/staff/support-requests/:id/replies', async (req, res) => {
    const auth = requirePermission(res, 'support-requests:work');
    const requestId = requestIdOf(req.params.id);
    const { message } = parseOrProblem(supportReplyBody, req.body);
    const { position } = await requests.reply({ actorId: auth.userId, as: 'support' }, requestId, message, commandMetadata(res));
    await answerStaff(res, requestId, position, 201);
  });

  router.post('/api/staff/support-requests/:id/close', async (req, res) => {
    const auth = requirePermission(res, 'support-requests:work');
    const requestId = requestIdOf(req.params.id);
    const { position } = await requests.close({ actorId: auth.userId, as: 'support' }, requestId, commandMetadata(res));
    await answerStaff(res, requestId, position);
  });

  return router;
}

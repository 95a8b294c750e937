import { Router } from 'express';
import { CHAT_MESSAGES, renameChatSessionBody, type ChatSession } from '@cc/contracts';
import {
  answerCommand,
  commandMetadata,
  contextOf,
  isUuid,
  parseOrProblem,
  problems,
  requireAuth,
  type GlobalPosition,
} from '@cc/platform';
import type { ChatCommands } from './commands';

/** Reads a session back from the read side after a command (wired by the gateway). */
export interface ChatReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  chatSession(userId: string, sessionId: string): Promise<ChatSession | undefined>;
}

/** The session commands of `/api/ai-chat/sessions` (the question stream is the AI worker's route). */
export function chatSessionRoutes(chat: ChatCommands, readBack: ChatReadBack): Router {
  const router = Router();

  const sessionIdOf = (raw: unknown) => {
    const id = String(raw);
    if (!isUuid(id)) throw problems.notFound(CHAT_MESSAGES.sessionNotFound);
    return id;
  };

  const answer = (
    res: Parameters<typeof answerCommand>[0],
    userId: string,
    sessionId: string,
    position: GlobalPosition | undefined,
    status = 200,
  ) =>
    answerCommand(res, {
      position,
      waitFor: readBack.waitFor,
      read: () => readBack.chatSession(userId, sessionId),
      status,
      accepted: { id: sessionId, location: `/api/ai-chat/sessions/${sessionId}/messages` },
    });

  router.post('/api/ai-chat/sessions', async (_req, res) => {
    const auth = requireAuth(res);
    const { sessionId, position } = await chat.startSession(auth.userId, commandMetadata(res));
    await answer(res, auth.userId, sessionId, position, 201);
  });

  router.patch('/api/ai-chat/sessions/:id', async (req, res) => {
    const auth = requireAuth(res);
    const sessionId = sessionIdOf(req.params.id);
    const { title } = parseOrProblem(renameChatSessionBody, req.body);
    const result = await chat.rename(auth.userId, sessionId, title, commandMetadata(res));
    await answer(res, auth.userId, sessionId, result.position);
  });

  router.delete('/api/ai-chat/sessions/:id', async (req, res) => {
    const auth = requireAuth(res);
    const sessionId = sessionIdOf(req.params.id);
    const result = await chat.delete(auth.userId, sessionId, commandMetadata(res));
    await contextOf(res).recordWrite(result.position);
    res.status(204).end();
  });

  return router;
}

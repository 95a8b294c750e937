import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CHAT_MESSAGES, CHAT_ROLES } from '@cc/contracts';
import { isUuid, parseListQuery, problems, requireAuth, sendList } from '@cc/platform';
import {
  CHAT_MESSAGE_SORT_COLUMNS,
  CHAT_SESSION_SORT_COLUMNS,
  chatUsage,
  listChatMessages,
  listChatSessions,
  listWidgetMessages,
  WIDGET_MESSAGE_SORT_COLUMNS,
} from './queries';

const messageFilter = z.object({ role: z.enum(CHAT_ROLES).optional() }).strict();

/** The chat's GET routes, answered from the read model. Another user's session is "not found". */
export function chatReadRoutes(knex: Knex, now: () => Date): Router {
  const router = Router();

  router.get('/api/ai-chat/sessions', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: CHAT_SESSION_SORT_COLUMNS,
      defaultSort: { field: 'updatedAt', order: 'DESC' },
      filter: z.object({ q: z.string().trim().max(200).optional() }).strict(),
    });
    const { rows, total } = await listChatSessions(knex, auth.userId, query);
    sendList(res, 'sessions', rows, total, query.range);
  });

  router.get('/api/ai-chat/sessions/:id/messages', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: CHAT_MESSAGE_SORT_COLUMNS,
      defaultSort: { field: 'createdAt', order: 'ASC' },
      filter: messageFilter,
    });
    const listed = isUuid(id) ? await listChatMessages(knex, auth.userId, id, query) : undefined;
    if (!listed) throw problems.notFound(CHAT_MESSAGES.sessionNotFound);
    sendList(res, 'messages', listed.rows, listed.total, query.range);
  });

  /** The dashboard widget's conversation (its own session; see docs/decisions/chat.md). */
  router.get('/api/ai-chat/messages', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: WIDGET_MESSAGE_SORT_COLUMNS,
      defaultSort: { field: 'createdAt', order: 'ASC' },
      filter: messageFilter,
    });
    const { rows, total } = await listWidgetMessages(knex, auth.userId, query);
    sendList(res, 'messages', rows, total, query.range);
  });

  router.get('/api/ai-chat/usage', async (_req, res) => {
    const auth = requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await chatUsage(knex, auth.userId, now()));
  });

  return router;
}

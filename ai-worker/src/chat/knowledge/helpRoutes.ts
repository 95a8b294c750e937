import { Router } from 'express';
import { z } from 'zod';
import type { HelpArticle } from '@cc/contracts';
import { parseOrProblem, requireAuth } from '@cc/platform';
import { KNOWLEDGE, type KnowledgeEntry } from './entries';
import { searchKnowledge } from './search';

const toArticle = ({ id, title, body, citations }: KnowledgeEntry): HelpArticle => ({ id, title, body, citations });

/** How many passages a search answers with: more than the assistant quotes, since a person skims them. */
const SEARCH_LIMIT = 10;

/**
 * /help's answers: the assistant's knowledge base, every passage without a query, else those the
 * assistant's own retrieval finds for it (so /help and the chat agree on what is relevant).
 */
export function helpArticleRoutes(): Router {
  const router = Router();
  router.get('/api/help/articles', (req, res) => {
    requireAuth(res);
    const { q } = parseOrProblem(z.object({ q: z.string().trim().max(200, 'q must be at most 200 characters').optional() }), req.query);
    const articles = q ? searchKnowledge(q, SEARCH_LIMIT).map((hit) => toArticle(hit.entry)) : KNOWLEDGE.map(toArticle);
    res.setHeader('Cache-Control', 'no-store');
    res.json(articles);
  });
  return router;
}

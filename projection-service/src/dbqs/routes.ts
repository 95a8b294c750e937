import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { DBQ_MESSAGES } from '@cc/contracts';
import { parseListQuery, problems, requireTierFeature, sendList } from '@cc/platform';
import { DBQ_CATEGORY_SORT_COLUMNS, DBQ_SORT_COLUMNS, dbqCategories, listDbqs } from './queries';

const text = (name: string) =>
  z
    .string({ message: `${name} must be text` })
    .trim()
    .max(200, `${name} must be at most 200 characters`);

/**
 * `GET /api/dbqs?category=&search=` and `GET /api/dbqs/categories` (spec doc 2 §7), for tiers with
 * `hasDbqAccess` only. Both keep the list contract (`sort`, `range`, `filter`, `Content-Range`).
 */
export function dbqReadRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/api/dbqs/categories', async (req, res) => {
    requireTierFeature(res, 'hasDbqAccess', DBQ_MESSAGES.upgrade);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: DBQ_CATEGORY_SORT_COLUMNS,
      defaultSort: { field: 'category', order: 'ASC' },
      filter: z.object({}).strict(),
    });
    const { rows, total } = await dbqCategories(knex, query);
    sendList(res, 'categories', rows, total, query.range);
  });

  router.get('/api/dbqs', async (req, res) => {
    requireTierFeature(res, 'hasDbqAccess', DBQ_MESSAGES.upgrade);
    const raw = req.query as Record<string, unknown>;
    const query = parseListQuery(raw, {
      sortColumns: DBQ_SORT_COLUMNS,
      defaultSort: { field: 'title', order: 'ASC' },
      filter: z
        .object({ category: text('filter.category').optional(), q: text('filter.q').optional(), isActive: z.boolean().optional() })
        .strict(),
    });
    // The spec's client sends ?category= and ?search=; react-admin sends filter={...}.
    const direct = z
      .object({ category: text('category').optional(), search: text('search').optional() })
      .safeParse({ category: raw.category, search: raw.search });
    if (!direct.success)
      throw problems.validation(direct.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
    const filter = {
      ...query.filter,
      category: query.filter.category || direct.data.category || undefined,
      q: query.filter.q || direct.data.search || undefined,
    };
    const { rows, total } = await listDbqs(knex, { ...query, filter });
    sendList(res, 'dbqs', rows, total, query.range);
  });

  return router;
}

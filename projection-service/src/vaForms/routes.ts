import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { VaFormAttributes, VaFormsAnswer } from '@cc/contracts';
import { pageArray, parseListQuery, requireAuth, type SortColumns } from '@cc/platform';
import { vaFormsAnswer } from './catalogue';

type VaFormRow = VaFormAttributes & { id: string };

const VA_FORM_SORT_COLUMNS: SortColumns<VaFormRow> = {
  id: 'id',
  form_name: 'form_name',
  title: 'title',
  form_type: 'form_type',
  valid_pdf: 'valid_pdf',
  revision_date: 'revision_date',
  url: 'url',
  form_details_url: 'form_details_url',
  purpose: 'purpose',
  status: 'status',
  pages: 'pages',
};

/**
 * `GET /api/va-forms/` → `{data: [{id, type: "va_form", attributes}], meta}`, the VA Forms API's
 * shape (spec doc 2 §7). In the catalogue's order unless a sort is asked for; `sort` (by id or an
 * attribute), `range` and `Content-Range` as in every list.
 */
export function vaFormRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/va-forms', async (req, res) => {
    requireAuth(res);
    const raw = req.query as Record<string, unknown>;
    const query = parseListQuery(raw, {
      sortColumns: VA_FORM_SORT_COLUMNS,
      defaultSort: { field: 'form_name', order: 'ASC' },
      filter: z.object({}).strict(),
    });
    const answer = await vaFormsAnswer(knex);
    const rows = answer.data.map((form) => ({ ...form.attributes, id: form.id, form }));
    const { rows: page, total } = pageArray(rows, query, 'id', { keepOrder: raw.sort === undefined });
    const end = page.length === 0 ? query.range[0] : query.range[0] + page.length - 1;
    res.setHeader('Content-Range', `va-forms ${query.range[0]}-${end}/${total}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
    const body: VaFormsAnswer = { data: page.map((row) => row.form), meta: answer.meta };
    res.json(body);
  });
  return router;
}

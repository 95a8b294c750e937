import { Router } from 'express';
import { z } from 'zod';
import {
  BRANCH_FILTERS,
  branchOf,
  matchesSearch,
  REFERENCE_LISTS,
  type BranchFilter,
  type ReferenceItem,
  type ReferenceList,
  type ReferenceListResponse,
} from '@cc/contracts';
import { referenceList } from '@cc/contracts/referenceData';
import { pageArray, parseListQuery, problems, requireAuth, type SortColumns } from '@cc/platform';

/** Every field of a reference item is a sort key (in memory: the names are the fields). */
export const REFERENCE_SORT_COLUMNS: SortColumns<ReferenceItem> = {
  id: 'id',
  name: 'name',
  code: 'code',
  description: 'description',
  category: 'category',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  phone: 'phone',
  website: 'website',
  hours: 'hours',
  services: 'services',
  synonyms: 'synonyms',
  diagnosticCodes: 'diagnosticCodes',
  dbq: 'dbq',
  pactPresumptive: 'pactPresumptive',
  active: 'active',
  endDate: 'endDate',
  stateName: 'stateName',
  type: 'type',
  facilityLocatorUrl: 'facilityLocatorUrl',
  source: 'source',
};

const search = z.string().trim().max(200, 'search must be at most 200 characters');
const branch = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const found = BRANCH_FILTERS.find((b) => b.toLowerCase() === value.toLowerCase().replace(/-/g, ' '));
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `branch must be one of ${BRANCH_FILTERS.join(', ')}` });
      return z.NEVER;
    }
    return found;
  });

/**
 * In the bundled order (the files are sorted by name) unless a sort is asked for; contention types
 * the VA still uses come before the historical ones.
 */
function naturalOrder(list: ReferenceList): readonly ReferenceItem[] {
  const items = referenceList(list);
  if (list !== 'contention-types') return items;
  return [...items].sort((a, b) => Number(b.active) - Number(a.active));
}

export function filterReferenceItems(items: readonly ReferenceItem[], filter: { q?: string; branch?: BranchFilter }): ReferenceItem[] {
  return items.filter((item) => (!filter.q || matchesSearch(item, filter.q)) && (!filter.branch || branchOf(item.name) === filter.branch));
}

/**
 * `GET /api/va/<list>?search=&branch=` → `{items, totalItems}` (spec doc 2 §7), for the five lists
 * of the Benefits Learning Center, from the bundled reference data. The simple-rest parameters work
 * too (`sort`, `range`, `filter={"q","branch"}`), with `Content-Range`; without `range`, the whole
 * list up to 1,000 items (the screen asks for 20 per list, and pages the treatment centers).
 */
export function referenceRoutes(): Router {
  const router = Router();
  for (const list of REFERENCE_LISTS) {
    router.get(`/api/va/${list}`, (req, res) => {
      requireAuth(res);
      const raw = req.query as Record<string, unknown>;
      const query = parseListQuery(raw, {
        sortColumns: REFERENCE_SORT_COLUMNS,
        defaultSort: { field: 'name', order: 'ASC' },
        filter: z.object({ q: search.optional(), branch: branch.optional() }).strict(),
      });
      const direct = z
        .object({ search: search.optional(), branch: branch.optional() })
        .safeParse({ search: raw.search, branch: raw.branch });
      if (!direct.success)
        throw problems.validation(direct.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
      const filter = { q: query.filter.q || direct.data.search || undefined, branch: query.filter.branch ?? direct.data.branch };
      const matching = filterReferenceItems(naturalOrder(list), filter);
      const { rows: page, total } = pageArray(matching, query, 'id', { keepOrder: raw.sort === undefined });
      const end = page.length === 0 ? query.range[0] : query.range[0] + page.length - 1;
      res.setHeader('Content-Range', `${list} ${query.range[0]}-${end}/${total}`);
      res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
      const body: ReferenceListResponse = { items: page, totalItems: total };
      res.json(body);
    });
  }
  return router;
}

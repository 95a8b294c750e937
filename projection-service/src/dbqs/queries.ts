import type { Knex } from 'knex';
import type { Dbq, DbqCategory } from '@cc/contracts';
import { countList, filterByIds, pageList, type ListQuery, type SortColumns } from '@cc/platform';

interface DbqRow {
  dbq_id: string;
  title: string;
  category: string;
  condition_group: string | null;
  file_url: string;
  is_active: boolean;
  version: number;
  last_updated: Date;
  download_count: number;
}

function toDbq(row: DbqRow): Dbq {
  return {
    id: row.dbq_id,
    title: row.title,
    category: row.category,
    conditionGroup: row.condition_group,
    isActive: row.is_active,
    lastUpdated: row.last_updated.toISOString(),
    version: row.version,
    downloadCount: row.download_count,
    fileUrl: row.file_url,
  };
}

export const DBQ_SORT_COLUMNS: SortColumns<Dbq> = {
  id: 'dbq_id',
  title: 'title',
  category: 'category',
  conditionGroup: 'condition_group',
  isActive: 'is_active',
  lastUpdated: 'last_updated',
  version: 'version',
  downloadCount: 'download_count',
  fileUrl: 'file_url',
};

export type DbqListQuery = ListQuery<keyof Dbq, { category?: string; q?: string; isActive?: boolean }>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of the search must appear in the form number, title, category or condition group. */
export async function listDbqs(knex: Knex, query: DbqListQuery): Promise<{ rows: Dbq[]; total: number }> {
  const base = knex('dbqs').modify((q) => {
    if (query.filter.category) q.where('category', query.filter.category);
    if (query.filter.isActive !== undefined) q.where('is_active', query.filter.isActive);
    for (const word of (query.filter.q ?? '').split(/\s+/).filter(Boolean)) {
      const like = `%${escapeLike(word)}%`;
      q.where((w) =>
        w.whereILike('dbq_id', like).orWhereILike('title', like).orWhereILike('category', like).orWhereILike('condition_group', like),
      );
    }
  });
  const total = await countList(base, DBQ_SORT_COLUMNS, query);
  const rows: DbqRow[] = await pageList(base.clone(), DBQ_SORT_COLUMNS, query, 'dbq_id');
  return { rows: rows.map(toDbq), total };
}

export async function findDbq(knex: Knex, dbqId: string): Promise<Dbq | undefined> {
  const row: DbqRow | undefined = await knex('dbqs').where({ dbq_id: dbqId }).first();
  return row ? toDbq(row) : undefined;
}

/** A category of the DBQ list; `id` is the category, so react-admin can list them too. */
export interface DbqCategoryRow extends DbqCategory {
  id: string;
}

export const DBQ_CATEGORY_SORT_COLUMNS: SortColumns<DbqCategoryRow> = { id: 'category', category: 'category', count: 'count' };

export async function dbqCategories(knex: Knex, query: Pick<ListQuery<keyof DbqCategoryRow, unknown>, 'sort' | 'range' | 'ids'>) {
  const base = knex('dbqs').select('category').count({ count: '*' }).groupBy('category');
  const [{ total }] = (await knex.from(filterByIds(base.clone(), DBQ_CATEGORY_SORT_COLUMNS, query).as('c')).count({ total: '*' })) as [
    { total: string },
  ];
  const rows: { category: string; count: string }[] = await pageList(base.clone(), DBQ_CATEGORY_SORT_COLUMNS, query, 'category');
  return {
    rows: rows.map((r): DbqCategoryRow => ({ id: r.category, category: r.category, count: Number(r.count) })),
    total: Number(total),
  };
}

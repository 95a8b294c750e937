import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'ra-core';
import type { TestClient } from './testApp';

/**
 * The list contract every list endpoint keeps, checked with ra-data-simple-rest's own `getList`
 * (what a react-admin `<List>` or `useGetList` calls) against the running server:
 *
 * - react-admin's default query (`sort=["id","ASC"]`, first page) works and its total is right;
 * - every field the rows carry is a sort key, ascending is the reverse of descending, and
 *   numbers and timestamps really come in order;
 * - an unknown sort field is a 400 problem;
 * - pages follow the sort, and `Content-Range` gives the total;
 * - `filter={"id":[...]}` (getMany, behind every ReferenceField) answers exactly those rows;
 * - a request without `range` (the spec's own client) gets the whole list.
 *
 * `expectListContract` runs it for one endpoint; the caller seeds the list first (at least two
 * rows, with differing values, so that sorting means something).
 */
export interface ListEndpoint {
  baseUrl: string;
  /** Signed in as someone who may read the list. */
  client: TestClient;
  /** The path under /api, as react-admin names the resource: "claims", "users/with-tier". */
  resource: string;
  /** The first word of its Content-Range: "claims", "users". */
  rangeName: string;
  /** How many rows this client's list holds. */
  total: number;
}

/** react-admin's REST data provider, sending the test client's session cookie. */
export function simpleRest(baseUrl: string, client: TestClient): DataProvider {
  return simpleRestProvider(`${baseUrl}/api`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('cookie', client.cookieHeader() ?? '');
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
}

type Row = Record<string, unknown>;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/;

/** Numbers and ISO dates must ascend (nulls last, as PostgreSQL sorts them); other values only reverse. */
function expectAscending(field: string, values: unknown[]): void {
  const present = values.filter((v) => v !== null && v !== undefined);
  const comparable = present.every((v) => typeof v === 'number') || present.every((v) => typeof v === 'string' && ISO_TIME.test(v));
  if (!comparable) return;
  const firstNull = values.findIndex((v) => v === null || v === undefined);
  if (firstNull !== -1)
    expect({ field, nullsLast: values.slice(firstNull).every((v) => v === null || v === undefined) }).toEqual({ field, nullsLast: true });
  for (let i = 1; i < present.length; i++) {
    const [a, b] = [present[i - 1]!, present[i]!];
    const ordered = typeof a === 'number' ? a <= (b as number) : (a as string) <= (b as string);
    if (!ordered) throw new Error(`sorting by ${field} ASC gave ${JSON.stringify(a)} before ${JSON.stringify(b)}`);
  }
}

export async function expectListContract(endpoint: ListEndpoint): Promise<void> {
  const { resource, total } = endpoint;
  expect(total).toBeGreaterThanOrEqual(2);
  const provider = simpleRest(endpoint.baseUrl, endpoint.client);
  const getList = (sort: { field: string; order: 'ASC' | 'DESC' }, page = 1, perPage = total) =>
    provider.getList(resource, { sort, pagination: { page, perPage }, filter: {} });

  // react-admin's defaults: sorted by id, ascending, first page.
  const byId = await getList({ field: 'id', order: 'ASC' }, 1, 10);
  expect(byId.total).toBe(total);
  expect(byId.data).toHaveLength(Math.min(10, total));
  const ids = byId.data.map((row) => String(row.id));
  expect(ids).toEqual([...ids].sort());

  // Every field it answers with is a sort key.
  const all = await getList({ field: 'id', order: 'ASC' });
  expect(all.data.map((row) => String(row.id))).toEqual(all.data.map((row) => String(row.id)).sort());
  const fields = Object.keys(all.data[0] as Row);
  expect(fields).toContain('id');
  for (const field of fields) {
    const asc = await getList({ field, order: 'ASC' });
    const desc = await getList({ field, order: 'DESC' });
    expect({ field, total: asc.total, rows: asc.data.length }).toEqual({ field, total, rows: total });
    const values = (rows: Row[]) => rows.map((row) => JSON.stringify(row[field] ?? null));
    expect({ field, desc: values(desc.data) }).toEqual({ field, desc: values(asc.data).reverse() });
    expectAscending(
      field,
      asc.data.map((row) => (row as Row)[field]),
    );
  }

  // An unknown field is refused, with a problem that names the sort parameter.
  const unknown = await getList({ field: 'noSuchField', order: 'ASC' }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(unknown).toBeInstanceOf(HttpError);
  expect((unknown as HttpError).status).toBe(400);
  expect((unknown as HttpError).body).toMatchObject({ status: 400, errors: [expect.objectContaining({ field: 'sort' })] });

  // Pages follow the sort; Content-Range carries the total.
  const second = await getList({ field: 'id', order: 'DESC' }, 2, 1);
  expect(second.total).toBe(total);
  expect(second.data.map((row) => row.id)).toEqual([all.data[total - 2]!.id]);

  // react-admin's getMany (every ReferenceField) sends filter={"id":[...]}: only those rows, total included.
  const picked = [all.data[0]!.id, all.data[total - 1]!.id];
  const many = await provider.getMany(resource, { ids: picked });
  expect(many.data.map((row) => String(row.id)).sort()).toEqual(picked.map(String).sort());
  const filtered = await provider.getList(resource, {
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 10 },
    filter: { id: picked },
  });
  expect({ total: filtered.total, rows: filtered.data.length }).toEqual({ total: 2, rows: 2 });
  const one = await provider.getList(resource, {
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 10 },
    filter: { id: picked[0] },
  });
  expect(one.data.map((row) => String(row.id))).toEqual([String(picked[0])]);

  // Without range: the whole list, and Content-Range says so.
  const plain = await endpoint.client.get(`/api/${resource}`);
  expect(plain.status).toBe(200);
  expect(plain.data).toHaveLength(total);
  expect(plain.headers.get('content-range')).toBe(`${endpoint.rangeName} 0-${total - 1}/${total}`);
}

/**
 * The ra-data-simple-rest list contract: `sort=["field","ASC"]`, `range=[start,end]` (inclusive),
 * `filter={...}`, each JSON in the query string; the answer carries `Content-Range: name start-end/total`.
 */
export interface ListQuery<Field extends string, Filter> {
  sort: { field: Field; order: 'ASC' | 'DESC' };
  range: [number, number];
  filter: Filter;
  /**
   * `filter={"id":[...]}` (react-admin's getMany, behind every ReferenceField), or a single id:
   * only these rows. Every list accepts it; `pageList` and `countList` apply it.
   */
  ids?: string[];
}

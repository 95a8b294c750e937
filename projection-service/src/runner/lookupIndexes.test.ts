import { indexesForLookups, leadingColumn } from './lookupIndexes';

describe('the deferred indexes a rebuild page needs', () => {
  const byUser = 'CREATE INDEX evidence_maps_user ON rebuild_ab12.evidence_maps USING btree (user_id)';
  const byUserAndTime = 'CREATE INDEX claims_user_filed ON rebuild_ab12.claims USING btree (user_id, filed_at DESC)';
  const trigram = 'CREATE INDEX claims_number_trgm ON rebuild_ab12.claims USING gin (claim_number public.gin_trgm_ops)';
  const partial = "CREATE INDEX claims_open ON rebuild_ab12.claims USING btree (user_id) WHERE (status <> 'closed'::text)";
  const expression = 'CREATE INDEX users_email ON rebuild_ab12.users USING btree (lower(email))';

  it.each([
    [byUser, { table: 'evidence_maps', column: 'user_id' }],
    [byUserAndTime, { table: 'claims', column: 'user_id' }],
    [trigram, undefined],
    [partial, undefined],
    [expression, undefined],
  ])('%s indexes %j for a lookup', (definition, expected) => {
    expect(leadingColumn(definition)).toEqual(expected);
  });

  it('makes an index when a page looks its table up by its first column, and leaves the rest for the end of the load', () => {
    const deferred = [byUser, byUserAndTime, trigram, partial];
    expect(indexesForLookups(deferred, [{ table: 'evidence_maps', columns: ['claim_id', 'user_id'] }])).toEqual({
      needed: [byUser],
      waiting: [byUserAndTime, trigram, partial],
    });
    // The same column of another table, or another column of the same table, needs nothing.
    expect(
      indexesForLookups(deferred, [
        { table: 'claims', columns: ['claim_id'] },
        { table: 'documents', columns: ['user_id'] },
      ]),
    ).toEqual({
      needed: [],
      waiting: deferred,
    });
  });
});

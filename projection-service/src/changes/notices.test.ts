import { addOwner, MAX_IDS_PER_USER, ownersOfRows, type ChangedRows } from './changedRows';
import { decodeNotice, encodeNotices, MAX_PAYLOAD_BYTES, mergeChanges } from './notices';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('read-model change notices', () => {
  it('round-trips what a batch changed, per owner, with ids when few', () => {
    const changed: ChangedRows = new Map();
    addOwner(changed, uuid(1), 'doc-a');
    addOwner(changed, uuid(1), 'doc-b');
    addOwner(changed, uuid(2));
    const payloads = encodeNotices(new Map([['documents', changed]]));
    expect(payloads).toHaveLength(1);
    expect(decodeNotice(payloads[0]!)).toEqual([
      { readModel: 'documents', userId: uuid(1), ids: ['doc-a', 'doc-b'] },
      { readModel: 'documents', userId: uuid(2) },
    ]);
  });

  it.each([1, 50, 1_000, 5_000])('splits %i owners into payloads PostgreSQL accepts (under 8,000 bytes), losing none', (owners) => {
    const changed: ChangedRows = new Map();
    for (let n = 0; n < owners; n++) for (let id = 0; id < 5; id++) addOwner(changed, uuid(n), uuid(100_000 + id));
    const payloads = encodeNotices(new Map([['evidence', changed]]));
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const decoded = payloads.flatMap((payload) => decodeNotice(payload)!);
    expect(decoded.map((change) => change.userId)).toEqual([...changed.keys()]);
    expect(decoded.every((change) => change.ids?.length === 5)).toBe(true);
  });

  it(`sends "some rows" (no ids) past ${MAX_IDS_PER_USER} ids for one owner`, () => {
    const changed: ChangedRows = new Map();
    for (let id = 0; id <= MAX_IDS_PER_USER; id++) addOwner(changed, uuid(1), `row-${id}`);
    expect(changed.get(uuid(1))).toBeNull();
    expect(decodeNotice(encodeNotices(new Map([['claims', changed]]))[0]!)).toEqual([{ readModel: 'claims', userId: uuid(1) }]);
  });

  it('merges batches waiting to be sent: ids joined, "some rows" kept', () => {
    const pending = new Map<string, ChangedRows>();
    mergeChanges(pending, 'documents', new Map([[uuid(1), new Set(['a'])]]), MAX_IDS_PER_USER);
    mergeChanges(
      pending,
      'documents',
      new Map([
        [uuid(1), new Set(['b'])],
        [uuid(2), null],
      ]),
      MAX_IDS_PER_USER,
    );
    mergeChanges(pending, 'documents', new Map([[uuid(2), new Set(['c'])]]), MAX_IDS_PER_USER);
    expect(pending.get('documents')).toEqual(
      new Map<string, Set<string> | null>([
        [uuid(1), new Set(['a', 'b'])],
        [uuid(2), null],
      ]),
    );
  });

  it('takes owners from the rows written, and ignores rows without one', () => {
    const changed = ownersOfRows(
      [{ user_id: uuid(1), document_id: 'd1' }, { user_id: null, document_id: 'd2' }, { document_id: 'd3' }],
      'document_id',
    );
    expect(changed).toEqual(new Map([[uuid(1), new Set(['d1'])]]));
  });

  it.each([['not json'], ['{"r":"documents"}'], ['[{"r":"documents"}]'], ['[{"r":"","u":"x"}]']])(
    'refuses a payload of another shape: %s',
    (payload) => {
      expect(decodeNotice(payload)).toBeUndefined();
    },
  );
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/** The bundled files, read independently of the app's loader. */
const data = (file: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../contracts/reference-data', file), 'utf8')) as Record<string, unknown>[];

const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

/** The Benefits Learning Center's five lists, `GET /api/va/*`, from the bundled reference data. */
describe('reference lists (GET /api/va/*)', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('learning.vet@example.org');
  });
  afterAll(async () => app.close());

  it.each([
    ['disabilities', 'disabilities.json', 945],
    ['service-branches', 'service-branches.json', 14],
    ['contention-types', 'contention-types.json', 837],
    ['special-circumstances', 'special-circumstances.json', 17],
  ])('%s: every entry of the bundled file, as {items, totalItems}', async (list, file, count) => {
    const res = await vet.get(`/api/va/${list}`);
    expect(res.status).toBe(200);
    expect(res.data.totalItems).toBe(count);
    expect(res.data.items).toHaveLength(count);
    expect(res.headers.get('content-range')).toBe(`${list} 0-${count - 1}/${count}`);
    expect(new Set(res.data.items.map((i: { name: string }) => i.name))).toEqual(new Set(data(file).map((d) => d.name)));
    expect(Object.keys(res.data.items[0]).sort()).toEqual(
      expect.arrayContaining([
        'address',
        'category',
        'city',
        'code',
        'description',
        'hours',
        'id',
        'name',
        'phone',
        'services',
        'state',
        'website',
        'zip',
      ]),
    );
  });

  it('treatment centers: 1,040, never made up: no address, phone or website, a link to VA’s facility locator instead', async () => {
    const all = await vet.get('/api/va/treatment-centers');
    expect(all.data.totalItems).toBe(1040);
    // Without a range the answer is capped at 1,000 like every list; Content-Range says so.
    expect(all.data.items).toHaveLength(1000);
    expect(all.headers.get('content-range')).toBe('treatment-centers 0-999/1040');
    const rest = await vet.get(`/api/va/treatment-centers?${q({ range: [1000, 1049] })}`);
    expect(rest.data.items).toHaveLength(40);
    const anchorage = all.data.items.find((i: { code: string }) => i.code === '463');
    expect(anchorage).toMatchObject({
      name: 'Anchorage VA Medical Center',
      state: 'AK',
      stateName: 'Alaska',
      type: 'VA Medical Center',
      address: null,
      phone: null,
      website: null,
      facilityLocatorUrl: 'https://www.va.gov/find-locations/facility/vha_463',
    });
  });

  it('searches name, code, description, category and state, case-insensitively, every word', async () => {
    const knee = await vet.get('/api/va/disabilities?search=KNEE');
    expect(knee.data.totalItems).toBeGreaterThan(10);
    const expected = data('disabilities.json').filter((d) =>
      [d.name, d.classification, ...((d.synonyms as string[]) ?? []), ...((d.diagnosticCodes as string[]) ?? []), d.dbq]
        .join(' ')
        .toLowerCase()
        .includes('knee'),
    ).length;
    expect(knee.data.totalItems).toBeGreaterThanOrEqual(expected);
    const upper = await vet.get('/api/va/disabilities?search=knee');
    expect(upper.data.totalItems).toBe(knee.data.totalItems);

    // A diagnostic code finds its conditions; a station code its center; a state its centers.
    const code = await vet.get('/api/va/disabilities?search=5237');
    expect(code.data.totalItems).toBe(
      data('disabilities.json').filter((d) => (d.diagnosticCodes as string[] | undefined)?.includes('5237')).length,
    );
    expect(code.data.items[0]).toMatchObject({ code: '5237', description: expect.stringMatching(/^Diagnostic code 5237/) });
    expect((await vet.get('/api/va/treatment-centers?search=463GA')).data.items.map((i: { name: string }) => i.name)).toEqual([
      'Fairbanks VA Clinic',
    ]);
    const alaska = await vet.get('/api/va/treatment-centers?search=alaska');
    expect(alaska.data.totalItems).toBe(data('treatment-centers.json').filter((t) => t.state === 'AK').length);
    const twoWords = await vet.get(`/api/va/treatment-centers?${q({ search: 'anchorage medical' })}`);
    expect(twoWords.data.items.map((i: { code: string }) => i.code)).toEqual(['463']);
    expect((await vet.get('/api/va/special-circumstances?search=20-10207')).data.totalItems).toBe(9);
    expect((await vet.get('/api/va/service-branches?search=nothing-like-this')).data).toEqual({ items: [], totalItems: 0 });
  });

  it('pages with range (the screen asks for 20 per list), sorts with sort, filters with filter', async () => {
    const first = await vet.get(`/api/va/disabilities?${q({ range: [0, 19] })}`);
    expect(first.data.items).toHaveLength(20);
    expect(first.data.totalItems).toBe(945);
    expect(first.headers.get('content-range')).toBe('disabilities 0-19/945');
    const second = await vet.get(`/api/va/disabilities?${q({ range: [20, 39] })}`);
    expect(second.data.items[0].name).not.toBe(first.data.items[0].name);

    const byCode = await vet.get(`/api/va/contention-types?${q({ sort: ['code', 'DESC'], range: [0, 4] })}`);
    const codes = byCode.data.items.map((i: { code: string }) => i.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const filtered = await vet.get(`/api/va/disabilities?${q({ filter: { q: 'tinnitus' } })}`);
    expect(filtered.data.items.map((i: { name: string }) => i.name)).toContain('tinnitus (ringing or hissing in ears)');

    // Contention types the VA still uses come first.
    const contentions = await vet.get(`/api/va/contention-types?${q({ range: [0, 121] })}`);
    expect(contentions.data.items.every((i: { active: boolean }) => i.active)).toBe(true);
  });

  it('filters by the branch named in an item (Army, Navy, Air Force, Marines, Coast Guard, General VA)', async () => {
    const army = await vet.get('/api/va/service-branches?branch=Army');
    expect(army.data.items.map((i: { name: string }) => i.name).sort()).toEqual(['Army', 'Filipino Commonwealth Army']);
    expect((await vet.get('/api/va/service-branches?branch=marines')).data.items.map((i: { name: string }) => i.name)).toEqual([
      'Marine Corps',
    ]);
    const general = await vet.get('/api/va/service-branches?branch=General%20VA');
    expect(general.data.items.map((i: { name: string }) => i.name)).not.toContain('Navy');
    expect(general.data.totalItems).toBe(14 - 6);
  });

  it('refuses bad parameters with a problem naming them, and answers nobody signed out', async () => {
    const badBranch = await vet.get('/api/va/service-branches?branch=Navy%20SEALs');
    expect(badBranch.status).toBe(400);
    expect(badBranch.data.errors).toEqual([
      { field: 'branch', message: expect.stringContaining('Army, Navy, Air Force, Marines, Coast Guard, General VA') },
    ]);
    const badSort = await vet.get(`/api/va/disabilities?${q({ sort: ['salary', 'ASC'] })}`);
    expect(badSort.status).toBe(400);
    expect(badSort.data.errors[0].field).toBe('sort');
    const longSearch = await vet.get(`/api/va/disabilities?search=${'x'.repeat(201)}`);
    expect(longSearch.status).toBe(400);
    expect((await app.client().get('/api/va/disabilities')).status).toBe(401);
  });
});

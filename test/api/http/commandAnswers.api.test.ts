import { startTestApp, storedEventCount, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A command whose events were appended never answers with a failure, even when
 * reading its result back fails. The read is made to fail for real: a read-model table that the
 * command's own projectors do not write, but its read-back query needs, is renamed for the time of
 * the request.
 */
describe('a command whose result cannot be read back', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    // The notifications worker appends in the background; these tests count every event appended.
    app = await startTestApp({ notificationsWorker: false });
    vet = app.client();
    await vet.register('answers.vet@example.org');
  });
  afterAll(async () => app.close());

  const deadLetters = async () => Number((await app.system.knex('subscription_dead_letters').count({ n: '*' }))[0]!.n);

  /** Runs `send` while `table` is missing, then puts it back. */
  async function withoutTable<T>(table: string, send: () => Promise<T>): Promise<T> {
    await app.system.knex.raw('alter table ?? rename to ??', [table, `${table}_away`]);
    try {
      return await send();
    } finally {
      await app.system.knex.raw('alter table ?? rename to ??', [`${table}_away`, table]);
    }
  }

  it('files the claim and answers 202 with its id and where to read it (was: 500)', async () => {
    const before = await storedEventCount(app);
    // The claim detail reads claim_notes; filing a claim never writes it.
    const res = await withoutTable('claim_notes', () => vet.post('/api/claims', { condition: 'Sleep apnea', conditionType: 'secondary' }));
    expect(res.status).toBe(202);
    expect(res.data).toEqual({ id: expect.any(String), detail: 'Saved. It may take a moment to show.' });
    expect(res.headers.get('location')).toBe(`/api/claims/${res.data.id}`);
    expect(await storedEventCount(app)).toBe(before + 2);
    expect(app.logs.some((line) => line.includes('reading back after a command failed'))).toBe(true);

    const later = await vet.get(res.headers.get('location')!);
    expect(later.status).toBe(200);
    expect(later.data).toMatchObject({ id: res.data.id, condition: 'Sleep apnea', status: 'submitted' });
    expect(await deadLetters()).toBe(0);
  });

  it('registers the document and answers 202 (was: 500)', async () => {
    const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
    const put = await vet.request('PUT', uploadURL, { body: PDF as unknown as string, headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(201);
    // The document read joins its claim; registering a document without one never writes claims.
    const res = await withoutTable('claims', () =>
      vet.put('/api/documents', { documentURL: uploadURL, fileName: 'letter.pdf', fileType: 'application/pdf', fileSize: PDF.length }),
    );
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/api/documents/${res.data.id}`);
    const later = await vet.get(res.headers.get('location')!);
    expect(later.status).toBe(200);
    expect(later.data).toMatchObject({ id: res.data.id, fileName: 'letter.pdf' });
    expect(await deadLetters()).toBe(0);
  });

  it('answers as before when the read works', async () => {
    const res = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ condition: 'Tinnitus', notes: [] });
  });
});

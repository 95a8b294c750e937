import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Where the spec names an error (doc 1 §5/§6/§8, doc 2 §8), the problem body carries its title and
 * message verbatim, so a client that shows `title` and `detail` shows the spec.
 */
describe('problem bodies of the errors the spec names', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('spec.problems@example.org');
  });
  afterAll(async () => app.close());

  async function upload(client: TestClient, fileName: string) {
    const address = await client.post('/api/objects/upload', {});
    await client.request('PUT', address.data.uploadURL, { body: PDF as unknown as string, headers: { 'content-type': 'application/pdf' } });
    const res = await client.put('/api/documents', {
      documentURL: address.data.uploadURL,
      fileName,
      fileType: 'application/pdf',
      fileSize: PDF.length,
    });
    expect(res.status).toBe(201);
    return res.data;
  }

  it('401 without a session: Unauthorized, "You are logged out. Logging in again..."', async () => {
    const res = await app.client().get('/api/claims');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.data).toMatchObject({
      type: '/problems/unauthorized',
      title: 'Unauthorized',
      detail: 'You are logged out. Logging in again...',
    });
  });

  it('429 at the claim limit: Claim Limit Reached, with the limit', async () => {
    for (const condition of ['Tinnitus', 'Knee strain', 'PTSD'])
      expect((await vet.post('/api/claims', { condition, conditionType: 'primary' })).status).toBe(201);
    const res = await vet.post('/api/claims', { condition: 'Migraine', conditionType: 'primary' });
    expect(res.status).toBe(429);
    expect(res.data).toEqual({
      type: '/problems/claim-limit-reached',
      title: 'Claim Limit Reached',
      status: 429,
      detail: "You've reached your limit of 3 claims. Please upgrade your plan to add more claims.",
      instance: '/api/claims',
      limit: 3,
    });
  });

  it('400 for a rating outside 0–100: Invalid Rating, "Rating must be a number between 0 and 100"', async () => {
    const claimId = (await vet.get('/api/claims')).data[0].id;
    for (const bad of ['150', 'abc', '-1']) {
      const res = await vet.put(`/api/claims/${claimId}/rating`, { ratingPercentage: bad });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({
        type: '/problems/invalid-rating',
        title: 'Invalid Rating',
        detail: 'Rating must be a number between 0 and 100',
        errors: [{ field: 'ratingPercentage', message: 'Rating must be a number between 0 and 100' }],
      });
    }
    // Other validation errors keep the generic title.
    const note = await vet.post(`/api/claims/${claimId}/notes`, { note: '   ' });
    expect(note.data).toMatchObject({ type: '/problems/validation-error', title: 'Invalid request', detail: 'Note cannot be empty' });
  });

  it('403 for analysis on the Free plan: Upgrade Required, with the spec message', async () => {
    const document = await upload(vet, 'letter.pdf');
    const res = await vet.post(`/api/documents/${document.id}/analyze`, { analysisType: 'general' });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({
      type: '/problems/upgrade-required',
      title: 'Upgrade Required',
      detail: 'Document analysis is not available on the Free plan. Upgrade to Basic or Pro to analyze documents.',
      upgrade: true,
    });
  });

  it('404 when the stored file is gone: Document file not available', async () => {
    const document = await upload(vet, 'gone.pdf');
    await new LocalObjectStorage((app.config.objectStorage as { root: string }).root).delete(document.objectPath);
    const res = await vet.get(`/api/documents/${document.id}/file`);
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({
      type: '/problems/document-file-not-available',
      title: 'Document file not available',
      detail: 'Document file not available',
    });
  });
});

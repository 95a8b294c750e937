import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@cc/platform/net';
import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

/**
 * A local server speaking the VA Forms API's format (`GET /services/va_forms/v0/forms`, header
 * `apikey`, `{data: [{id, type: "va_form", attributes}]}`). The figures are test inputs.
 */
class FakeVaFormsApi {
  requests: { path: string; apikey: string | undefined }[] = [];
  mode: 'ok' | 'error' | 'garbage' = 'ok';
  private server = http.createServer((req, res) => {
    this.requests.push({ path: req.url ?? '', apikey: req.headers.apikey as string | undefined });
    if (req.headers.apikey !== 'test-key') return void res.writeHead(401).end('{"message":"Invalid authentication credentials"}');
    if (this.mode === 'error') return void res.writeHead(503).end('unavailable');
    if (this.mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": "nope"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: FakeVaFormsApi.forms }));
  });

  static forms = [
    {
      id: '5382',
      type: 'va_form',
      attributes: {
        form_name: '21-526EZ',
        url: 'https://www.vba.va.gov/pubs/forms/VBA-21-526EZ-ARE.pdf',
        title: 'Application for Disability Compensation and Related Compensation Benefits',
        first_issued_on: '2016-11-01',
        last_revision_on: '2024-08-15',
        pages: 15,
        sha256: 'a'.repeat(64),
        valid_pdf: true,
        form_type: 'benefit',
        form_details_url: 'https://www.va.gov/find-forms/about-form-21-526ez',
        deleted_at: null,
        benefit_categories: [{ name: 'Disability', description: 'VA disability compensation' }],
      },
    },
    {
      id: '5400',
      type: 'va_form',
      attributes: {
        form_name: '21-0966',
        title: 'Intent to File',
        url: 'https://www.vba.va.gov/pubs/forms/VBA-21-0966-ARE.pdf',
        last_revision_on: '2023-01-05',
        valid_pdf: true,
        form_type: 'benefit',
        deleted_at: '2025-01-01T00:00:00.000Z',
      },
    },
    {
      id: '9001',
      type: 'va_form',
      attributes: {
        form_name: '10-10EZ',
        title: 'Application for Health Benefits',
        url: 'https://www.va.gov/vaforms/medical/pdf/10-10EZ-fillable.pdf',
        valid_pdf: true,
      },
    },
  ];

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/services/va_forms/v0/forms`;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

type Form = { id: string; type: string; attributes: Record<string, unknown> };
const byName = (data: Form[], name: string) => data.find((f) => f.attributes.form_name === name)!;

describe('VA forms (GET /api/va-forms/)', () => {
  describe('with the VA Forms API configured', () => {
    const api = new FakeVaFormsApi();
    let app: TestApp;

    beforeAll(async () => {
      const url = await api.start();
      app = await startTestApp({ env: { VA_FORMS_API_URL: url, VA_API_KEY: 'test-key' }, vaFormsRefreshIntervalMs: 300 });
    });
    afterAll(async () => {
      await app.close();
      await api.close();
    });

    it('refreshes at start with the API key and shows the API’s figures for the catalogue’s forms', async () => {
      expect(await app.system.refreshVaForms()).toBe(2);
      expect(api.requests[0]).toEqual({ path: '/services/va_forms/v0/forms', apikey: 'test-key' });
      const vet = app.client();
      await vet.register('forms.vet@example.org');
      const res = await vet.get('/api/va-forms/');
      expect(res.status).toBe(200);
      expect(res.data.meta).toEqual({ source: 'va-forms-api', refreshedAt: expect.any(String) });
      expect(res.data.data).toHaveLength(23);
      expect(byName(res.data.data, '21-526EZ')).toEqual({
        id: '5382',
        type: 'va_form',
        attributes: {
          form_name: '21-526EZ',
          title: 'Application for Disability Compensation and Related Compensation Benefits',
          form_type: 'benefit',
          valid_pdf: true,
          revision_date: '2024-08-15',
          url: 'https://www.vba.va.gov/pubs/forms/VBA-21-526EZ-ARE.pdf',
          form_details_url: 'https://www.va.gov/find-forms/about-form-21-526ez',
          purpose: expect.stringContaining('Main disability claim'),
          status: null,
          pages: 15,
        },
      });
      // A form the API marks deleted cannot be downloaded; a form outside the catalogue is not listed.
      expect(byName(res.data.data, '21-0966').attributes).toMatchObject({ valid_pdf: false, revision_date: '2023-01-05' });
      expect(res.data.data.some((f: Form) => f.attributes.form_name === '10-10EZ')).toBe(false);
      // Forms the API did not list keep the bundled entry.
      expect(byName(res.data.data, '21-4138').attributes).toMatchObject({
        revision_date: null,
        form_type: null,
        url: 'https://www.vba.va.gov/pubs/forms/VBA-21-4138-ARE.pdf',
      });
    });

    it('refreshes again on its interval (daily in production)', async () => {
      const before = api.requests.length;
      const deadline = Date.now() + 5000;
      while (api.requests.length < before + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(api.requests.length).toBeGreaterThanOrEqual(before + 2);
    });

    it('keeps the last good answer when the API fails or answers in another format', async () => {
      const vet = app.client();
      await vet.register('forms.vet2@example.org');
      // A refresh asked for while one is under way answers that one, which the interval (300 ms here)
      // may have started before the switch: it is let finish first, so the next asks the API anew.
      api.mode = 'error';
      await app.system.refreshVaForms();
      expect(await app.system.refreshVaForms()).toBeInstanceOf(Error);
      api.mode = 'garbage';
      await app.system.refreshVaForms();
      expect(await app.system.refreshVaForms()).toBeInstanceOf(Error);
      const res = await vet.get('/api/va-forms');
      expect(res.data.meta.source).toBe('va-forms-api');
      expect(byName(res.data.data, '21-526EZ').attributes.revision_date).toBe('2024-08-15');
      expect(app.logs.join('')).toMatch(/VA Forms API refresh failed/);
      expect(app.logs.join('')).not.toContain('test-key');
      api.mode = 'ok';
    });
  });

  it('falls back to the bundled catalogue when the API is unreachable', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/services/va_forms/v0/forms`;
    const app = await startTestApp({ env: { VA_FORMS_API_URL: closed, VA_API_KEY: 'test-key' } });
    try {
      expect(await app.system.refreshVaForms()).toBeInstanceOf(Error);
      const vet = app.client();
      await vet.register('down.vet@example.org');
      const res = await vet.get('/api/va-forms/');
      expect(res.status).toBe(200);
      expect(res.data.meta).toEqual({ source: 'bundled', refreshedAt: null });
      expect(res.data.data).toHaveLength(23);
      expect(byName(res.data.data, '21-526EZ')).toMatchObject({
        id: '21-526EZ',
        type: 'va_form',
        attributes: { revision_date: null, valid_pdf: true },
      });
      expect(byName(res.data.data, '21-0781a').attributes).toMatchObject({ valid_pdf: false, status: 'superseded' });
    } finally {
      await app.close();
    }
  });

  it('without configuration: the bundled catalogue, paged and sorted like any list, for signed-in users', async () => {
    const app = await startTestApp();
    try {
      expect(app.system.refreshVaForms()).toBeUndefined();
      expect((await app.client().get('/api/va-forms/')).status).toBe(401);
      const vet = app.client();
      await vet.register('plain.vet@example.org');
      const page = await vet.get(`/api/va-forms/?range=${encodeURIComponent('[0,4]')}&sort=${encodeURIComponent('["form_name","DESC"]')}`);
      expect(page.headers.get('content-range')).toBe('va-forms 0-4/23');
      const names = page.data.data.map((f: Form) => f.attributes.form_name);
      expect(names).toHaveLength(5);
      expect(names).toEqual([...names].sort().reverse());
    } finally {
      await app.close();
    }
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { streams, type ClaimPackageFormInput, type NexusLetterFormInput } from '@cc/contracts';
import { textToPdf } from '@cc/ai-worker/testing/makePdf';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name), 'utf8');
const work = mkdtempSync(path.join(os.tmpdir(), 'pdforge-api-'));

/** The PDF's text as poppler reads it, and its page count. */
function pdfText(bytes: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
}

async function signUp(app: TestApp, admin: TestClient, email: string, tier: 'free' | 'basic' | 'pro') {
  const client = app.client();
  const user = await client.register(email);
  if (tier !== 'free') expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: tier })).status).toBe(200);
  for (let i = 0; i < 100 && (await client.get('/api/auth/user')).data.memberTier !== tier; i++)
    await new Promise((r) => setTimeout(r, 20));
  return { client, id: user.id };
}

async function upload(client: TestClient, fileName: string, body: Buffer) {
  const url = (await client.post('/api/objects/upload', {})).data.uploadURL as string;
  expect(
    (await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': 'application/pdf' } })).status,
  ).toBe(201);
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: 'application/pdf', fileSize: body.length });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

const PACKAGE: ClaimPackageFormInput = {
  veteran_full_name: 'Andre K. Lindqvist',
  va_file_number: 'C12345678',
  ssn_last4: '4321',
  objectives: ['service_connection', 'secondary_connection'],
  combined_rating: 70,
  onset_year: 2011,
  bilateral_factor_info: 'Bilateral factor of 1.9 applied (both knees)',
  service_timeline_part_a: [
    { from: '2008-06-01', to: '2014-05-31', branch: 'United States Army', unit_command: '101st Airborne', mos_afsc: '11B' },
  ],
  service_timeline_part_b: [
    {
      duty_status: 'Active',
      deployments_operations: 'Operation Enduring Freedom',
      key_events_incidents: 'IED blast 2011',
      line_of_duty_y_n: 'Y',
    },
  ],
  service_connected_conditions: [
    { condition: 'PTSD', diagnostic_code: '9411', effective_date: '2015-01-10', body_system: 'Mental', evidence_references: 'E1' },
  ],
  claims_summary: [
    {
      issue: 'Obstructive sleep apnea',
      type: 'secondary_connection',
      diagnostic_code: '6847',
      requested: '50',
      basis_nexus: 'Secondary to PTSD',
      evidence_ids: 'E2',
    },
    {
      issue: 'Tinnitus',
      type: 'service_connection',
      diagnostic_code: '6260',
      requested: '10',
      basis_nexus: 'Noise exposure',
      evidence_ids: 'E3',
    },
  ],
  denials_summary: [
    {
      issue: 'Lumbar strain',
      decision_date: '2019-03-02',
      reason_for_denial: 'No nexus',
      appeal_status: 'supplemental_pending',
      new_relevant_evidence: 'IMO 2024',
    },
  ],
  attachments_index_a: [{ id: 'E2', document_type: 'Nexus Letter', title_description: 'Dr Rivera IMO', source: 'Private' }],
  evidence_checklist: { dd214: true, imo: true },
};

const NEXUS: NexusLetterFormInput = {
  veteran_full_name: 'Andre K. Lindqvist',
  va_file_number: 'C12345678',
  ssn_last4: '4321',
  condition: 'Obstructive sleep apnea',
  diagnosis_code: 'G47.33',
  connection_type: 'secondary',
  primary_condition: 'PTSD',
  opinion_standard: 'at least as likely as not (50 percent or greater probability)',
  rationale:
    'Chronic hyperarousal in PTSD fragments sleep architecture and increases upper airway collapsibility; the veteran gained weight on psychotropic medication prescribed for PTSD, a recognised risk factor, as documented in his treatment records from 2016 onward.',
  records_reviewed: ['Service treatment records', 'VA treatment records 2014-2024', 'Polysomnography 10/09/2020'],
  provider_name: 'Elena Rivera',
  credentials: 'MD',
  specialty: 'Sleep medicine',
  contact: 'Rivera Sleep Clinic, (555) 010-2000',
  opinion_date: '2024-02-01',
  contrary_evidence: 'The 2021 C&P opinion did not consider the medication-related weight gain.',
};

describe('pdfforge API', () => {
  let app: TestApp;
  let admin: TestClient;
  let basic: { client: TestClient; id: string };

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'pdforge.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('pdforge.admin@example.org');
    basic = await signUp(app, admin, 'pdforge.basic@example.org', 'basic');
  });
  afterAll(async () => app.close());

  it('generates the claim package: a real PDF with cover, contents, parts, tables and the SSN as its last four only, kept as a document', async () => {
    const res = await basic.client.post('/api/pdforge/generate', {
      templateId: 'disability-claim-package',
      formData: { ...PACKAGE, ssn_last4: '4321' },
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ documentId: expect.any(String), pdfUrl: `/api/documents/${res.data.documentId}/file` });

    const file = await fetch(`${app.baseUrl}${res.data.pdfUrl}`, { headers: { cookie: basic.client.cookieHeader()! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/application\/pdf/);
    const bytes = Buffer.from(await file.arrayBuffer());
    const { text, pages } = pdfText(bytes, 'package');
    expect(pages).toBeGreaterThanOrEqual(9); // cover, contents, seven parts
    expect(text).toContain('Disability Claim Package');
    expect(text).toContain('Table of Contents');
    for (const part of [
      'Summary & Objectives',
      'Service Timeline',
      'Current VA Ratings',
      'Claims & Evidence',
      'Previously Denied',
      'Addendum & Attachments',
      'Review & Submit',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Andre K. Lindqvist');
    expect(text).toContain('XXX-XX-4321');
    expect(text).toMatch(/Obstructive sleep\s+Secondary\s+6847\s+50/);
    expect(text).toContain('101st Airborne');
    expect(text).toMatch(/Supplemental claim/);
    expect(text).toMatch(/\[X\]\s+DD214 — included/);
    expect(text).toMatch(/\[ ?\]\s+Service treatment records \(STRs\) — not included/);
    // issue_list is auto-joined from the claim issues when left empty
    expect(text).toContain('Obstructive sleep apnea, Tinnitus');
    expect(text).toContain('Signature');

    // Registered like an upload: in the list, an event on the document's stream naming the template.
    const list = await basic.client.get('/api/documents');
    expect(list.data.map((d: { id: string }) => d.id)).toContain(res.data.documentId);
    const events = (await app.system.store.readStream(streams.document(res.data.documentId))).events;
    expect(events[0]).toMatchObject({
      type: 'DocumentRegistered',
      data: { generatedFrom: { templateId: 'disability-claim-package' }, detectedType: 'application/pdf' },
    });
    const userEvents = (await app.system.store.readStream(streams.user(basic.id))).events.map((e) => e.type);
    expect(userEvents).toContain('UserDocumentRegistered');
  });

  it('maps legacy service periods and deployments into the timeline when the timeline is empty', async () => {
    const res = await basic.client.post('/api/pdforge/generate', {
      templateId: 'disability-claim-package',
      formData: {
        veteran_full_name: 'Legacy Vet',
        va_file_number: '11223344',
        ssn_last4: '9',
        service_periods: [{ branch: 'Navy', startDate: '1990-01-01', endDate: '1994-12-31', unit: 'USS Example', mos: 'BM' }],
        deployments: [{ operation: 'Desert Storm', location: 'Persian Gulf', startDate: '1990-08', endDate: '1991-02' }],
      },
    });
    expect(res.status).toBe(201);
    const bytes = Buffer.from(
      await (await fetch(`${app.baseUrl}${res.data.pdfUrl}`, { headers: { cookie: basic.client.cookieHeader()! } })).arrayBuffer(),
    );
    const { text } = pdfText(bytes, 'legacy');
    expect(text).toContain('USS Example');
    expect(text).toContain('Desert Storm');
    expect(text).toContain('XXX-XX-XXX9');
  });

  it('generates the nexus letter in the VA standard language with records reviewed and the signature block', async () => {
    const res = await basic.client.post('/api/pdforge/generate', { templateId: 'nexus-letter', formData: NEXUS });
    expect(res.status).toBe(201);
    const bytes = Buffer.from(
      await (await fetch(`${app.baseUrl}${res.data.pdfUrl}`, { headers: { cookie: basic.client.cookieHeader()! } })).arrayBuffer(),
    );
    const { text } = pdfText(bytes, 'nexus');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Nexus Letter');
    expect(flat).toContain('at least as likely as not (50 percent or greater probability) proximately due to or the result of');
    expect(flat).toContain("the veteran's service-connected PTSD");
    expect(flat).toContain('Polysomnography 10/09/2020');
    expect(flat).toContain('Elena Rivera');
    expect(flat).toContain('Sleep medicine');
    expect(flat).toContain('XXX-XX-4321');
    expect(flat).not.toContain('Checklist before signing');
  });

  it.each([
    ['veteran name required', { veteran_full_name: '' }, 'formData.veteran_full_name', 'Veteran name is required'],
    ['file number required', { va_file_number: '  ' }, 'formData.va_file_number', 'VA file number is required'],
    ['SSN last 4 required', { ssn_last4: '' }, 'formData.ssn_last4', 'SSN last 4 is required'],
    ['SSN last 4 at most 4 digits', { ssn_last4: '123456789' }, 'formData.ssn_last4', 'SSN last 4 must be at most 4 digits'],
    ['SSN last 4 digits only', { ssn_last4: '12a4' }, 'formData.ssn_last4', 'SSN last 4 must be at most 4 digits'],
    ['combined rating over 100', { combined_rating: 110 }, 'formData.combined_rating', 'Combined rating must be between 0 and 100'],
    ['combined rating under 0', { combined_rating: -10 }, 'formData.combined_rating', 'Combined rating must be between 0 and 100'],
    [
      'onset year before 1950',
      { onset_year: 1949 },
      'formData.onset_year',
      `Onset year must be between 1950 and ${new Date().getFullYear()}`,
    ],
    [
      'onset year in the future',
      { onset_year: new Date().getFullYear() + 1 },
      'formData.onset_year',
      `Onset year must be between 1950 and ${new Date().getFullYear()}`,
    ],
    [
      'branch from the pick list',
      { service_timeline_part_a: [{ branch: 'Starfleet' }] },
      'formData.service_timeline_part_a.0.branch',
      'Choose one of',
    ],
    [
      'appeal status from the pick list',
      { denials_summary: [{ appeal_status: 'maybe' }] },
      'formData.denials_summary.0.appeal_status',
      'Choose one of',
    ],
    [
      'line of duty Y or N',
      { service_timeline_part_b: [{ line_of_duty_y_n: 'Maybe' }] },
      'formData.service_timeline_part_b.0.line_of_duty_y_n',
      'Choose one of',
    ],
  ])('refuses form data that breaks a rule (%s) with 400 and the spec text, storing nothing', async (_name, change, field, message) => {
    const before = (await basic.client.get('/api/documents')).data.length;
    const res = await basic.client.post('/api/pdforge/generate', {
      templateId: 'disability-claim-package',
      formData: { ...PACKAGE, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.data).toMatchObject({
      type: '/problems/generation-failed',
      title: 'Generation Failed',
      detail: 'Unable to generate PDF. Please check your form data.',
    });
    expect(res.data.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, message: expect.stringContaining(message) })]),
    );
    expect((await basic.client.get('/api/documents')).data.length).toBe(before);
  });

  it('accepts the bounds: SSN of 4 digits, rating 0 and 100, onset 1950 and this year', async () => {
    for (const change of [
      { combined_rating: 0, onset_year: 1950 },
      { combined_rating: 100, onset_year: new Date().getFullYear(), ssn_last4: '0000' },
    ]) {
      const res = await basic.client.post('/api/pdforge/generate', {
        templateId: 'disability-claim-package',
        formData: { ...PACKAGE, ...change },
      });
      expect(res.status).toBe(201);
    }
  });

  it('refuses an unknown template and a nexus letter without its required parts', async () => {
    expect((await basic.client.post('/api/pdforge/generate', { templateId: 'form-1040', formData: PACKAGE })).status).toBe(400);
    const res = await basic.client.post('/api/pdforge/generate', {
      templateId: 'nexus-letter',
      formData: { ...NEXUS, provider_name: '', opinion_standard: 'possibly' },
    });
    expect(res.status).toBe(400);
    expect(res.data.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['formData.provider_name', 'formData.opinion_standard']),
    );
  });

  it('refuses PDF generation on the Free plan with 403 and an upgrade message', async () => {
    const free = await signUp(app, admin, 'pdforge.free@example.org', 'free');
    const res = await free.client.post('/api/pdforge/generate', { templateId: 'disability-claim-package', formData: PACKAGE });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ type: '/problems/pdf-generation-upgrade-required', title: 'Upgrade Required', upgrade: true });
    expect(res.data.detail).toMatch(/Upgrade to Basic or Pro/);
    expect((await free.client.get('/api/documents')).data).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await app.client().post('/api/pdforge/generate', { templateId: 'nexus-letter', formData: NEXUS });
    expect(res.status).toBe(401);
    expect((await app.client().post('/api/pdforge/ai-assist', { fieldName: 'symptoms' })).status).toBe(401);
  });

  describe('AI assist', () => {
    let vet: { client: TestClient; id: string };

    beforeAll(async () => {
      vet = await signUp(app, admin, 'pdforge.assist@example.org', 'basic');
      expect((await vet.client.post('/api/claims', { condition: 'Obstructive sleep apnea', conditionType: 'secondary' })).status).toBe(201);
      const id = await upload(vet.client, 'sleep apnea DBQ.pdf', textToPdf(corpus('dbq-sleep-apnea.txt')));
      expect((await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'timeline' })).status).toBe(200);
    });

    it("suggests symptoms from the veteran's own analyzed record, citing it", async () => {
      const res = await vet.client.post('/api/pdforge/ai-assist', {
        fieldName: 'symptoms',
        fieldDescription: 'Symptoms of the claimed condition',
        context: { veteran_full_name: 'Andre K. Lindqvist', condition_name: 'Obstructive sleep apnea' },
        documentText: '',
      });
      expect(res.status).toBe(200);
      expect(res.data.engine).toEqual({ name: 'offline', model: 'rules-1' });
      expect(res.data.sources).toContain('sleep apnea DBQ.pdf');
      expect(res.data.suggestion).toContain('loud snoring and witnessed apneas');
      expect(res.data.suggestion).toContain('AHI of 27');
      expect(res.data.suggestion).not.toContain('Condition:');
    });

    it('gives the diagnostic code of a condition and the issue list from the claims', async () => {
      const dc = await vet.client.post('/api/pdforge/ai-assist', {
        fieldName: 'diagnostic_code',
        context: { row: { issue: 'Obstructive sleep apnea' } },
      });
      expect(dc.status).toBe(200);
      expect(dc.data.suggestion).toBe('6847');
      const issues = await vet.client.post('/api/pdforge/ai-assist', { fieldName: 'issue_list', context: {} });
      expect(issues.data.suggestion).toBe('Obstructive sleep apnea');
      expect(issues.data.sources[0]).toMatch(/^Claim \d{4}-\d{3}$/);
    });

    it('answers from another user nothing of this one: their records say nothing, so guidance on what to write, marked as such', async () => {
      const other = await signUp(app, admin, 'pdforge.other@example.org', 'basic');
      const res = await other.client.post('/api/pdforge/ai-assist', {
        fieldName: 'symptoms',
        context: { condition_name: 'Obstructive sleep apnea' },
      });
      expect(res.status).toBe(200);
      expect(res.data.kind).toBe('guidance');
      expect(res.data.suggestion).toContain("What to write about Obstructive sleep apnea (the topics of VA's DBQ 21-0960L-2, Sleep Apnea)");
      expect(res.data.suggestion).toContain('Flare-ups:');
      expect(res.data.suggestion).toContain('CPAP');
      expect(res.data.sources).toEqual(['DBQ 21-0960L-2 Sleep Apnea', '38 CFR Part 4, DC 6847']);
      // Nothing of the first veteran's record reaches another veteran.
      expect(res.data.suggestion).not.toContain('AHI of 27');
      expect(res.data.suggestion).not.toContain('loud snoring');
    });

    it("marks a suggestion drawn from the veteran's own record as facts", async () => {
      const res = await vet.client.post('/api/pdforge/ai-assist', {
        fieldName: 'symptoms',
        context: { condition_name: 'Obstructive sleep apnea' },
      });
      expect(res.status).toBe(200);
      expect(res.data.kind).toBe('facts');
    });

    it.each([
      ['no condition named', { fieldName: 'symptoms', context: {} }, 'Name the condition first'],
      [
        'a code field for a condition nobody knows',
        { fieldName: 'diagnostic_code', context: { condition_name: 'Zzyzx syndrome' } },
        'Zzyzx syndrome',
      ],
    ])('still answers 422 with the reason when it cannot guide either (%s)', async (_case, body, reason) => {
      const other = await signUp(app, admin, `pdforge.noguide.${body.fieldName}@example.org`, 'basic');
      const res = await other.client.post('/api/pdforge/ai-assist', body);
      expect(res.status).toBe(422);
      expect(res.data).toMatchObject({ type: '/problems/ai-assist-failed', title: 'AI Assist Failed' });
      expect(res.data.detail).toContain(reason);
    });

    it('uses the text of a picked document too', async () => {
      const other = await signUp(app, admin, 'pdforge.text@example.org', 'basic');
      const res = await other.client.post('/api/pdforge/ai-assist', {
        fieldName: 'work_impact',
        context: { condition_name: 'Tinnitus' },
        documentText: 'The veteran reports constant ringing. He missed work twice a month because he could not concentrate.',
      });
      expect(res.status).toBe(200);
      expect(res.data.suggestion).toContain('missed work twice a month');
      expect(res.data.sources).toEqual(['selected document']);
      expect(res.data.kind).toBe('facts');
    });

    it('refuses a body without a field name', async () => {
      const res = await vet.client.post('/api/pdforge/ai-assist', { fieldName: '' });
      expect(res.status).toBe(400);
    });
  });
});

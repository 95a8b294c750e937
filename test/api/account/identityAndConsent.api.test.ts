/**
 * Over real HTTP: registration asks for the age and terms confirmations and records them in the
 * registration event; the profile keeps a VA file number and the SSN's last four, sealed like the
 * rest of it, checked for their shape, and gone with the account.
 */
import {
  loadMilitaryOccupations,
  occupationLabel,
  PROFILE_MESSAGES,
  REGISTRATION_MESSAGES,
  TERMS_VERSION,
  type SealedData,
} from '@cc/contracts';
import { PersonalDataVault } from '@cc/platform';
import { dumpDatabase } from '@cc/gateway/testing/erasure';
import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

const PASSWORD = 'correct horse battery';
const FILE_NUMBER = '730691145';
/** Another account's, so that the erasure test's search finds only its own. */
const ERASED_FILE_NUMBER = '846203917';

const expectProblem = (res: { status: number; headers: Headers; data: any }, status: number) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.data).toMatchObject({ status, type: expect.stringMatching(/^\/problems\//), title: expect.any(String) });
};

describe('registration consent and the profile identity fields', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ notificationsWorker: false });
  });
  afterAll(async () => app.close());

  it('refuses an account without both confirmations (400 naming each), and creates none', async () => {
    const base = { email: 'young.vet@example.org', password: PASSWORD };
    const neither = await app.client().post('/api/auth/register', base);
    expectProblem(neither, 400);
    expect(neither.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'ageConfirmed', message: REGISTRATION_MESSAGES.ageConfirmed },
        { field: 'termsAccepted', message: REGISTRATION_MESSAGES.termsAccepted },
      ]),
    );
    const ageOnly = await app.client().post('/api/auth/register', { ...base, ageConfirmed: true, termsAccepted: false });
    expectProblem(ageOnly, 400);
    expect(ageOnly.data.errors).toEqual([{ field: 'termsAccepted', message: REGISTRATION_MESSAGES.termsAccepted }]);
    const termsOnly = await app.client().post('/api/auth/register', { ...base, ageConfirmed: 'yes', termsAccepted: true });
    expectProblem(termsOnly, 400);
    expect(termsOnly.data.errors).toEqual([{ field: 'ageConfirmed', message: REGISTRATION_MESSAGES.ageConfirmed }]);
    expect(await app.system.knex('user_credentials').where({ email: base.email })).toHaveLength(0);
  });

  it('records the confirmations, the terms version and the time in the registration event', async () => {
    const before = Date.now();
    const res = await app
      .client()
      .post('/api/auth/register', { email: 'adult.vet@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    const registered = (await app.system.store.readStream(`user-${res.data.user.id}`)).events[0]!;
    expect(registered.type).toBe('UserRegistered');
    const consent = (registered.data as { consent: { ageConfirmed: boolean; termsVersion: string; acceptedAt: string } }).consent;
    expect(consent).toEqual({ ageConfirmed: true, termsVersion: TERMS_VERSION, acceptedAt: expect.any(String) });
    expect(Date.parse(consent.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(consent.acceptedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('keeps the VA file number and SSN last 4 sealed, shows them to their owner, and checks their shape', async () => {
    const vet = app.client();
    const { id } = await vet.register('identity.vet@example.org', PASSWORD, { firstName: 'Ida', lastName: 'Ng' });
    const saved = await vet.put('/api/auth/profile', { name: 'Ida Ng', vaFileNumber: ` ${FILE_NUMBER} `, ssnLast4: '0427' });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ vaFileNumber: FILE_NUMBER, ssnLast4: '0427' });
    expect((await vet.get('/api/auth/user')).data).toMatchObject({ vaFileNumber: FILE_NUMBER, ssnLast4: '0427' });

    // In the event only the sealed box holds them; the key opens it.
    const updated = (await app.system.store.readStream(`user-${id}`)).events.at(-1)!;
    expect(updated.type).toBe('UserProfileUpdated');
    const data = updated.data as { personal: SealedData; changedFields: string[] };
    expect(data.changedFields).toEqual(expect.arrayContaining(['vaFileNumber', 'ssnLast4']));
    expect(JSON.stringify(data)).not.toContain(FILE_NUMBER);
    // The user's id is left out of the search: four digits can occur in a UUID by chance.
    expect(JSON.stringify({ ...data, personal: null, userId: null })).not.toContain('0427');
    expect(await new PersonalDataVault(app.system.knex).open(id, data.personal)).toMatchObject({
      vaFileNumber: FILE_NUMBER,
      ssnLast4: '0427',
    });

    // Wrong shapes: 400 with the field named, nothing recorded.
    const version = (await app.system.store.readStream(`user-${id}`)).version;
    for (const [field, value, message] of [
      ['ssnLast4', '123', PROFILE_MESSAGES.ssnLast4],
      ['ssnLast4', '12345', PROFILE_MESSAGES.ssnLast4],
      ['ssnLast4', '12a4', PROFILE_MESSAGES.ssnLast4],
      ['ssnLast4', 1234, PROFILE_MESSAGES.ssnLast4],
      ['vaFileNumber', '1234567', PROFILE_MESSAGES.vaFileNumber],
      ['vaFileNumber', '1234567890', PROFILE_MESSAGES.vaFileNumber],
      ['vaFileNumber', 'C12345678', PROFILE_MESSAGES.vaFileNumber],
    ] as const) {
      const res = await vet.put('/api/auth/profile', { name: 'Ida Ng', [field]: value });
      expectProblem(res, 400);
      expect({ value, errors: res.data.errors }).toEqual({ value, errors: [{ field, message }] });
    }
    expect((await app.system.store.readStream(`user-${id}`)).version).toBe(version);

    // Eight digits are a file number too; empty clears.
    expect((await vet.put('/api/auth/profile', { name: 'Ida Ng', vaFileNumber: '12345678' })).data.vaFileNumber).toBe('12345678');
    expect((await vet.put('/api/auth/profile', { name: 'Ida Ng', vaFileNumber: '', ssnLast4: '' })).data).toMatchObject({
      vaFileNumber: null,
      ssnLast4: null,
    });
  });

  it('takes an MOS from the Army pick list (the longest title too) or as free text', async () => {
    const vet = app.client();
    await vet.register('mos.vet@example.org', PASSWORD);
    const army = await loadMilitaryOccupations('army');
    expect(army.length).toBeGreaterThan(400);
    expect(await loadMilitaryOccupations('coast-guard')).toEqual([]);
    const longest = army.map(occupationLabel).reduce((a, b) => (b.length > a.length ? b : a));
    const res = await vet.put('/api/auth/profile', {
      name: 'Mo Vet',
      branchOfService: 'army',
      mos: longest,
      subMos: 'Unit armorer (not listed)',
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ mos: longest, subMos: 'Unit armorer (not listed)' });
  });

  it('erases them with the account: the key is gone and no table holds the file number', async () => {
    const vet = app.client();
    const { id } = await vet.register('erased.identity@example.org', PASSWORD);
    expect((await vet.put('/api/auth/profile', { name: 'Eli Ray', vaFileNumber: ERASED_FILE_NUMBER, ssnLast4: '0427' })).status).toBe(200);
    expect(await dumpDatabase(app.system.knex)).toContain(ERASED_FILE_NUMBER);
    const updated = (await app.system.store.readStream(`user-${id}`)).events.at(-1)!;

    expect((await vet.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(204);
    expect(await new PersonalDataVault(app.system.knex).open(id, (updated.data as { personal: SealedData }).personal)).toBeUndefined();
    expect(await app.system.knex('user_profiles').where({ user_id: id })).toHaveLength(0);
    expect(await dumpDatabase(app.system.knex)).not.toContain(ERASED_FILE_NUMBER);
  });
});

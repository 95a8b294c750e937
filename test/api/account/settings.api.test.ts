import { DEFAULT_PREFERENCES } from '@cc/contracts';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

describe('profile and preferences (PUT /api/auth/profile, GET/PUT /api/auth/preferences)', () => {
  let app: TestApp;
  let veteran: TestClient;
  let veteranId: string;

  beforeAll(async () => {
    app = await startTestApp({ notificationsWorker: false });
    veteran = app.client();
    veteranId = (await veteran.register('profile.vet@example.org', undefined, { firstName: 'Pat', lastName: 'Lee' })).id;
  });
  afterAll(async () => app.close());

  const fullProfile = {
    name: 'Patricia Ann Lee',
    email: 'profile.vet@example.org',
    phone: '+1 (919) 555-0100',
    bio: 'Served two tours; now working on a knee claim.',
    branchOfService: 'marines',
    yearsServed: 8,
    dischargeType: 'honorable',
    disabilityRating: 40,
    operationTheaters: ['Operation Iraqi Freedom (OIF)', 'Operation Enduring Freedom (OEF) – Afghanistan'],
    awards: ['Purple Heart', 'Bronze Star Medal'],
    devices: ['Bronze service star'],
    mos: '0311 Rifleman',
    subMos: '0331 Machine Gunner',
  };

  it('records the profile as an event and GET /api/auth/user shows it at once', async () => {
    const res = await veteran.put('/api/auth/profile', fullProfile);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ ...fullProfile, firstName: 'Patricia', lastName: 'Ann Lee', email: 'profile.vet@example.org' });
    const user = await veteran.get('/api/auth/user');
    expect(user.data).toMatchObject({ ...fullProfile, firstName: 'Patricia', lastName: 'Ann Lee' });

    const { events } = await app.system.store.readStream(`user-${veteranId}`);
    const updated = events.at(-1)!;
    expect(updated.type).toBe('UserProfileUpdated');
    expect(updated.metadata.userId).toBe(veteranId);
    // Personal fields are sealed: none of them is readable in the stored event. (The whole phone number:
    // a part of it, such as its digits alone, can turn up by chance in the user's id or the sealed text.)
    const stored = JSON.stringify(updated.data);
    for (const value of ['Patricia', fullProfile.phone, 'knee claim', 'Rifleman', 'Purple Heart', 'marines'])
      expect(stored).not.toContain(value);
  });

  it('clears optional fields with empty values, keeps what is left out, and records nothing for no change', async () => {
    const res = await veteran.put('/api/auth/profile', {
      name: 'Patricia Ann Lee',
      phone: '',
      disabilityRating: '',
      branchOfService: '',
      awards: [],
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      phone: null,
      disabilityRating: null,
      branchOfService: null,
      awards: [],
      yearsServed: 8,
      mos: '0311 Rifleman',
    });
    const before = (await app.system.store.readStream(`user-${veteranId}`)).version;
    expect((await veteran.put('/api/auth/profile', { name: 'Patricia Ann Lee', yearsServed: 8 })).status).toBe(200);
    expect((await app.system.store.readStream(`user-${veteranId}`)).version).toBe(before);
  });

  it('answers the spec messages: "Name is required" and "Invalid email address"', async () => {
    const noName = await veteran.put('/api/auth/profile', { name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.data.errors).toEqual([{ field: 'name', message: 'Name is required' }]);
    const missingName = await veteran.put('/api/auth/profile', { phone: '555' });
    expect(missingName.data.errors).toEqual([{ field: 'name', message: 'Name is required' }]);
    const badEmail = await veteran.put('/api/auth/profile', { name: 'Pat', email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.data.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
  });

  it('keeps the e-mail read-only: a changed address is 400 and nothing is recorded', async () => {
    const before = (await app.system.store.readStream(`user-${veteranId}`)).version;
    const res = await veteran.put('/api/auth/profile', { name: 'Pat', email: 'someone.else@example.org' });
    expect(res.status).toBe(400);
    expect(res.data.errors).toEqual([{ field: 'email', message: 'Email cannot be changed: it is linked to your VA account.' }]);
    expect((await veteran.put('/api/auth/profile', { name: 'Patricia Ann Lee', email: 'PROFILE.VET@example.org' })).status).toBe(200);
    expect((await app.system.store.readStream(`user-${veteranId}`)).version).toBe(before);
  });

  it.each([
    [{ branchOfService: 'army-reserve' }, 'branchOfService'],
    [{ yearsServed: 51 }, 'yearsServed'],
    [{ yearsServed: -1 }, 'yearsServed'],
    [{ yearsServed: 2.5 }, 'yearsServed'],
    [{ dischargeType: 'excellent' }, 'dischargeType'],
    [{ disabilityRating: 101 }, 'disabilityRating'],
    [{ disabilityRating: 'high' }, 'disabilityRating'],
    [{ operationTheaters: ['Battle of Hoth'] }, 'operationTheaters.0'],
    [{ awards: 'Purple Heart' }, 'awards'],
    [{ devices: ['Gold star sticker'] }, 'devices.0'],
    [{ phone: 'call me' }, 'phone'],
    [{ bio: 'a bio of 2,001 characters'.padEnd(2001, '.') }, 'bio'],
  ])('refuses %p with 400 naming %s', async (change, field) => {
    const res = await veteran.put('/api/auth/profile', { name: 'Pat', ...change });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.data.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('accepts the edges of the ranges', async () => {
    const res = await veteran.put('/api/auth/profile', {
      name: 'Pat Lee',
      yearsServed: '0',
      disabilityRating: 100,
      branchOfService: 'space-force',
      dischargeType: 'other-than-honorable',
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      yearsServed: 0,
      disabilityRating: 100,
      branchOfService: 'space-force',
      dischargeType: 'other-than-honorable',
    });
    expect((await veteran.put('/api/auth/profile', { name: 'Pat Lee', yearsServed: 50, disabilityRating: 0 })).data).toMatchObject({
      yearsServed: 50,
      disabilityRating: 0,
    });
  });

  it('needs a session', async () => {
    expect((await app.client().put('/api/auth/profile', { name: 'X' })).status).toBe(401);
    expect((await app.client().get('/api/auth/preferences')).status).toBe(401);
    expect((await app.client().put('/api/auth/preferences', { autoSave: false })).status).toBe(401);
  });

  it('answers the default preferences until something is saved', async () => {
    const res = await veteran.get('/api/auth/preferences');
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DEFAULT_PREFERENCES);
    expect(res.data).toMatchObject({ theme: null, autoSave: true, aiRecommendations: true });
    expect(Object.values(res.data.emailNotifications).every(Boolean)).toBe(true);
  });

  it('saves any part of the preferences, keeps the rest, and shows them in the next read', async () => {
    const res = await veteran.put('/api/auth/preferences', { theme: 'dark', emailNotifications: { 'claim-status': false } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      theme: 'dark',
      autoSave: true,
      emailNotifications: { 'claim-status': false, 'document-upload': true },
    });
    await veteran.put('/api/auth/preferences', { autoSave: false, inAppNotifications: { subscription: false } });
    const read = await veteran.get('/api/auth/preferences');
    expect(read.data).toMatchObject({
      theme: 'dark',
      autoSave: false,
      aiRecommendations: true,
      emailNotifications: { 'claim-status': false },
      inAppNotifications: { subscription: false, 'claim-status': true },
    });
    const { events } = await app.system.store.readStream(`preferences-${veteranId}`);
    expect(events.map((e) => e.type)).toEqual(['UserPreferencesChanged', 'UserPreferencesChanged']);
    expect(events[1]!.data).toMatchObject({ changed: ['autoSave', 'inAppNotifications.subscription'] });
    // Another user still has the defaults.
    const other = app.client();
    await other.register('other.prefs@example.org');
    expect((await other.get('/api/auth/preferences')).data).toEqual(DEFAULT_PREFERENCES);
  });

  it.each([
    [{ theme: 'purple' }, 'theme'],
    [{ autoSave: 'yes' }, 'autoSave'],
    [{ emailNotifications: { 'claim-status': 1 } }, 'emailNotifications.claim-status'],
    [{ emailNotifications: { 'password-reset': false } }, 'emailNotifications'],
    [{ colour: 'red' }, ''],
  ])('refuses preferences %j with 400', async (patch, field) => {
    const res = await veteran.put('/api/auth/preferences', patch);
    expect(res.status).toBe(400);
    if (field) expect(res.data.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

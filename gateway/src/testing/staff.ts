import type { MemberTierName } from '@cc/contracts';
import { startTestApp, type TestApp, type TestClient } from './testApp';

export const STAFF_PASSWORD = 'correct horse battery';

export interface StaffApp {
  app: TestApp;
  admin: TestClient & { id: string };
  adjudicator: TestClient & { id: string };
  support: TestClient & { id: string };
  /** A new signed-in account on the given tier (made by the administrator when not free). */
  member(email: string, tier?: MemberTierName, names?: { firstName?: string; lastName?: string }): Promise<TestClient & { id: string }>;
}

/**
 * The app with one administrator (ADMIN_PASSWORD, as in a deployment), an adjudicator and a support
 * agent made by the administrator, each signed in on its own client.
 */
export async function startStaffApp(options: Parameters<typeof startTestApp>[0] = {}, prefix = 'staff'): Promise<StaffApp> {
  const adminEmail = `${prefix}.admin@example.org`;
  const app = await startTestApp({ ...options, env: { ADMIN_EMAILS: adminEmail, ADMIN_PASSWORD: STAFF_PASSWORD, ...options.env } });
  const admin = app.client();
  const adminUser = await admin.signIn(adminEmail, STAFF_PASSWORD);
  const member = async (email: string, tier: MemberTierName = 'free', names: { firstName?: string; lastName?: string } = {}) => {
    const client = app.client();
    const user = await client.register(email, STAFF_PASSWORD, names);
    if (tier !== 'free') {
      const changed = await admin.put(`/api/users/${user.id}/tier`, { tierName: tier });
      if (changed.status !== 200) throw new Error(`tier change failed: ${changed.status} ${changed.text}`);
      const deadline = Date.now() + 10_000;
      while ((await client.get('/api/auth/user')).data?.memberTier !== tier) {
        if (Date.now() > deadline) throw new Error(`${email} never became ${tier}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return Object.assign(client, { id: user.id });
  };
  const adjudicator = await member(`${prefix}.adjudicator@example.org`, 'adjudicators', { firstName: 'Ada', lastName: 'Judge' });
  const support = await member(`${prefix}.support@example.org`, 'support', { firstName: 'Sam', lastName: 'Helper' });
  return { app, admin: Object.assign(admin, { id: adminUser.id }), adjudicator, support, member };
}

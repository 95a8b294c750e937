import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { userProfilesProjector } from './projector';
import { findUserProfile } from './queries';

describe('user profiles projection', () => {
  const spec = projectorSpec((vault) => [userProfilesProjector(vault)]);
  const project = (version = 1) => spec.project({ version });

  async function registerWithProfile(userId: string) {
    await spec.store.appendToStream(
      `user-${userId}`,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            memberTier: 'free',
            authMethod: 'password',
            personal: await spec.vault.seal(userId, { email: 'sam@example.org', firstName: 'Sam', lastName: 'Ortiz' }),
          },
        },
        {
          type: 'UserProfileUpdated',
          data: {
            userId,
            changedFields: ['branchOfService', 'awards', 'ssnLast4', 'yearsServed'],
            personal: await spec.vault.seal(userId, {
              branchOfService: 'navy',
              awards: ['Purple Heart'],
              ssnLast4: '1234',
              yearsServed: 8,
            }),
          },
        },
        { type: 'UserTierChanged', data: { userId, from: 'free', to: 'basic', reason: 'subscription' } },
      ],
      { expectedVersion: 0, metadata: { occurredAt: '2026-01-02T03:04:05.000Z' } },
    );
  }

  it('builds the profile from registration, profile updates and tier changes', async () => {
    const userId = randomUUID();
    await registerWithProfile(userId);
    await project();
    expect(await findUserProfile(spec.knex, userId)).toMatchObject({
      id: userId,
      email: 'sam@example.org',
      firstName: 'Sam',
      lastName: 'Ortiz',
      name: 'Sam Ortiz',
      branchOfService: 'navy',
      awards: ['Purple Heart'],
      ssnLast4: '1234',
      yearsServed: 8,
      memberTier: 'basic',
      memberTierData: { displayName: 'Basic' },
      roles: [],
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('rebuilds without the personal data once the key is erased (crypto-shredding), without failing', async () => {
    const userId = randomUUID();
    await registerWithProfile(userId);
    await spec.vault.erase(userId);
    await spec.knex('user_profiles').del();
    await project(2);
    const profile = await findUserProfile(spec.knex, userId);
    expect(profile).toMatchObject({ id: userId, email: '', firstName: null, ssnLast4: null, memberTier: 'basic' });
    expect(await spec.knex('subscription_dead_letters')).toHaveLength(0);
  });
});

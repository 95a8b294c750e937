import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { notificationsProjector } from './projector';

describe('notifications projector', () => {
  const spec = projectorSpec((vault) => [notificationsProjector(vault)]);
  const userId = randomUUID();
  const [first, second] = [randomUUID(), randomUUID()];
  const stream = `notifications-${userId}`;

  async function created(notificationId: string, title: string, occurredAt: string) {
    const content = await spec.vault.seal(userId, { title, body: `${title}: open the claim to see more.` });
    await spec.given(
      stream,
      [{ type: 'NotificationCreated', data: { notificationId, userId, kind: 'claim-status', content, link: '/claims' } }],
      { occurredAt },
    );
  }

  it('shows each notification opened, unread until it is read', async () => {
    await created(first, 'Claim approved', '2026-07-01T08:00:00.000Z');
    await created(second, 'Claim denied', '2026-07-02T08:00:00.000Z');
    await spec.given(stream, [{ type: 'NotificationRead', data: { userId, notificationId: first } }], {
      occurredAt: '2026-07-03T08:00:00.000Z',
    });
    await spec.thenRows(
      'notifications',
      [
        {
          id: first,
          user_id: userId,
          kind: 'claim-status',
          title: 'Claim approved',
          body: 'Claim approved: open the claim to see more.',
          link: '/claims',
          created_at: new Date('2026-07-01T08:00:00.000Z'),
          read_at: new Date('2026-07-03T08:00:00.000Z'),
        },
        { id: second, title: 'Claim denied', created_at: new Date('2026-07-02T08:00:00.000Z'), read_at: null },
      ],
      { orderBy: 'created_at' },
    );
  });

  it('marks every unread one read at once, keeping the time an earlier one was read', async () => {
    await created(first, 'Claim approved', '2026-07-01T08:00:00.000Z');
    await spec.given(stream, [{ type: 'NotificationRead', data: { userId, notificationId: first } }], {
      occurredAt: '2026-07-02T08:00:00.000Z',
    });
    await created(second, 'Claim denied', '2026-07-03T08:00:00.000Z');
    await spec.given(stream, [{ type: 'NotificationsAllRead', data: { userId } }], { occurredAt: '2026-07-04T08:00:00.000Z' });
    await spec.thenRows(
      'notifications',
      [
        { id: first, read_at: new Date('2026-07-02T08:00:00.000Z') },
        { id: second, read_at: new Date('2026-07-04T08:00:00.000Z') },
      ],
      { orderBy: 'created_at' },
    );
  });

  it('makes no row for a notification whose key is gone', async () => {
    await created(first, 'Claim approved', '2026-07-01T08:00:00.000Z');
    await spec.vault.erase(userId);
    await spec.thenRows('notifications', []);
  });

  it("drops the user's rows when the account is erased", async () => {
    await created(first, 'Claim approved', '2026-07-01T08:00:00.000Z');
    await spec.thenRows('notifications', [{ id: first }]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-07-02T00:00:00.000Z' } }]);
    await spec.thenRows('notifications', []);
  });
});

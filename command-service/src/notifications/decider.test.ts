import type { SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { notificationsDecider, type NotificationEvent } from './decider';

const content: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const created = (n: number): NotificationEvent => ({
  type: 'NotificationCreated',
  data: { notificationId: `n${n}`, userId: 'u1', kind: 'claim-status', content, link: '/claims' },
});
const { given } = deciderSpec(notificationsDecider);

describe('notifications decider', () => {
  it('creates notifications', () => {
    const event = created(1);
    if (event.type !== 'NotificationCreated') throw new Error('unreachable');
    given().when({ type: 'CreateNotification', data: event.data }).then([event]);
  });

  it('marks one read, and refuses for a user who never had one', () => {
    const read = { type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1' } } as const;
    given(created(1))
      .when(read)
      .then([{ type: 'NotificationRead', data: read.data }]);
    given().when(read).thenFails('not-found');
  });

  it('marks all read only when something may be unread', () => {
    const all = { type: 'MarkAllNotificationsRead', data: { userId: 'u1' } } as const;
    given(created(1), created(2))
      .when(all)
      .then([{ type: 'NotificationsAllRead', data: { userId: 'u1' } }]);
    given(created(1), { type: 'NotificationsAllRead', data: { userId: 'u1' } })
      .when(all)
      .then([]);
    given().when(all).then([]);
  });
});

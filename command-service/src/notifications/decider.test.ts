import type { SealedData } from '@cc/contracts';
import { DomainError } from '@cc/platform';
import { notificationsDecider, type NotificationEvent } from './decider';

const content: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const created = (n: number): NotificationEvent => ({
  type: 'NotificationCreated',
  data: { notificationId: `n${n}`, userId: 'u1', kind: 'claim-status', content, link: '/claims' },
});
const fold = (history: NotificationEvent[]) => history.reduce(notificationsDecider.evolve, notificationsDecider.initialState());

describe('notifications decider', () => {
  it('creates notifications', () => {
    const event = created(1);
    if (event.type !== 'NotificationCreated') throw new Error('unreachable');
    expect(notificationsDecider.decide({ type: 'CreateNotification', data: event.data }, fold([]))).toEqual([event]);
  });

  it('marks one read, and refuses for a user who never had one', () => {
    const read = { type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1' } } as const;
    expect(notificationsDecider.decide(read, fold([created(1)]))).toEqual([{ type: 'NotificationRead', data: read.data }]);
    expect(() => notificationsDecider.decide(read, fold([]))).toThrow(DomainError);
  });

  it('marks all read only when something may be unread', () => {
    const all = { type: 'MarkAllNotificationsRead', data: { userId: 'u1' } } as const;
    expect(notificationsDecider.decide(all, fold([created(1), created(2)]))).toEqual([{ type: 'NotificationsAllRead', data: { userId: 'u1' } }]);
    expect(notificationsDecider.decide(all, fold([created(1), { type: 'NotificationsAllRead', data: { userId: 'u1' } }]))).toEqual([]);
    expect(notificationsDecider.decide(all, fold([]))).toEqual([]);
  });
});

import { SUPPORT_MESSAGES, type SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { supportRequestDecider, type SupportRequestEvent } from './decider';

const content: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const opened: SupportRequestEvent = {
  type: 'SupportRequestOpened',
  data: {
    requestId: 'r1',
    userId: 'vet',
    messageId: 'm1',
    content,
    claimId: null,
    tier: 'basic',
    prioritySupport: true,
    openedAt: '2026-11-01T10:00:00.000Z',
  },
};
const closed: SupportRequestEvent = {
  type: 'SupportRequestClosed',
  data: { requestId: 'r1', userId: 'vet', closedBy: 'support', actorId: 'agent' },
};
const reply = (actorId: string, as: 'veteran' | 'support') =>
  ({ type: 'ReplyToSupportRequest', data: { actorId, as, requestId: 'r1', messageId: 'm2', content } }) as const;
const { given } = deciderSpec(supportRequestDecider);

describe('support request decider', () => {
  it('opens a request in the veteran’s name, once', () => {
    const { userId: _userId, ...data } = opened.data as Extract<SupportRequestEvent, { type: 'SupportRequestOpened' }>['data'];
    given()
      .when({ type: 'OpenSupportRequest', data: { ...data, actorId: 'vet' } })
      .then([opened]);
    given(opened)
      .when({ type: 'OpenSupportRequest', data: { ...data, actorId: 'vet' } })
      .thenFails('conflict');
  });

  it('takes replies from its veteran and from support, naming the author and keeping the owner', () => {
    given(opened)
      .when(reply('agent', 'support'))
      .then([
        {
          type: 'SupportRequestReplied',
          data: { requestId: 'r1', userId: 'vet', messageId: 'm2', author: 'support', authorId: 'agent', content },
        },
      ]);
    given(opened).when(reply('vet', 'veteran')).thenTypes(['SupportRequestReplied']);
  });

  it('answers another veteran, and a request that does not exist, with not-found', () => {
    given(opened).when(reply('someone-else', 'veteran')).thenFails('not-found', SUPPORT_MESSAGES.requestNotFound);
    given().when(reply('agent', 'support')).thenFails('not-found', SUPPORT_MESSAGES.requestNotFound);
    given(opened)
      .when({ type: 'CloseSupportRequest', data: { actorId: 'someone-else', as: 'veteran', requestId: 'r1' } })
      .thenFails('not-found');
  });

  it('refuses a reply once closed, and closing twice changes nothing', () => {
    given(opened, closed).when(reply('vet', 'veteran')).thenFails('conflict', SUPPORT_MESSAGES.closed);
    given(opened, closed)
      .when({ type: 'CloseSupportRequest', data: { actorId: 'agent', as: 'support', requestId: 'r1' } })
      .then([]);
    given(opened)
      .when({ type: 'CloseSupportRequest', data: { actorId: 'vet', as: 'veteran', requestId: 'r1' } })
      .then([{ type: 'SupportRequestClosed', data: { requestId: 'r1', userId: 'vet', closedBy: 'veteran', actorId: 'vet' } }]);
  });
});

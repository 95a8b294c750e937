import type { SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { chatDecider, type ChatCommand, type ChatEvent } from './decider';

const sealed = (tag: string): SealedData => ({ alg: 'A256GCM', iv: 'aXY=', tag, data: 'ZGF0YQ==' });
const OWNER = 'owner-1';
const OTHER = 'other-2';
const S = 's1';

const started: ChatEvent = {
  type: 'ChatSessionStarted',
  data: { sessionId: S, userId: OWNER, title: sealed('new'), origin: 'chat', startedAt: '2026-01-05T10:00:00.000Z' },
};
const asked = (questionId: string, answerId = `a-${questionId}`): ChatEvent => ({
  type: 'ChatQuestionAsked',
  data: { sessionId: S, userId: OWNER, questionId, answerId, content: sealed(questionId), askedAt: '2026-01-05T10:01:00.000Z' },
});
const autoNamed: ChatEvent = {
  type: 'ChatSessionRenamed',
  data: { sessionId: S, userId: OWNER, title: sealed('auto'), by: 'first-question' },
};
const renamed: ChatEvent = { type: 'ChatSessionRenamed', data: { sessionId: S, userId: OWNER, title: sealed('mine'), by: 'user' } };
const deleted: ChatEvent = { type: 'ChatSessionDeleted', data: { sessionId: S, userId: OWNER } };
const engine = { name: 'offline', model: 'claims-copilot-kb' };
const completed = (questionId: string, answerId = `a-${questionId}`): ChatEvent => ({
  type: 'ChatAnswerCompleted',
  data: { sessionId: S, userId: OWNER, questionId, answerId, content: sealed('answer'), engine, citations: sealed('cites') },
});
const failed = (questionId: string, answerId = `a-${questionId}`): ChatEvent => ({
  type: 'ChatAnswerFailed',
  data: { sessionId: S, userId: OWNER, questionId, answerId, reason: 'engine-failed' },
});

const ask = (questionId: string, actorId = OWNER): ChatCommand => ({
  type: 'AskChatQuestion',
  data: {
    actorId,
    sessionId: S,
    questionId,
    answerId: `a-${questionId}`,
    content: sealed(questionId),
    askedAt: '2026-01-05T10:01:00.000Z',
    autoTitle: sealed('auto'),
  },
});
const complete = (questionId: string, actorId = OWNER, answerId = `a-${questionId}`): ChatCommand => ({
  type: 'CompleteChatAnswer',
  data: { actorId, sessionId: S, questionId, answerId, content: sealed('answer'), engine, citations: sealed('cites') },
});
const fail = (questionId: string, actorId = OWNER): ChatCommand => ({
  type: 'FailChatAnswer',
  data: { actorId, sessionId: S, questionId, answerId: `a-${questionId}`, reason: 'engine-failed' },
});

const { given } = deciderSpec(chatDecider);

describe('chat session decider', () => {
  it('starts a session for the actor, once', () => {
    const { userId: _u, ...data } = started.data;
    given()
      .when({ type: 'StartChatSession', data: { ...data, actorId: OWNER } })
      .then([started]);
    given(started)
      .when({ type: 'StartChatSession', data: { ...data, actorId: OWNER } })
      .thenFails('conflict');
  });

  it('names the session after its first question, and only the first', () => {
    given(started)
      .when(ask('q1'))
      .then([asked('q1'), autoNamed]);
    given(started, asked('q1'), autoNamed, completed('q1'))
      .when(ask('q2'))
      .then([asked('q2')]);
  });

  it('keeps a title the user gave before the first question', () => {
    given(started, renamed)
      .when(ask('q1'))
      .then([asked('q1')]);
  });

  it('renames and deletes for the owner', () => {
    given(started)
      .when({ type: 'RenameChatSession', data: { actorId: OWNER, sessionId: S, title: sealed('mine') } })
      .then([renamed]);
    given(started)
      .when({ type: 'DeleteChatSession', data: { actorId: OWNER, sessionId: S } })
      .then([deleted]);
  });

  it("answers someone else's session, an unknown one or a deleted one as not found, for every command", () => {
    const others: ChatCommand[] = [
      { type: 'RenameChatSession', data: { actorId: OTHER, sessionId: S, title: sealed('x') } },
      { type: 'DeleteChatSession', data: { actorId: OTHER, sessionId: S } },
      ask('q1', OTHER),
      complete('q1', OTHER),
      fail('q1', OTHER),
    ];
    for (const command of others) given(started, asked('q1')).when(command).thenFails('not-found');
    given().when(ask('q1')).thenFails('not-found');
    given(started, deleted).when(ask('q1')).thenFails('not-found');
    given(started, deleted)
      .when({ type: 'DeleteChatSession', data: { actorId: OWNER, sessionId: S } })
      .thenFails('not-found');
  });

  it('completes a waiting question once; a repeated or unknown answer changes nothing', () => {
    given(started, asked('q1'))
      .when(complete('q1'))
      .then([completed('q1')]);
    given(started, asked('q1'), completed('q1')).when(complete('q1')).then([]);
    given(started, asked('q1'))
      .when(complete('q1', OWNER, 'someone-else'))
      .then([]);
    given(started).when(complete('q9')).then([]);
  });

  it('records a failed answer once, and not after the answer completed', () => {
    given(started, asked('q1'))
      .when(fail('q1'))
      .then([failed('q1')]);
    given(started, asked('q1'), failed('q1')).when(fail('q1')).then([]);
    given(started, asked('q1'), completed('q1')).when(fail('q1')).then([]);
  });

  it('lets a failure be recorded in a session deleted while the answer was written', () => {
    given(started, asked('q1'), deleted)
      .when(fail('q1'))
      .then([failed('q1')]);
    given(started, asked('q1'), deleted).when(complete('q1')).thenFails('not-found');
  });
});

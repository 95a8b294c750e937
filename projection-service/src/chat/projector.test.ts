import { randomUUID } from 'node:crypto';
import { ERASED } from '../claims/sealed';
import { projectorSpec } from '../testing/projectorSpec';
import { chatProjector, chatUsageProjector } from './projector';

describe('chat projector', () => {
  const spec = projectorSpec((vault) => [chatProjector(vault)]);
  const userId = randomUUID();
  const sessionId = randomUUID();
  const [q1, a1, q2, a2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const stream = `chat-${sessionId}`;
  const engine = { name: 'offline', model: 'claims-copilot-kb' };
  const citation = { kind: 'regulation', label: '38 CFR 4.25', url: 'https://www.ecfr.gov/current/title-38/section-4.25' };

  const started = async () => ({
    type: 'ChatSessionStarted',
    data: {
      sessionId,
      userId,
      title: await spec.vault.seal(userId, { title: 'New Chat' }),
      origin: 'chat',
      startedAt: '2026-08-01T10:00:00.000Z',
    },
  });
  const asked = async (questionId: string, answerId: string, content: string, askedAt: string) => ({
    type: 'ChatQuestionAsked',
    data: { sessionId, userId, questionId, answerId, content: await spec.vault.seal(userId, { content }), askedAt },
  });
  const completed = async (questionId: string, answerId: string, content: string) => ({
    type: 'ChatAnswerCompleted',
    data: {
      sessionId,
      userId,
      questionId,
      answerId,
      content: await spec.vault.seal(userId, { content }),
      engine,
      citations: await spec.vault.seal(userId, [citation]),
    },
  });

  it('opens the session and its questions and answers, and moves the session on with them', async () => {
    await spec.given(stream, [await started()], { occurredAt: '2026-08-01T10:00:00.000Z' });
    await spec.given(stream, [await asked(q1, a1, 'How is tinnitus rated?', '2026-08-01T10:01:00.000Z')], {
      occurredAt: '2026-08-01T10:01:00.000Z',
    });
    await spec.given(stream, [await completed(q1, a1, 'Tinnitus is rated at 10 percent.')], { occurredAt: '2026-08-01T10:02:00.000Z' });
    await spec.given(
      stream,
      [
        {
          type: 'ChatSessionRenamed',
          data: { sessionId, userId, title: await spec.vault.seal(userId, { title: 'Tinnitus' }), by: 'user' },
        },
      ],
      {
        occurredAt: '2026-08-01T11:00:00.000Z',
      },
    );
    await spec.thenRows('chat_sessions', [
      {
        session_id: sessionId,
        user_id: userId,
        title: 'Tinnitus',
        origin: 'chat',
        created_at: new Date('2026-08-01T10:00:00.000Z'),
        updated_at: new Date('2026-08-01T10:02:00.000Z'),
      },
    ]);
    await spec.thenRows(
      'chat_messages',
      [
        {
          message_id: q1,
          session_id: sessionId,
          user_id: userId,
          role: 'user',
          content: 'How is tinnitus rated?',
          question_id: q1,
          citations: [],
          engine: null,
          failed: false,
          created_at: new Date('2026-08-01T10:01:00.000Z'),
        },
        {
          message_id: a1,
          role: 'assistant',
          content: 'Tinnitus is rated at 10 percent.',
          question_id: q1,
          citations: [citation],
          engine,
          failed: false,
          created_at: new Date('2026-08-01T10:02:00.000Z'),
        },
      ],
      { orderBy: ['position_tx', 'position_seq'] },
    );
  });

  it('hides a question whose answer failed', async () => {
    await spec.given(stream, [await started(), await asked(q1, a1, 'First?', '2026-08-01T10:01:00.000Z')]);
    await spec.given(stream, [
      { type: 'ChatAnswerFailed', data: { sessionId, userId, questionId: q1, answerId: a1, reason: 'engine-failed' } },
    ]);
    await spec.thenRows('chat_messages', [{ message_id: q1, failed: true }]);
  });

  it('takes a deleted session away with its messages', async () => {
    await spec.given(stream, [
      await started(),
      await asked(q1, a1, 'First?', '2026-08-01T10:01:00.000Z'),
      await completed(q1, a1, 'An answer.'),
    ]);
    await spec.thenRows('chat_messages', [{ message_id: q1 }, { message_id: a1 }], { orderBy: ['position_tx', 'position_seq'] });
    await spec.given(stream, [{ type: 'ChatSessionDeleted', data: { sessionId, userId } }]);
    await spec.thenRows('chat_sessions', []);
    await spec.thenRows('chat_messages', []);
  });

  it('shows a neutral marker for texts whose key is erased, and drops everything when the account is erased', async () => {
    await spec.given(stream, [await started(), await asked(q2, a2, 'Second?', '2026-08-01T10:01:00.000Z')]);
    await spec.vault.erase(userId);
    await spec.thenRows('chat_sessions', [{ session_id: sessionId, title: ERASED }]);
    await spec.thenRows('chat_messages', [{ message_id: q2, content: ERASED }]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-08-02T00:00:00.000Z' } }]);
    await spec.thenRows('chat_sessions', []);
    await spec.thenRows('chat_messages', []);
  });
});

describe('chat usage projector', () => {
  const spec = projectorSpec(() => [chatUsageProjector()]);
  const userId = randomUUID();
  const counted = (questionId: string, month: string) => ({
    type: 'UserChatQuestionCounted',
    data: { userId, questionId, sessionId: null, month },
  });
  const refunded = (questionId: string, month: string) => ({ type: 'UserChatQuestionRefunded', data: { userId, questionId, month } });

  it("counts each month's questions, less the ones given back, never below zero", async () => {
    await spec.given(`user-${userId}`, [
      counted('q1', '2026-10'),
      counted('q2', '2026-10'),
      counted('q3', '2026-11'),
      refunded('q2', '2026-10'),
    ]);
    await spec.given(`user-${userId}`, [refunded('q0', '2026-09'), refunded('q5', '2026-09')]);
    await spec.thenRows(
      'chat_question_usage',
      [
        { user_id: userId, month: '2026-09', used: 0 },
        { user_id: userId, month: '2026-10', used: 1 },
        { user_id: userId, month: '2026-11', used: 1 },
      ],
      { orderBy: 'month' },
    );
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-11-02T00:00:00.000Z' } }]);
    await spec.thenRows('chat_question_usage', []);
  });
});

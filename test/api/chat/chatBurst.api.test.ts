import { streams } from '@cc/contracts';
import { createOfflineChatEngine, type ChatEngine } from '@cc/ai-worker';
import { postStream } from '@cc/gateway/testing/sseClient';
import { userRateLimitsFrom } from '@cc/gateway/limits';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

jest.setTimeout(120_000);

const QUESTIONS = [
  'What is the deadline for a Higher-Level Review?',
  'Which form do I use for a buddy statement?',
  'What secondary conditions can I claim for a knee injury?',
  'What is an Intent to File?',
  'How is a combined rating calculated?',
  'What is a nexus letter?',
  'What happens at a C&P exam?',
  'Can I claim tinnitus?',
  'What is a Supplemental Claim?',
  'How long do I have to appeal to the Board?',
];

type Message = { id: string; role: 'user' | 'assistant'; content: string; createdAt: string };

/**
 * The offline engine, streaming in small pieces. `together(n)` makes the next n answers end only
 * once all n are written, as a hosted model answering questions sent together in about the same
 * time would: their answers are then recorded on the session at the same moment.
 */
function chatEngine() {
  const offline = createOfflineChatEngine({ chunkDelayMs: 5 });
  let group: { size: number; arrived: number; written: number; all: Promise<void>; open: () => void } | undefined;
  const engine: ChatEngine = {
    name: offline.name,
    model: offline.model,
    async answer(request, options) {
      const mine = group;
      if (mine && ++mine.arrived === mine.size) group = undefined;
      const answer = await offline.answer(request, options);
      if (mine) {
        if (++mine.written === mine.size) mine.open();
        await mine.all;
      }
      return answer;
    },
  };
  const together = (size: number) => {
    let open = () => undefined as void;
    const all = new Promise<void>((resolve) => (open = resolve));
    // A question that never reaches the engine (refused) must not hold the others for ever.
    const fallback = setTimeout(open, 10_000);
    group = { size, arrived: 0, written: 0, all: all.then(() => clearTimeout(fallback)), open };
  };
  return { engine, together };
}

/**
 * Several messages sent at once by one veteran (two tabs, a double Enter, a script): each is
 * answered and recorded in the one session, the month's questions are counted once each, and a
 * burst far beyond what a person sends is refused 429 with Retry-After — with the app's defaults.
 */
describe('chat messages sent at once', () => {
  let app: TestApp;
  let admin: TestClient;
  const { engine, together } = chatEngine();

  beforeAll(async () => {
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'burst.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      analysis: { chatEngine: engine },
    });
    admin = app.client();
    await admin.signIn('burst.admin@example.org');
  });
  afterAll(async () => app?.close());

  const sessionEvents = async (sessionId: string) =>
    (await app.system.store.readStream(streams.chatSession(sessionId))).events.map((e) => e.type);
  const userEvents = async (userId: string) => (await app.system.store.readStream(streams.user(userId))).events.map((e) => e.type);

  /** Every question is followed (later in the list, which is oldest first) by its own answer. */
  const expectAnsweredInOrder = (messages: Message[], answers: { questionId: string; answerId: string }[]) => {
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const index = new Map(messages.map((m, i) => [m.id, i]));
    for (const { questionId, answerId } of answers) {
      expect(messages[index.get(questionId)!]!.role).toBe('user');
      expect(messages[index.get(answerId)!]!.role).toBe('assistant');
      expect(index.get(answerId)!).toBeGreaterThan(index.get(questionId)!);
    }
  };

  it('answers and records ten messages sent at once into one session, and counts each question once', async () => {
    const vet = app.client();
    const userId = (await vet.register('burst.free@example.org')).id;
    const session = (await vet.post('/api/ai-chat/sessions')).data as { id: string };

    together(QUESTIONS.length);
    const results = await Promise.all(
      QUESTIONS.map((content) => postStream(app.baseUrl, vet, `/api/ai-chat/sessions/${session.id}/messages/stream`, { content })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const done = results.map((r) => r.events.at(-1)!);
    expect(done.map((e) => e.type)).toEqual(Array(10).fill('done'));

    const types = await sessionEvents(session.id);
    expect(types.filter((t) => t === 'ChatQuestionAsked')).toHaveLength(10);
    expect(types.filter((t) => t === 'ChatAnswerCompleted')).toHaveLength(10);
    expect(types).not.toContain('ChatAnswerFailed');

    const messages = (await vet.get(`/api/ai-chat/sessions/${session.id}/messages`)).data as Message[];
    expect(messages).toHaveLength(20);
    expect(
      messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .sort(),
    ).toEqual([...QUESTIONS].sort());
    expectAnsweredInOrder(
      messages,
      done.map((e) => e as { questionId: string; messageId: string }).map((e) => ({ questionId: e.questionId, answerId: e.messageId })),
    );

    // The Free plan's ten questions, each counted once and none given back.
    expect((await vet.get('/api/ai-chat/usage')).data).toMatchObject({ used: 10, limit: 10, remaining: 0 });
    const counted = await userEvents(userId);
    expect(counted.filter((t) => t === 'UserChatQuestionCounted')).toHaveLength(10);
    expect(counted).not.toContain('UserChatQuestionRefunded');
  });

  it('cuts a burst of a hundred messages from one user with 429 and Retry-After, well before the hundredth', async () => {
    const vet = app.client();
    const user = await vet.register('burst.pro@example.org');
    await grantTier(admin, vet, user.id, 'pro');
    const session = (await vet.post('/api/ai-chat/sessions')).data as { id: string };

    const sentAt = Date.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postStream(app.baseUrl, vet, `/api/ai-chat/sessions/${session.id}/messages/stream`, { content: `${QUESTIONS[i % 10]} (${i})` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const answered = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    const { chat: perMinute, chatBurst } = userRateLimitsFrom({});
    expect(answered.length).toBeGreaterThanOrEqual(chatBurst);
    // The burst at once, then one every 60/perMinute s for as long as the hundred took to arrive
    // (a second or two here; longer on a loaded machine): far fewer than a hundred.
    const arrivingSeconds = (Math.max(...results.map((r) => r.receivedAt)) - sentAt) / 1000;
    expect(answered.length).toBeLessThanOrEqual(chatBurst + Math.ceil((arrivingSeconds * perMinute) / 60));
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect(result.contentType).toMatch(/^application\/problem\+json/);
      expect(result.problem).toMatchObject({
        status: 429,
        retryAfter: expect.any(Number),
        detail: expect.stringMatching(/^You have sent too many chat messages in a short time\./),
      });
      expect(result.problem.retryAfter).toBeGreaterThanOrEqual(1);
      expect(result.headers.get('retry-after')).toBe(String(result.problem.retryAfter));
    }
    // Every message let through is answered and recorded; nothing is recorded for a refused one.
    expect(answered.map((r) => r.events.at(-1)!.type)).toEqual(answered.map(() => 'done'));
    const types = await sessionEvents(session.id);
    expect(types.filter((t) => t === 'ChatQuestionAsked')).toHaveLength(answered.length);
    expect(types.filter((t) => t === 'ChatAnswerCompleted')).toHaveLength(answered.length);
  });
});

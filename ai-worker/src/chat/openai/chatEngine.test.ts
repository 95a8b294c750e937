import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { TWO_APPROVED_CLAIMS } from '../../testing/veteranFile';
import { answerQuestion } from '../answer';
import { ChatEngineError, type ChatRequest } from '../types';
import { chatEngineFromEnv, createOpenAiChatEngine, type OpenAiChatEngineOptions } from './chatEngine';

/**
 * A real OpenAI-compatible streaming server on 127.0.0.1 (`POST /v1/chat/completions` with
 * `stream: true` answers `text/event-stream` chunks, as OpenAI, Ollama and llama.cpp do). It
 * records each request and answers with the current test's `reply`.
 */
interface Recorded {
  headers: http.IncomingHttpHeaders;
  body: any;
  closed: Promise<void>;
}
type Reply = (req: Recorded, res: http.ServerResponse, n: number) => void;

let server: http.Server;
let baseUrl: string;
let requests: Recorded[] = [];
let reply: Reply;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
      const rec: Recorded = { headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), closed };
      requests.push(rec);
      reply(rec, res, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  reply = (_req, res) => json(res, 500, { error: { message: 'no reply configured' } });
});

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Chunks as OpenAI streams them, then `data: [DONE]`. */
function sse(res: http.ServerResponse, deltas: Record<string, unknown>[], finish = 'stop', opts: { done?: boolean; end?: boolean } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const delta of deltas)
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
    );
  if (opts.end === false) return;
  res.write(
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }] })}\n\n`,
  );
  if (opts.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

const words = (text: string) => text.match(/\s*\S+/g)!.map((content) => ({ content }));

const request = (question: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  question,
  history: [],
  file: TWO_APPROVED_CLAIMS,
  now: new Date('2026-01-15T00:00:00Z'),
  ...extra,
});
const engine = (opts: Partial<OpenAiChatEngineOptions> = {}) =>
  createOpenAiChatEngine({ apiKey: 'sk-test', model: 'gpt-test', baseUrl, retryBaseDelayMs: 1, ...opts });
const run = (
  e = engine(),
  req = request('How long do I have to request a Higher-Level Review?'),
  signal = new AbortController().signal,
) => {
  const deltas: string[] = [];
  return e.answer(req, { signal, onDelta: (t) => deltas.push(t) }).then((answer) => ({ ...answer, deltas }));
};
const failure = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatEngineError);
  return error as ChatEngineError;
};

describe('OpenAI-compatible chat engine: streaming', () => {
  it('streams the answer as it comes, grounded in the passages it was given and citing the one it used', async () => {
    reply = (_req, res) => sse(res, words('You have 1 year from the date on your decision letter [S1]. Your claim 2025-001 is approved.'));
    const answer = await run();
    expect(answer.deltas.length).toBeGreaterThan(5);
    expect(answer.deltas.join('')).toBe(answer.body);
    expect(answer.body).toContain('1 year');
    expect(answer.citations.map((c) => c.label)).toEqual(expect.arrayContaining(['VA Form 20-0996', '38 CFR 3.2601', 'Claim 2025-001']));

    const [req] = requests;
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.body).toMatchObject({ model: 'gpt-test', stream: true, tool_choice: 'auto' });
    expect(req!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'combined_rating',
      'deadline',
      'secondary_conditions',
      'which_form',
    ]);
    const system = req!.body.messages[0].content as string;
    expect(system).toContain('You are an AI, not a person');
    expect(system).toContain('[S1] Higher-Level Review (HLR)');
    expect(system).toContain('[Claim 2025-001] PTSD');
    expect(req!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How long do I have to request a Higher-Level Review?' });
  });

  it('calls a tool, sends its result back, and cites what the tool used', async () => {
    reply = (req, res, n) => {
      if (n === 1) {
        // The arguments arrive in pieces, as OpenAI streams them.
        sse(
          res,
          [
            { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'combined_rating', arguments: '{"useMy' } }] },
            { tool_calls: [{ index: 0, function: { arguments: 'Claims": true}' } }] },
          ],
          'tool_calls',
        );
        return;
      }
      const toolMessage = req.body.messages.find((m: { role: string }) => m.role === 'tool');
      const rating = JSON.parse(toolMessage.content).result.rating;
      sse(res, words(`Your combined rating is ${rating}%.`));
    };
    const answer = await run(engine(), request('What is my combined rating?'));
    expect(answer.body).toBe('Your combined rating is 70%.');
    expect(requests).toHaveLength(2);
    const second = requests[1]!.body.messages;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_1', function: { name: 'combined_rating', arguments: '{"useMyClaims": true}' } }],
    });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse(second.at(-1).content).result).toMatchObject({
      rating: 70,
      value: 65,
      steps: [
        { kind: 'combine', from: 50, add: 30, to: 65 },
        { kind: 'round', from: 65, to: 70 },
      ],
    });
    expect(answer.citations.map((c) => c.label)).toEqual(expect.arrayContaining(['38 CFR 4.25', 'Claim 2025-001', 'Claim 2025-002']));
  });

  it('tells the model when its tool arguments are unusable, and carries on', async () => {
    reply = (req, res, n) =>
      n === 1
        ? sse(res, [{ tool_calls: [{ index: 0, id: 'x', function: { name: 'deadline', arguments: '{"kind":"someday"}' } }] }], 'tool_calls')
        : sse(res, words(JSON.parse(req.body.messages.at(-1).content).error ? 'I could not work out that date.' : 'ok'));
    expect((await run()).body).toBe('I could not work out that date.');
  });

  it('answers with the crisis line first whatever the model says, and tells the model', async () => {
    reply = (_req, res) => sse(res, words('I am sorry you are going through this.'));
    const deltas: string[] = [];
    const answer = await answerQuestion(engine(), request('I want to kill myself'), {
      signal: new AbortController().signal,
      onDelta: (t) => deltas.push(t),
    });
    expect(answer.content.startsWith('**If you are thinking about suicide')).toBe(true);
    expect(answer.content).toContain('dial 988 then press 1');
    expect(answer.content).toContain('I am sorry you are going through this.');
    expect(deltas.join('')).toBe(answer.content);
    expect(answer.engine).toEqual({ name: 'openai', model: 'gpt-test' });
    expect(requests[0]!.body.messages[0].content).toContain('has already been shown above your answer');
  });
});

describe('OpenAI-compatible chat engine: retries, timeouts, stopping', () => {
  it('retries 429 (honouring Retry-After) and 5xx before anything streamed', async () => {
    reply = (_req, res, n) =>
      n === 1
        ? json(res, 429, { error: {} }, { 'retry-after': '0' })
        : n === 2
          ? json(res, 503, { error: {} })
          : sse(res, words('Answer.'));
    expect((await run(engine({ retryBaseDelayMs: 1 }))).body).toBe('Answer.');
    expect(requests).toHaveLength(3);
  });

  it('gives up after maxRetries + 1 attempts, and does not retry a refused key', async () => {
    reply = (_req, res) => json(res, 500, { error: {} });
    const unavailable = await failure(run(engine({ maxRetries: 2 })));
    expect([unavailable.reason, requests.length]).toEqual(['unavailable', 3]);
    requests = [];
    reply = (_req, res) => json(res, 401, { error: { code: 'invalid_api_key' } });
    const refused = await failure(run());
    expect([refused.reason, refused.message, requests.length]).toEqual([
      'unauthorized',
      'The AI service refused the request (check OPENAI_API_KEY)',
      1,
    ]);
  });

  it('times out a server that never answers', async () => {
    reply = () => undefined;
    const started = Date.now();
    const error = await failure(run(engine({ timeoutMs: 200, maxRetries: 0 })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('fails a stream that goes silent half way, without retrying what was already shown', async () => {
    reply = (_req, res) => sse(res, words('Half an'), 'stop', { end: false });
    const deltas: string[] = [];
    const error = await failure(
      engine({ timeoutMs: 300 }).answer(request('x'), { signal: new AbortController().signal, onDelta: (t) => deltas.push(t) }),
    );
    expect(error.reason).toBe('timeout');
    expect(error.retryable).toBe(false);
    expect(deltas.join('')).toBe('Half an');
    expect(requests).toHaveLength(1);
  });

  it('stops the request to the server when the client goes away', async () => {
    reply = (_req, res) => sse(res, words('This answer never'), 'stop', { end: false });
    const controller = new AbortController();
    const pending = engine().answer(request('x'), { signal: controller.signal, onDelta: () => controller.abort() });
    const error = await failure(pending);
    expect(error.reason).toBe('cancelled');
    await requests[0]!.closed; // the server saw the connection close
  });

  it('refuses an empty answer', async () => {
    reply = (_req, res) => sse(res, []);
    expect((await failure(run())).reason).toBe('invalid-answer');
  });

  it('is configured by OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL', async () => {
    expect(chatEngineFromEnv({})).toBeUndefined();
    expect(chatEngineFromEnv({ OPENAI_API_KEY: 'sk-x' })?.model).toBe('gpt-4o-mini');
    reply = (_req, res) => sse(res, words('Hi.'));
    const e = chatEngineFromEnv({ OPENAI_API_KEY: 'sk-env', OPENAI_MODEL: 'llama3', OPENAI_BASE_URL: `${baseUrl}/` })!;
    expect((await run(e)).body).toBe('Hi.');
    expect(requests[0]!.body.model).toBe('llama3');
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-env');
  });
});

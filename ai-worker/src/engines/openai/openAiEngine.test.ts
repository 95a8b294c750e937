import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { ANALYSIS_SECTIONS, ANALYSIS_TYPE_LABELS, ANALYSIS_TYPES, type AnalysisType } from '@cc/contracts';
import { parseRetryAfter } from '../../openai/client';
import { analyzeOffline } from '../offline/engine';
import { AnalysisFailedError, createOpenAiEngine, fromEnv, responseJsonSchemaFor, type OpenAiEngineOptions } from './openAiEngine';
import { systemPromptFor } from './prompts';

/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1: it records every request and answers with
 * whatever the current test's `reply` does.
 */
interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
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
      const raw = Buffer.concat(chunks).toString('utf8');
      const rec: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
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
  reply = (_req, res) => send(res, 500, { error: { message: 'no reply configured' } });
});

const DOCUMENT =
  'Nexus opinion for veteran Zebulon Quartermaine-Fictitious. Dr. Jane Roe, MD, board certified in ' +
  'sleep medicine. I reviewed the service treatment records. He was diagnosed with PTSD in 2012. ' +
  'His obstructive sleep apnea may be related to his PTSD.';
/** A phrase unique to the document, to prove errors never echo it. */
const SECRET = 'Zebulon Quartermaine-Fictitious';

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function completion(content: unknown, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null, ...extra } }],
  };
}

/** A schema-valid answer as a model would give it: no `analysisType`/`engine` (the engine sets them). */
function validAnswer(type: AnalysisType): Record<string, unknown> {
  const { analysisType: _t, engine: _e, ...rest } = analyzeOffline(DOCUMENT, type);
  return rest;
}

const engine = (opts: Partial<OpenAiEngineOptions> = {}) =>
  createOpenAiEngine({ apiKey: 'sk-test-key', model: 'gpt-test', baseUrl, retryBaseDelayMs: 1, ...opts });

async function failure(p: Promise<unknown>): Promise<AnalysisFailedError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AnalysisFailedError);
  const e = err as AnalysisFailedError;
  // Never the document text, in any part of the error a caller might show or log.
  for (const s of [e.message, String(e), e.stack ?? '', ...e.details]) {
    expect(s).not.toContain(SECRET);
    expect(s).not.toContain('may be related');
  }
  return e;
}

describe('OpenAI engine: successful answers', () => {
  it('returns the validated result with engine name/model and sends model, key, schema and text', async () => {
    reply = (_req, res) => send(res, 200, completion(JSON.stringify(validAnswer('nexus-letter'))));
    const e = engine();
    expect(e.name).toBe('openai');
    expect(e.model).toBe('gpt-test');

    const result = await e.analyze({ text: DOCUMENT, analysisType: 'nexus-letter' });
    expect(result.analysisType).toBe('nexus-letter');
    expect(result.engine).toEqual({ name: 'openai', model: 'gpt-test' });
    expect(result.nexusEvaluation?.classification).toBe('speculative');

    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe('Bearer sk-test-key');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body.model).toBe('gpt-test');
    expect(req!.body.response_format.type).toBe('json_schema');
    expect(req!.body.response_format.json_schema.name).toBe('analysis_result');
    expect(req!.body.response_format.json_schema.strict).toBe(false);
    expect(req!.body.response_format.json_schema.schema).toEqual(responseJsonSchemaFor('nexus-letter'));
    const messages = req!.body.messages as { role: string; content: string }[];
    expect(messages[0]).toEqual({ role: 'system', content: systemPromptFor('nexus-letter') });
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([DOCUMENT]);
  });

  it("sends a different system prompt per analysis type and fills each type's sections", async () => {
    reply = (req, res) => {
      // The server reads the type's label from the system prompt, as a model would.
      const system = req.body.messages[0].content as string;
      const type = ANALYSIS_TYPES.find((t) => system.includes(`"${ANALYSIS_TYPE_LABELS[t]}"`))!;
      send(res, 200, completion(JSON.stringify(validAnswer(type))));
    };
    const e = engine();
    for (const type of ANALYSIS_TYPES) {
      const result = await e.analyze({ text: DOCUMENT, analysisType: type });
      expect(result.analysisType).toBe(type);
      for (const section of ANALYSIS_SECTIONS[type]) expect(result[section]).toBeDefined();
    }
    const prompts = requests.map((r) => r.body.messages[0].content as string);
    expect(new Set(prompts).size).toBe(ANALYSIS_TYPES.length);
    for (const p of prompts) {
      expect(p).toContain('`source`');
      expect(p).toContain('"May be related" is speculative, NOT "at least as likely as not"');
      expect(p).toContain('JSON');
    }
  });

  it('overrides analysisType/engine claimed by the model and drops sections the type does not use', async () => {
    const answer = {
      ...validAnswer('timeline'),
      analysisType: 'general',
      engine: { name: 'evil', model: 'x' },
      nexusEvaluation: { bogus: true },
    };
    reply = (_req, res) => send(res, 200, completion('```json\n' + JSON.stringify(answer) + '\n```'));
    const result = await engine().analyze({ text: DOCUMENT, analysisType: 'timeline' });
    expect(result.analysisType).toBe('timeline');
    expect(result.engine).toEqual({ name: 'openai', model: 'gpt-test' });
    expect(result.nexusEvaluation).toBeUndefined();
    expect(result.medicalTimeline).toBeDefined();
  });
});

describe('OpenAI engine: retries and timeouts', () => {
  it('retries 429 twice, honouring Retry-After: 0, then succeeds on the third call', async () => {
    reply = (_req, res, n) =>
      n <= 2
        ? send(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '0' })
        : send(res, 200, completion(JSON.stringify(validAnswer('general'))));
    const started = Date.now();
    // A 5 s base delay would blow the budget: only Retry-After: 0 keeps this fast.
    const result = await engine({ retryBaseDelayMs: 5000 }).analyze({ text: DOCUMENT, analysisType: 'general' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.engine.name).toBe('openai');
    expect(requests).toHaveLength(3);
  });

  it('gives up on a persistent 500 after maxRetries + 1 calls', async () => {
    reply = (_req, res) => send(res, 500, { error: { message: 'boom' } });
    const err = await failure(engine({ maxRetries: 2 }).analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(requests).toHaveLength(3);
    expect(err.reason).toBe('unavailable');
    expect(err.retryable).toBe(true);
    expect(err.status).toBe(500);
  });

  it('gives up on a persistent 429 with a rate-limit message', async () => {
    reply = (_req, res) => send(res, 429, { error: { message: 'slow down' } });
    const err = await failure(engine({ maxRetries: 1 }).analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(requests).toHaveLength(2);
    expect(err.reason).toBe('rate-limited');
  });

  it('does not retry 401 and names OPENAI_API_KEY', async () => {
    reply = (_req, res) => send(res, 401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } });
    const err = await failure(engine().analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(requests).toHaveLength(1);
    expect(err.message).toBe('The AI service refused the request (check OPENAI_API_KEY)');
    expect(err.reason).toBe('unauthorized');
    expect(err.retryable).toBe(false);
  });

  it("does not retry other 4xx, and never echoes the server's error text", async () => {
    reply = (_req, res) => send(res, 400, { error: { message: `Bad input: ${DOCUMENT}`, code: 'context_length_exceeded' } });
    const tooLong = await failure(engine().analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(tooLong.reason).toBe('document-too-long');
    reply = (_req, res) => send(res, 422, { error: { message: `Bad input: ${DOCUMENT}`, code: DOCUMENT } });
    const rejected = await failure(engine().analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(rejected.reason).toBe('rejected');
    expect(rejected.message).toBe('The AI service rejected the request (HTTP 422)');
    expect(requests).toHaveLength(2);
  });

  it('times out a server that never answers', async () => {
    reply = () => undefined; // hold the connection open, never respond
    const started = Date.now();
    const err = await failure(engine({ timeoutMs: 200, maxRetries: 0 }).analyze({ text: DOCUMENT, analysisType: 'general' }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err.message).toBe('The AI service did not answer in time');
    expect(err.reason).toBe('timeout');
    expect(requests).toHaveLength(1);
  });

  it('retries network errors, then reports the service unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const err = await failure(
      engine({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 2, fetchImpl: counting }).analyze({
        text: DOCUMENT,
        analysisType: 'general',
      }),
    );
    expect(calls).toBe(3);
    expect(err.reason).toBe('unreachable');
  });
});

describe('OpenAI engine: invalid answers', () => {
  const cases: [string, () => unknown, string][] = [
    [
      'invalid JSON content (echoing the document)',
      () => completion(`Sure! Here is my analysis of ${DOCUMENT}`),
      'The AI service returned an answer that is not valid JSON',
    ],
    [
      'schema-mismatching JSON',
      () => completion(JSON.stringify({ ...validAnswer('nexus-letter'), nexusEvaluation: undefined, keyFindings: DOCUMENT })),
      'The AI service returned an answer in an unexpected format',
    ],
    ['a JSON array', () => completion('[]'), 'The AI service returned an answer in an unexpected format'],
    ['empty content', () => completion(''), 'The AI service returned an empty answer'],
    ['no choices', () => ({ choices: [] }), 'The AI service returned an empty answer'],
    ['a refusal', () => completion(null, { refusal: `I cannot help with ${DOCUMENT}` }), 'The AI model declined to analyse this document'],
    [
      'a truncated answer',
      () => ({ choices: [{ finish_reason: 'length', message: { content: '{"documentType": "nex' } }] }),
      'The AI answer was cut off before it was complete',
    ],
    ['a non-JSON HTTP body', () => `<html>${DOCUMENT}</html>`, 'The AI service returned an answer that is not valid JSON'],
  ];
  it.each(cases)('%s -> AnalysisFailedError', async (_name, body, message) => {
    reply = (_req, res) => send(res, 200, body());
    const err = await failure(engine().analyze({ text: DOCUMENT, analysisType: 'nexus-letter' }));
    expect(err.message).toBe(message);
    expect(requests).toHaveLength(1); // a bad answer is not retried
  });

  it('lists schema issues by path in details', async () => {
    reply = (_req, res) => send(res, 200, completion(JSON.stringify({ ...validAnswer('nexus-letter'), nexusEvaluation: undefined })));
    const err = await failure(engine().analyze({ text: DOCUMENT, analysisType: 'nexus-letter' }));
    expect(err.reason).toBe('invalid-answer');
    expect(err.details.join('\n')).toContain('nexusEvaluation');
  });

  it('rejects an empty document without calling the service', async () => {
    const err = await failure(engine().analyze({ text: '  \n', analysisType: 'general' }));
    expect(err.reason).toBe('empty-document');
    expect(requests).toHaveLength(0);
  });
});

describe('OpenAI engine: configuration', () => {
  it('fromEnv needs a key and defaults the model', () => {
    expect(fromEnv({})).toBeUndefined();
    expect(fromEnv({ OPENAI_API_KEY: '  ' })).toBeUndefined();
    const e = fromEnv({ OPENAI_API_KEY: 'sk-x' });
    expect(e?.name).toBe('openai');
    expect(e?.model).toBe('gpt-4o-mini');
    expect(fromEnv({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-4o' })?.model).toBe('gpt-4o');
  });

  it('fromEnv honours OPENAI_BASE_URL (trailing slash allowed)', async () => {
    reply = (_req, res) => send(res, 200, completion(JSON.stringify(validAnswer('general'))));
    const e = fromEnv({ OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: `${baseUrl}/` })!;
    await e.analyze({ text: DOCUMENT, analysisType: 'general' });
    expect(requests[0]!.url).toBe('/v1/chat/completions');
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-env');
    expect(requests[0]!.body.model).toBe('gpt-4o-mini');
  });

  it('parses Retry-After in seconds and as an HTTP date', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('2')).toBe(2000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('derives a per-type JSON Schema without the engine-owned fields', () => {
    for (const type of ANALYSIS_TYPES) {
      const schema = responseJsonSchemaFor(type) as { properties: Record<string, unknown>; required: string[] };
      expect(schema.properties.engine).toBeUndefined();
      expect(schema.properties.analysisType).toBeUndefined();
      for (const s of ANALYSIS_SECTIONS[type]) expect(schema.required).toContain(s);
      expect(schema.required).toEqual(expect.arrayContaining(['documentType', 'relevantConditions', 'conditionFindings', 'keyFindings']));
    }
  });
});

import { Router, type Response } from 'express';
import {
  askChatBody,
  CHAT_MESSAGES,
  copilotChatBody,
  SPEC_PROBLEMS,
  type ChatEngineInfo,
  type Citation,
  type VeteranFile,
  type WidgetAnswer,
} from '@cc/contracts';
import {
  commandMetadata,
  contextOf,
  DomainError,
  finishBeforeShutdown,
  HttpProblem,
  isUuid,
  parseOrProblem,
  problems,
  requireAuth,
  type EventMetadata,
  type GlobalPosition,
} from '@cc/platform';
import { answerQuestion } from './answer';
import { openEventStream } from './sse';
import { ChatEngineError, type ChatAnswer, type ChatEngine, type ChatTurn } from './types';

/** A question counted and recorded by the command side (command-service `chatCommands`). */
export interface AskedQuestion {
  questionId: string;
  answerId: string;
  sessionId: string | null;
  month: string;
  position: GlobalPosition | undefined;
}

type Metadata = Partial<EventMetadata>;

/** What the chat routes need from the write side; the gateway passes the command service's chat commands. */
export interface ChatQuestionPort {
  ask(userId: string, sessionId: string | null, content: string, metadata: Metadata): Promise<AskedQuestion>;
  complete(
    userId: string,
    question: AskedQuestion,
    answer: { content: string; citations: Citation[]; engine: ChatEngineInfo },
    metadata: Metadata,
  ): Promise<GlobalPosition | undefined>;
  /** Records the failure and gives the question back; returns the refund's position (for read-your-writes). */
  fail(
    userId: string,
    question: AskedQuestion,
    reason: 'engine-failed' | 'cancelled' | 'session-deleted',
    metadata: Metadata,
  ): Promise<GlobalPosition | undefined>;
  remaining(userId: string): Promise<number | null>;
  widgetSession(userId: string, metadata: Metadata): Promise<string>;
}

export interface ChatRouteDeps {
  questions: ChatQuestionPort;
  /** The veteran's claims, documents and analyses (read side). */
  veteranFile(userId: string): Promise<VeteranFile>;
  /** The session's earlier turns, oldest first (read side). */
  history(userId: string, sessionId: string): Promise<ChatTurn[]>;
  engine: ChatEngine;
  /** Comment lines on an open stream this often (default 15 s). */
  heartbeatMs?: number;
  now?: () => Date;
}

/** Why an answer failed, in words for the veteran; never the question or any of the answer. */
function failureMessage(error: unknown): string {
  if (error instanceof DomainError && error.code === 'not-found') return CHAT_MESSAGES.sessionDeleted;
  if (error instanceof ChatEngineError) return `${error.message}. Your question was not counted; please try again.`;
  return CHAT_MESSAGES.answerFailed;
}

/**
 * The assistant's HTTP routes: the streamed answer in a session, the dashboard widget's message,
 * and the claim package wizard's copilot. Each question is counted before the engine runs, and a
 * question that gets no answer is given back. Logs carry ids, engine, outcome and timing only:
 * never a question or an answer.
 */
export function chatAssistantRoutes(deps: ChatRouteDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const engineInfo = { engine: deps.engine.name, model: deps.engine.model };

  /**
   * Runs the engine for a counted question, stopped when the client goes away; records the answer, or
   * the failure and the refund. The routes hold a graceful shutdown for it (`finishBeforeShutdown`):
   * a reader who left has no open answer to wait for, but the refund is still owed.
   */
  async function run(
    res: Response,
    userId: string,
    question: AskedQuestion,
    request: { question: string; history: ChatTurn[]; formContext?: Record<string, unknown> },
    onDelta: (text: string) => void,
  ): Promise<{ answer: ChatAnswer; remaining: number | null } | { error: unknown; cancelled: boolean }> {
    const ctx = contextOf(res);
    const metadata = commandMetadata(res);
    const controller = new AbortController();
    const gone = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', gone);
    const started = Date.now();
    let chunks = 0;
    const ids = { sessionId: question.sessionId, questionId: question.questionId, ...engineInfo };
    try {
      const file = await deps.veteranFile(userId);
      const answer = await answerQuestion(
        deps.engine,
        { ...request, file, now: now() },
        {
          signal: controller.signal,
          onDelta: (text) => {
            chunks += 1;
            onDelta(text);
          },
        },
      );
      await ctx.recordWrite(await deps.questions.complete(userId, question, answer, metadata));
      const remaining = await deps.questions.remaining(userId);
      ctx.logger.info({ ...ids, outcome: 'answered', ms: Date.now() - started, chunks, citations: answer.citations.length }, 'chat answer');
      return { answer, remaining };
    } catch (error) {
      const cancelled = controller.signal.aborted;
      const reason = cancelled
        ? 'cancelled'
        : error instanceof DomainError && error.code === 'not-found'
          ? 'session-deleted'
          : 'engine-failed';
      // Only fixed fields: an unexpected error's message could carry text from the conversation.
      ctx.logger.warn(
        {
          ...ids,
          outcome: reason,
          ms: Date.now() - started,
          chunks,
          error: error instanceof ChatEngineError ? error.reason : (error as Error)?.name,
        },
        'chat answer failed',
      );
      // The refund is remembered like any write, so the usage the page reads next shows the question given back.
      await deps.questions
        .fail(userId, question, reason, metadata)
        .then((position) => ctx.recordWrite(position))
        .catch((failure: unknown) =>
          ctx.logger.error({ ...ids, error: (failure as Error)?.name }, 'could not record a failed chat answer or give the question back'),
        );
      return { error, cancelled };
    } finally {
      res.off('close', gone);
    }
  }

  router.post('/api/ai-chat/sessions/:id/messages/stream', async (req, res) => {
    const auth = requireAuth(res);
    const sessionId = String(req.params.id);
    if (!isUuid(sessionId)) throw problems.notFound(CHAT_MESSAGES.sessionNotFound);
    // Refused before any stream starts: a blank question (400), someone else's session (404), the month's limit (429).
    const { content } = parseOrProblem(askChatBody, req.body);
    const history = await deps.history(auth.userId, sessionId);
    const question = await deps.questions.ask(auth.userId, sessionId, content, commandMetadata(res));
    await contextOf(res).recordWrite(question.position);

    const stream = openEventStream(res, heartbeatMs);
    const outcome = await finishBeforeShutdown(
      run(res, auth.userId, question, { question: content, history }, (text) => stream.send({ type: 'chunk', content: text })),
    );
    if ('answer' in outcome) {
      stream.send({
        type: 'done',
        messageId: question.answerId,
        remaining: outcome.remaining,
        questionId: question.questionId,
        citations: outcome.answer.citations,
        engine: outcome.answer.engine,
      });
    } else if (!outcome.cancelled) {
      stream.send({ type: 'error', error: failureMessage(outcome.error) });
    }
    stream.end();
  });

  /** The dashboard widget: a whole answer at once, in the widget's own session. */
  router.post('/api/ai-chat/message', async (req, res) => {
    const auth = requireAuth(res);
    const { content } = parseOrProblem(askChatBody, req.body);
    const sessionId = await deps.questions.widgetSession(auth.userId, commandMetadata(res));
    const history = await deps.history(auth.userId, sessionId);
    const question = await deps.questions.ask(auth.userId, sessionId, content, commandMetadata(res));
    await contextOf(res).recordWrite(question.position);
    const outcome = await finishBeforeShutdown(run(res, auth.userId, question, { question: content, history }, () => undefined));
    if (!('answer' in outcome)) {
      if (outcome.cancelled) return;
      throw HttpProblem.fromSpec(502, SPEC_PROBLEMS.failedToSendMessage(failureMessage(outcome.error)));
    }
    const body: WidgetAnswer = {
      message: { id: question.answerId, role: 'assistant', content: outcome.answer.content },
      remaining: outcome.remaining,
    };
    res.json(body);
  });

  /** The claim package wizard's copilot (spec doc 2 §7): no session; the wizard sends its form and the turns so far. */
  router.post('/api/copilot/chat', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(copilotChatBody, req.body);
    const question = await deps.questions.ask(auth.userId, null, body.message, commandMetadata(res));
    await contextOf(res).recordWrite(question.position);
    const outcome = await finishBeforeShutdown(
      run(res, auth.userId, question, { question: body.message, history: body.history, formContext: body.context }, () => undefined),
    );
    if (!('answer' in outcome)) {
      if (outcome.cancelled) return;
      throw HttpProblem.fromSpec(502, SPEC_PROBLEMS.failedToSendMessage(failureMessage(outcome.error)));
    }
    res.json({
      message: outcome.answer.content,
      citations: outcome.answer.citations,
      engine: outcome.answer.engine,
      remaining: outcome.remaining,
    });
  });

  return router;
}

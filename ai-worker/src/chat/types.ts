import type { ChatEngineInfo, ChatRole, Citation, VeteranFile } from '@cc/contracts';

export interface ChatTurn {
  role: ChatRole;
  content: string;
}

/** One question, with everything an engine may use to answer it. */
export interface ChatRequest {
  question: string;
  /** Earlier turns of the conversation, oldest first. */
  history: ChatTurn[];
  /** The veteran's own claims, documents and analyses. */
  file: VeteranFile;
  /** The claim package wizard's form data (`POST /api/copilot/chat`), when asked from there. */
  formContext?: Record<string, unknown>;
  now: Date;
  /** The question used crisis language: the crisis line is already given, and the engine answers gently. */
  crisis?: boolean;
}

/** What an engine produced: the answer's text without its sources block, and its sources. */
export interface EngineAnswer {
  body: string;
  citations: Citation[];
}

export interface ChatCallOptions {
  /** Aborted when the client goes away: the engine stops and rejects with a `ChatEngineError('cancelled')`. */
  signal: AbortSignal;
  /** Text as it is produced. */
  onDelta(text: string): void;
}

/** The chat port: one per deployment, chosen by configuration (offline, or any OpenAI-compatible server). */
export interface ChatEngine {
  readonly name: string;
  readonly model: string;
  answer(request: ChatRequest, options: ChatCallOptions): Promise<EngineAnswer>;
}

/** A finished answer as stored: text ending with its sources, the sources, and which engine wrote it. */
export interface ChatAnswer {
  content: string;
  citations: Citation[];
  engine: ChatEngineInfo;
}

export type ChatFailureReason =
  'cancelled' | 'timeout' | 'rate-limited' | 'unavailable' | 'unreachable' | 'unauthorized' | 'rejected' | 'invalid-answer';

/** An answer that could not be produced; `message` is safe to show and to log (never holds the question or answer). */
export class ChatEngineError extends Error {
  override readonly name = 'ChatEngineError';
  constructor(
    readonly reason: ChatFailureReason,
    message: string,
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const cancelled = () => new ChatEngineError('cancelled', 'The answer was stopped because the connection closed.');

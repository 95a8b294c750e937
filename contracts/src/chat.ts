import { z } from 'zod';
import type { ClaimStatus, ConditionType } from './claims';
import type { AnalysisType } from './analysis';

export * from './chatSources';

/**
 * The AI Copilot chat (spec doc 1 §2 "AI chat assistant", "Dashboard chat widget", §3 chat session
 * and message, §7 `/api/ai-chat/*`; doc 2 §7 `POST /api/copilot/chat`).
 */

/** A session's title until its first question names it or the user renames it. */
export const NEW_CHAT_TITLE = 'New Chat';
export const MAX_CHAT_TITLE_LENGTH = 100;
/** A question longer than this is refused (400): a plain-language question fits easily. */
export const MAX_CHAT_QUESTION_LENGTH = 4000;
/** A title taken from the first question is cut to about this many characters, at a word. */
export const AUTO_TITLE_LENGTH = 50;
/** Previous turns the wizard may send with `POST /api/copilot/chat`. */
export const MAX_COPILOT_HISTORY = 40;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** Where a session was started: the /ai-copilot page, or the dashboard widget's own conversation. */
export const CHAT_ORIGINS = ['chat', 'widget'] as const;
export type ChatOrigin = (typeof CHAT_ORIGINS)[number];

const trimmedText = (max: number, empty: string, tooLong: string) => z.string({ message: empty }).trim().min(1, empty).max(max, tooLong);

export const CHAT_VALIDATION = {
  emptyMessage: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MAX_CHAT_QUESTION_LENGTH} characters`,
  emptyTitle: 'Title cannot be empty',
  titleTooLong: `Title must be at most ${MAX_CHAT_TITLE_LENGTH} characters`,
} as const;

const chatText = () => trimmedText(MAX_CHAT_QUESTION_LENGTH, CHAT_VALIDATION.emptyMessage, CHAT_VALIDATION.messageTooLong);

/** `PATCH /api/ai-chat/sessions/{id}`: the title is trimmed and must be 1–100 characters. */
export const renameChatSessionBody = z.object({
  title: trimmedText(MAX_CHAT_TITLE_LENGTH, CHAT_VALIDATION.emptyTitle, CHAT_VALIDATION.titleTooLong),
});

/** `POST …/messages/stream` and `POST /api/ai-chat/message`: trimmed, never blank. */
export const askChatBody = z.object({ content: chatText() });

/** `POST /api/copilot/chat` from the claim package wizard: its form data and the previous turns. */
export const copilotChatBody = z.object({
  message: chatText(),
  context: z.record(z.string(), z.unknown()).optional().default({}),
  history: z
    .array(z.object({ role: z.enum(CHAT_ROLES), content: z.string().max(MAX_CHAT_QUESTION_LENGTH * 4) }))
    .max(MAX_COPILOT_HISTORY)
    .optional()
    .default([]),
});
export type CopilotChatBody = z.infer<typeof copilotChatBody>;

/** What an answer relied on: a regulation, a form, a statute, a VA page, or the veteran's own claim or document. */
export const CITATION_KINDS = ['regulation', 'form', 'statute', 'case', 'va-page', 'app-page', 'claim', 'document'] as const;
export const citationSchema = z.object({
  kind: z.enum(CITATION_KINDS),
  /** Short label shown on the chip, e.g. "38 CFR 4.25", "VA Form 20-0996", "Claim 2025-001". */
  label: z.string(),
  /** Longer description, e.g. the form's title. */
  title: z.string().optional(),
  /** Where to read it: a public page, or the app's own page for the veteran's claim or document. */
  url: z.string().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatEngineInfo = z.object({ name: z.string(), model: z.string() });
export type ChatEngineInfo = z.infer<typeof chatEngineInfo>;

/** Spec doc 1 §3 "Chat session". */
export interface ChatSession {
  id: string;
  title: string;
  updatedAt: string;
}

/** Spec doc 1 §3 "Chat message", with the answer's sources and the engine that wrote it. */
export interface ChatMessage {
  id: string;
  sessionId: string;
  userId: string;
  role: ChatRole;
  content: string;
  createdAt: string;
  /** An assistant message's sources; empty for a question. */
  citations: Citation[];
  /** Which engine and model produced an answer; null for a question. */
  engine: ChatEngineInfo | null;
}

/** The dashboard widget's messages carry id, role and content (doc 1 §3), and when. */
export interface WidgetMessage {
  id: string;
  role: ChatRole;
  content: string;
  createdAt: string;
}

/** `POST /api/ai-chat/message`. */
export interface WidgetAnswer {
  message: { id: string; role: 'assistant'; content: string };
  /** Questions left this month; null when unlimited. */
  remaining: number | null;
}

/** The month's questions (`GET /api/ai-chat/usage`); a limit of 0 means unlimited and then remaining is null. */
export interface ChatUsage {
  month: string;
  used: number;
  limit: number;
  remaining: number | null;
}

/** One `data:` line of `POST /api/ai-chat/sessions/{id}/messages/stream`. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chunk'), content: z.string() }),
  z.object({
    type: z.literal('done'),
    messageId: z.string(),
    remaining: z.number().int().nullable(),
    /** Also given, beyond the spec's fields: the question's id, the sources and the engine. */
    questionId: z.string().optional(),
    citations: z.array(citationSchema).optional(),
    engine: chatEngineInfo.optional(),
  }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const CHAT_MESSAGES = {
  sessionNotFound: 'Chat session not found.',
  questionLimitReached: (limit: number) =>
    `You've used all ${limit} AI questions of your plan this month. Your questions reset on the first day of next month, or you can upgrade your plan for unlimited questions.`,
  /** Shown when an answer could not be produced; the question is given back. */
  answerFailed: 'The assistant could not answer right now. Your question was not counted; please try again.',
  cancelled: 'The answer was stopped because the connection closed.',
  sessionDeleted: 'This chat was deleted while the answer was being written.',
} as const;

/** A title from the first question: one line, cut at a word near {@link AUTO_TITLE_LENGTH} characters. */
export function chatTitleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= AUTO_TITLE_LENGTH) return line || NEW_CHAT_TITLE;
  const cut = line.slice(0, AUTO_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > AUTO_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * The veteran's own file, as the assistant may read it: their claims, documents and completed
 * analyses from the read models. Built per question; never stored with the answer.
 */
export interface VeteranFile {
  firstName: string | null;
  claims: {
    id: string;
    claimNumber: string;
    condition: string;
    conditionType: ConditionType;
    status: ClaimStatus;
    ratingPercentage: number | null;
    daysPending: number;
    filedAt: string;
    /** When the tracker recorded the decision (approved or denied); null while pending. */
    decidedAt: string | null;
    /** The date on the decision letter (YYYY-MM-DD), when the veteran entered it: review deadlines count from it. */
    decisionDate: string | null;
    nextAction: string | null;
  }[];
  documents: {
    id: string;
    fileName: string;
    uploadedAt: string;
    processingStatus: string;
    analysis: {
      type: AnalysisType;
      documentType: string;
      conditions: string[];
      keyFindings: string[];
      missing: string[];
      nexusStrength: string | null;
      secondaryConditions: { secondaryCondition: string; causedByPrimary: string }[];
    } | null;
  }[];
}

export const EMPTY_VETERAN_FILE: VeteranFile = { firstName: null, claims: [], documents: [] };

/** Everything chat keeps about a user, for the data export. */
export interface ChatExport {
  sessions: {
    id: string;
    title: string;
    origin: ChatOrigin;
    createdAt: string;
    updatedAt: string;
    messages: { id: string; role: ChatRole; content: string; citations: Citation[]; engine: ChatEngineInfo | null; createdAt: string }[];
  }[];
  questionsByMonth: { month: string; used: number }[];
}

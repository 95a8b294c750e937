import type { Knex } from 'knex';
import {
  analysisMonth,
  memberTier,
  type AnalysisResult,
  type ChatExport,
  type ChatMessage,
  type ChatSession,
  type ChatUsage,
  type MemberTierName,
  type VeteranFile,
  type WidgetMessage,
} from '@cc/contracts';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import { toClaim } from '../claims/queries';

interface SessionRow {
  session_id: string;
  title: string;
  updated_at: Date;
}

interface MessageRow {
  message_id: string;
  session_id: string;
  user_id: string;
  role: ChatMessage['role'];
  content: string;
  citations: ChatMessage['citations'];
  engine: ChatMessage['engine'];
  created_at: Date;
}

const toSession = (row: SessionRow): ChatSession => ({ id: row.session_id, title: row.title, updatedAt: row.updated_at.toISOString() });

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.message_id,
  sessionId: row.session_id,
  userId: row.user_id,
  role: row.role,
  content: row.content,
  createdAt: row.created_at.toISOString(),
  citations: row.citations ?? [],
  engine: row.engine ?? null,
});

export const CHAT_SESSION_SORT_COLUMNS: SortColumns<ChatSession> = { id: 's.session_id', title: 's.title', updatedAt: 's.updated_at' };

/** Messages in the order they were recorded when their times are equal (a row compares column by column). */
const CREATED = '(m.created_at, m.position_tx, m.position_seq)';

export const CHAT_MESSAGE_SORT_COLUMNS: SortColumns<ChatMessage> = {
  id: 'm.message_id',
  sessionId: 'm.session_id',
  userId: 'm.user_id',
  role: 'm.role',
  content: 'm.content',
  createdAt: CREATED,
  citations: 'm.citations',
  engine: 'm.engine',
};

export const WIDGET_MESSAGE_SORT_COLUMNS: SortColumns<WidgetMessage> = {
  id: 'm.message_id',
  role: 'm.role',
  content: 'm.content',
  createdAt: CREATED,
};

export type ChatSessionListQuery = ListQuery<keyof ChatSession, { q?: string }>;
export type ChatMessageListQuery<Field extends string> = ListQuery<Field, { role?: ChatMessage['role'] }>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listChatSessions(knex: Knex, userId: string, query: ChatSessionListQuery) {
  const base = knex('chat_sessions as s')
    .where('s.user_id', userId)
    .modify((q) => {
      if (query.filter.q) q.whereILike('s.title', `%${escapeLike(query.filter.q)}%`);
    });
  const total = await countList(base, CHAT_SESSION_SORT_COLUMNS, query);
  const rows: SessionRow[] = await pageList(base.clone().select('s.*'), CHAT_SESSION_SORT_COLUMNS, query, 's.session_id');
  return { rows: rows.map(toSession), total };
}

export async function findChatSession(knex: Knex, userId: string, sessionId: string): Promise<ChatSession | undefined> {
  const row: SessionRow | undefined = await knex('chat_sessions').where({ session_id: sessionId, user_id: userId }).first();
  return row ? toSession(row) : undefined;
}

/** The session the dashboard widget talks in: the user's newest widget session (see command-service `widgetSessionId`). */
export async function widgetSession(knex: Knex, userId: string): Promise<string | undefined> {
  const row = await knex('chat_sessions').where({ user_id: userId, origin: 'widget' }).orderBy('created_at', 'desc').first('session_id');
  return row?.session_id;
}

async function pageMessages<Field extends string>(
  knex: Knex,
  sessionId: string,
  query: ChatMessageListQuery<Field>,
  columns: Readonly<Record<Field | 'id', string>>,
) {
  const base = knex('chat_messages as m')
    .where({ 'm.session_id': sessionId, 'm.failed': false })
    .modify((q) => {
      if (query.filter.role) q.where('m.role', query.filter.role);
    });
  const total = await countList(base, columns, query);
  const rows: MessageRow[] = await pageList(base.clone().select('m.*'), columns, query, 'm.message_id');
  return { rows, total };
}

/** A session's messages, oldest first by default; undefined when the session is not this user's. */
export async function listChatMessages(knex: Knex, userId: string, sessionId: string, query: ChatMessageListQuery<keyof ChatMessage>) {
  if (!(await findChatSession(knex, userId, sessionId))) return undefined;
  const { rows, total } = await pageMessages(knex, sessionId, query, CHAT_MESSAGE_SORT_COLUMNS);
  return { rows: rows.map(toMessage), total };
}

export async function listWidgetMessages(knex: Knex, userId: string, query: ChatMessageListQuery<keyof WidgetMessage>) {
  const sessionId = await widgetSession(knex, userId);
  if (!sessionId) return { rows: [] as WidgetMessage[], total: 0 };
  const { rows, total } = await pageMessages(knex, sessionId, query, WIDGET_MESSAGE_SORT_COLUMNS);
  return {
    rows: rows.map((r): WidgetMessage => ({ id: r.message_id, role: r.role, content: r.content, createdAt: r.created_at.toISOString() })),
    total,
  };
}

export async function chatUsage(knex: Knex, userId: string, now: Date): Promise<ChatUsage> {
  const month = analysisMonth(now);
  const [profile, usage] = await Promise.all([
    knex('user_profiles').where({ user_id: userId }).first('member_tier'),
    knex('chat_question_usage').where({ user_id: userId, month }).first('used'),
  ]);
  const limit = memberTier((profile?.member_tier ?? 'free') as MemberTierName).maxAiQuestions;
  const used = Number(usage?.used ?? 0);
  return { month, used, limit, remaining: limit > 0 ? Math.max(0, limit - used) : null };
}

/** Everything the chat read model holds about a user, for the data export. */
export async function chatExportForUser(knex: Knex, userId: string): Promise<ChatExport> {
  const [sessions, messages, usage] = await Promise.all([
    knex('chat_sessions').where({ user_id: userId }).orderBy('created_at'),
    knex('chat_messages').where({ user_id: userId, failed: false }).orderByRaw('created_at, position_tx, position_seq'),
    knex('chat_question_usage').where({ user_id: userId }).orderBy('month'),
  ]);
  return {
    sessions: sessions.map((s) => ({
      id: s.session_id,
      title: s.title,
      origin: s.origin,
      createdAt: s.created_at.toISOString(),
      updatedAt: s.updated_at.toISOString(),
      messages: messages
        .filter((m) => m.session_id === s.session_id)
        .map((m) => ({
          id: m.message_id,
          role: m.role,
          content: m.content,
          citations: m.citations ?? [],
          engine: m.engine ?? null,
          createdAt: m.created_at.toISOString(),
        })),
    })),
    questionsByMonth: usage.map((u) => ({ month: u.month, used: Number(u.used) })),
  };
}

/** What an analysis says, boiled down for the assistant: conditions, findings, gaps, nexus and secondary conditions. */
function analysisSummary(result: AnalysisResult): NonNullable<VeteranFile['documents'][number]['analysis']> {
  return {
    type: result.analysisType,
    documentType: result.documentType,
    conditions: result.relevantConditions,
    keyFindings: result.keyFindings.slice(0, 5),
    missing: [...(result.missingEvidenceAnalysis?.overallCompleteness.criticalMissing ?? []), ...result.missingInformation].slice(0, 5),
    nexusStrength: result.nexusEvaluation?.overallStrength ?? null,
    secondaryConditions: (result.secondaryConditionsAnalysis?.potentialSecondaryConditions ?? []).map((s) => ({
      secondaryCondition: s.secondaryCondition,
      causedByPrimary: s.causedByPrimary,
    })),
  };
}

/** The veteran's own file for the assistant: claims (with days pending now), documents and their latest analyses. */
export async function veteranFile(knex: Knex, userId: string, now: Date): Promise<VeteranFile> {
  const [profile, claims, documents] = await Promise.all([
    knex('user_profiles').where({ user_id: userId }).first('first_name'),
    knex('claims').where({ user_id: userId }).orderBy('filed_at', 'asc').orderBy('claim_id'),
    knex('documents').where({ user_id: userId }).orderBy('uploaded_at', 'asc').orderBy('document_id'),
  ]);
  return {
    firstName: profile?.first_name ?? null,
    claims: claims.map((row) => {
      const c = toClaim(row, now);
      return {
        id: c.id,
        claimNumber: c.claimNumber,
        condition: c.condition,
        conditionType: c.conditionType,
        status: c.status,
        ratingPercentage: c.ratingPercentage,
        daysPending: c.daysPending,
        filedAt: c.filedAt,
        decidedAt: (c.status === 'approved' || c.status === 'denied') && row.decided_at ? (row.decided_at as Date).toISOString() : null,
        decisionDate: c.decisionDate,
        nextAction: c.nextAction,
      };
    }),
    documents: documents.map((d) => ({
      id: d.document_id,
      fileName: d.file_name,
      uploadedAt: d.uploaded_at.toISOString(),
      processingStatus: d.processing_status,
      analysis: d.ai_analysis_results ? analysisSummary(d.ai_analysis_results as AnalysisResult) : null,
    })),
  };
}

/** The last turns of one of the user's sessions, oldest first, for the assistant (nothing for someone else's session). */
export async function chatHistory(
  knex: Knex,
  userId: string,
  sessionId: string,
  limit = 20,
): Promise<{ role: ChatMessage['role']; content: string }[]> {
  const rows = await knex('chat_messages')
    .where({ session_id: sessionId, user_id: userId, failed: false })
    .orderByRaw('created_at desc, position_tx desc, position_seq desc')
    .limit(limit)
    .select('role', 'content');
  return rows.reverse().map((r) => ({ role: r.role, content: r.content }));
}

import { CLAIM_STATUS_LABELS, type Citation } from '@cc/contracts';
import { form } from '../citations';
import { claimNames, conditionsIn } from '../conditions';
import { searchKnowledge, type KnowledgeHit } from '../knowledge/search';
import { combinedRatingTool, deadlineTool, secondaryConditionsTool, whichFormTool } from '../tools';
import type { ToolContext } from '../tools/types';
import { claimCitation } from '../tools/types';
import { cancelled, type ChatCallOptions, type ChatEngine, type ChatRequest, type EngineAnswer } from '../types';
import { claimsOverview, documentsOverview, nextSteps } from '../veteranFile';
import { readIntents } from './intents';

export const OFFLINE_CHAT_ENGINE_NAME = 'offline';
export const OFFLINE_CHAT_MODEL = 'va-knowledge-2026.1';

interface Section {
  markdown: string;
  citations: Citation[];
}

const AI_POLICY: Citation = { kind: 'app-page', label: 'Use of AI Policy', url: '/ai-policy' };

const IDENTITY =
  "I'm the Claims Copilot AI assistant — a computer program, not a person. I'm not a VA employee, a Veterans Service Organization or an attorney, and I don't give legal, medical or financial advice. I answer from VA rules I've been given and from your own claims and documents in Claims Copilot, and I tell you where each answer comes from.";

const CAPABILITIES =
  'I can help you with:\n' +
  '- your own claims: status, days pending, and your combined rating worked out with the 38 CFR 4.25 table;\n' +
  '- deadlines: Intent to File, Higher-Level Review, Board Appeal, Supplemental Claim and more;\n' +
  '- secondary conditions of a service-connected condition, and the evidence they need;\n' +
  '- which VA form or DBQ to use, and what your analysed documents show.';

const DONT_KNOW =
  "I don't have reliable information about that in what I know about VA claims, so I won't guess. " +
  'An accredited Veterans Service Organization (VSO) representative can help you for free; you can appoint one with VA Form 21-22 (or an attorney or claims agent with VA Form 21-22a). ' +
  'You can also ask me about your claims, deadlines, ratings, secondary conditions or VA forms.';

const GENTLE =
  "I'm here for your VA claims questions whenever you're ready — your claims, deadlines, ratings or forms. Please reach out to the Veterans Crisis Line first if you need support now.";

/** Knowledge passages a tool's answer already covers. */
const COVERED: Record<string, readonly string[]> = {
  combined: ['combined-rating', 'bilateral-factor'],
  deadline: [
    'higher-level-review',
    'board-appeal',
    'supplemental-claim',
    'intent-to-file',
    'after-board',
    'bdd',
    'effective-date',
    'decision-review-options',
  ],
  secondary: ['secondary-service-connection'],
  forms: ['form-526ez', 'private-records', 'representation', 'dependents', 'records-requests', 'lay-evidence'],
  claims: ['claim-status-steps'],
};

/** The conditions a question is about, else those of earlier questions (a follow-up like "what about for it?"), else of the wizard's form. */
function conditionContext(request: ChatRequest): string {
  if (conditionsIn(request.question).length > 0) return request.question;
  const earlier = [...request.history].reverse().find((t) => t.role === 'user' && conditionsIn(t.content).length > 0);
  if (earlier) return earlier.content;
  const fromForm = Object.entries(request.formContext ?? {})
    .filter(([key, value]) => /condition/i.test(key) && typeof value === 'string' && value.trim())
    .map(([, value]) => value as string)
    .join(', ');
  return fromForm;
}

/** What the question asks, answered from tools, the veteran's file and the knowledge base. */
export function composeOfflineAnswer(request: ChatRequest): EngineAnswer {
  const intents = readIntents(request.question);
  const context: ToolContext = { file: request.file, now: request.now };
  const sections: Section[] = [];
  const covered = new Set<string>();
  const cover = (key: keyof typeof COVERED) => COVERED[key]!.forEach((id) => covered.add(id));

  if (intents.identity) sections.push({ markdown: IDENTITY, citations: [AI_POLICY] });
  if (intents.combined) {
    const { mine, ratings, extremities } = intents.combined;
    sections.push(combinedRatingTool.run({ ratings, extremities, useMyClaims: mine }, context));
    cover('combined');
  }
  if (intents.myClaims) {
    sections.push(claimsOverview(request.file));
    cover('claims');
  }
  if (intents.deadline) {
    sections.push(deadlineTool.run({ kind: intents.deadline.kind, date: intents.deadline.date }, context));
    cover('deadline');
  }
  if (intents.secondary) {
    const about = conditionContext(request);
    const approved = request.file.claims.filter((c) => c.status === 'approved');
    if (about) sections.push(secondaryConditionsTool.run({ condition: about }, context));
    else if (approved.length > 0) {
      for (const claim of approved.slice(0, 3)) {
        const result = secondaryConditionsTool.run({ condition: claim.condition }, context);
        if ((result.data as { secondaries: unknown[] }).secondaries.length > 0) sections.push(result);
      }
    }
    if (sections.length > 0 || about) cover('secondary');
  }
  if (intents.forms) {
    const result = whichFormTool.run(
      { purpose: `${request.question} ${intents.secondary ? '' : conditionContext(request)}`.trim() },
      context,
    );
    if (result.markdown) {
      sections.push(result);
      cover('forms');
    }
  }
  if (intents.myDocuments) sections.push(documentsOverview(request.file));
  if (intents.nextSteps) {
    const steps = nextSteps(request.file);
    if (steps) sections.push(steps);
  }

  const answeredByTools = sections.length > 0;
  const hits = searchKnowledge(request.question, 3).filter((h) => !covered.has(h.entry.id));
  // Beside a tool's answer, a passage must be clearly about the question too (two specific words).
  const passages: KnowledgeHit[] = answeredByTools ? hits.filter((h) => h.matched.length >= 2).slice(0, 1) : hits.slice(0, 2);
  for (const hit of passages) sections.push({ markdown: `**${hit.entry.title}**\n\n${hit.entry.body}`, citations: hit.entry.citations });

  // Knowledge about a condition the veteran is claiming: say where their own claim stands.
  if (!intents.myClaims && passages.length > 0) {
    const named = conditionsIn(request.question);
    for (const claim of request.file.claims.filter((c) => named.some((def) => claimNames(c.condition, def))).slice(0, 2)) {
      sections.push({
        markdown: `Your claim ${claim.claimNumber} (${claim.condition}) is ${CLAIM_STATUS_LABELS[claim.status]}${claim.ratingPercentage !== null ? `, rated ${claim.ratingPercentage}%` : ''}${claim.status === 'approved' || claim.status === 'denied' ? '' : `, ${claim.daysPending} days pending`}.`,
        citations: [claimCitation(claim)],
      });
    }
  }

  if (sections.length === 0 && (intents.greeting || intents.capabilities)) {
    const hello = request.file.firstName ? `Hello ${request.file.firstName}! ` : 'Hello! ';
    sections.push({ markdown: `${intents.greeting ? hello : ''}${CAPABILITIES}`, citations: [AI_POLICY] });
  }
  if (sections.length === 0) {
    if (request.crisis) return { body: GENTLE, citations: [] };
    return {
      body: DONT_KNOW,
      citations: [
        form('21-22', "Appointment of Veterans Service Organization as Claimant's Representative"),
        form('21-22a', "Appointment of Individual as Claimant's Representative"),
      ],
    };
  }
  return { body: sections.map((s) => s.markdown.trim()).join('\n\n'), citations: sections.flatMap((s) => s.citations) };
}

/** Pieces of a few words each, with their spacing, so the text streams like a model's. */
export function chunksOf(text: string, wordsPerChunk = 3): string[] {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerChunk) chunks.push(tokens.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

export interface OfflineChatEngineOptions {
  /** Pause between streamed pieces, so an answer reads as it is written; 0 streams at once. */
  chunkDelayMs?: number;
}

/**
 * The default chat engine: deterministic, no network. Retrieval over the knowledge base (BM25), the
 * veteran's own file, and the tools; the same question over the same file gives the same answer.
 */
export function createOfflineChatEngine({ chunkDelayMs = 12 }: OfflineChatEngineOptions = {}): ChatEngine {
  return {
    name: OFFLINE_CHAT_ENGINE_NAME,
    model: OFFLINE_CHAT_MODEL,
    async answer(request: ChatRequest, { signal, onDelta }: ChatCallOptions): Promise<EngineAnswer> {
      if (signal.aborted) throw cancelled();
      const answer = composeOfflineAnswer(request);
      for (const chunk of chunksOf(answer.body)) {
        if (chunkDelayMs > 0) await pause(chunkDelayMs, signal);
        else if (signal.aborted) throw cancelled();
        onDelta(chunk);
      }
      return answer;
    },
  };
}

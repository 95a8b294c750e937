import type { AnalysisResult, ClaimStatus, ConditionType } from '@cc/contracts';
import { findConditionMentions, type ConditionDef } from '../engines/offline/conditions';
import { splitSentences } from '../engines/offline/text';
import { AnalysisFailedError, OPENAI_ENGINE_NAME } from '../engines/openai/openAiEngine';
import { writingGuidance, type GuidedFieldKind } from './writingGuidance';
import {
  AI_SERVICE_MESSAGES,
  createOpenAiClient,
  Deadline,
  DEFAULT_OPENAI_MODEL,
  openAiSettingsFromEnv,
  serviceFaultOf,
} from '../openai/client';

/**
 * The wizard's per-field AI assist (spec doc 2 §2.1, §7 `POST /api/pdforge/ai-assist`). A suggestion
 * is grounded in what the app knows about this veteran: the form so far, their claims, their
 * completed analyses and any document text they picked; never a fixed text.
 */

export interface GroundingClaim {
  claimNumber: string;
  condition: string;
  conditionType: ConditionType;
  status: ClaimStatus;
  ratingPercentage: number | null;
  estimatedDecisionDate: string | null;
  filedAt: string;
}

export interface GroundingAnalysis {
  documentId: string;
  fileName: string;
  analyzedAt: string | null;
  result: AnalysisResult;
}

export interface Grounding {
  claims: GroundingClaim[];
  analyses: GroundingAnalysis[];
}

export interface FieldAssistInput {
  fieldName: string;
  fieldDescription: string;
  context: Record<string, unknown>;
  documentText: string;
  grounding: Grounding;
}

export interface FieldAssistSuggestion {
  suggestion: string;
  /** What it relied on, e.g. "Claim 2026-001", "sleep-study.pdf". */
  sources: string[];
}

/**
 * What the route answers: `facts` drawn from the veteran's own claims, analyses and text, or
 * `guidance` on what to write when they say nothing about the field (writingGuidance.ts).
 */
export interface FieldAssistAnswer extends FieldAssistSuggestion {
  kind: 'facts' | 'guidance';
}

/** Port: the offline engine by default, an OpenAI-compatible one when configured. */
export interface FieldAssistEngine {
  readonly name: string;
  readonly model: string;
  suggest(input: FieldAssistInput): Promise<FieldAssistSuggestion>;
}

/** No grounding for the field: said plainly, so the veteran knows what would let the assistant help. */
export class NothingToSuggestError extends Error {
  override readonly name = 'NothingToSuggestError';
}

// ---------------------------------------------------------------------------------------------
// Shared: which condition the field is about.

const CONDITION_FIELDS = [
  'condition_name',
  'condition',
  'condition_primary_1',
  'condition_secondary_1',
  'claim_issue',
  'issue',
  'diagnosis',
];

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The condition named by the field's own row or the form (a row's values come in `context.row`). */
export function conditionInContext(context: Record<string, unknown>): string {
  const row = typeof context.row === 'object' && context.row !== null ? (context.row as Record<string, unknown>) : {};
  for (const key of CONDITION_FIELDS) if (str(row[key])) return str(row[key]);
  for (const key of CONDITION_FIELDS) if (str(context[key])) return str(context[key]);
  return '';
}

const defOf = (text: string): ConditionDef | undefined => (text ? findConditionMentions(splitSentences(text))[0]?.def : undefined);

/** Loose match: same known condition, or one name contains the other. */
export function sameCondition(a: string, b: string): boolean {
  if (!a || !b) return false;
  const da = defOf(a);
  const db = defOf(b);
  if (da && db) return da.name === db.name;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.includes(y) || y.includes(x);
}

// ---------------------------------------------------------------------------------------------
// Offline engine: rules over the grounding.

type FieldKind = 'diagnostic' | 'symptoms' | 'impact' | 'statement' | 'rationale' | 'records' | 'issues' | 'event' | 'general';

export function fieldKind(fieldName: string, description = ''): FieldKind {
  const f = `${fieldName} ${description}`.toLowerCase();
  if (/diagnostic_code|\bicd\b|icd_|diagnosis_code|criteria/.test(f)) return 'diagnostic';
  if (/issue_list/.test(f)) return 'issues';
  if (/records_reviewed|evidence_ids|evidence_references|attachments/.test(f)) return 'records';
  if (/rationale|basis_nexus|opinion/.test(f)) return 'rationale';
  if (/in_service_event|service_event|key_events|onset/.test(f)) return 'event';
  if (/veteran_statement|statement/.test(f)) return 'statement';
  if (/symptom|frequency|flare/.test(f)) return 'symptoms';
  if (/impact|functional|adls|work|assistive/.test(f)) return 'impact';
  return 'general';
}

const SYMPTOM_WORDS =
  /\b(pain|ache|stiff|numb|tingl|radiat|spasm|flare|nightmare|flashback|hypervigil|irritab|panic|anxious|depressed mood|insomnia|trouble sleeping|fatigue|tired|somnolen|snor|apneas|AHI|CPAP|ringing|headache|migraine|dizz|shortness of breath|wheez|cough|swelling|limited|range of motion|flexion|episodes?|attacks?)/i;
const IMPACT_WORDS =
  /\b(work|job|employ|occupation|missed|absen|lift|stand|sit|walk|driv|concentrat|social|relationship|daily|chores|dress|bath|stairs|cane|brace|device|CPAP|unable|difficult|limit)/i;

/** The text with the condition's own names taken out, so "sleep apnea" is not itself a symptom. */
function withoutConditionNames(text: string, condition: string): string {
  const def = defOf(condition);
  const names = def ? [...def.names, ...(def.abbreviations ?? [])] : condition ? [condition.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')] : [];
  return names.reduce((t, n) => t.replace(new RegExp(`\\b(?:${n})\\b`, 'gi'), ' '), text);
}

interface Finding {
  text: string;
  source: string;
}

/** Sentences from the veteran's analyses and picked document text that mention the condition. */
function findingsFor(input: FieldAssistInput, condition: string, words: RegExp): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  const add = (text: string, source: string) => {
    const t = text.trim();
    const key = t.toLowerCase();
    if (!t || seen.has(key)) return;
    seen.add(key);
    out.push({ text: t, source });
  };
  for (const a of input.grounding.analyses) {
    const r = a.result;
    const matchesCondition = !condition || r.relevantConditions.some((c) => sameCondition(c, condition));
    if (!matchesCondition) continue;
    // A condition line of the engine's summary names the condition and nothing else.
    const candidates = [
      ...r.keyFindings.filter((k) => !k.startsWith('Condition: ')),
      ...r.conditionFindings.filter((f) => !condition || sameCondition(f.name, condition)).map((f) => f.source),
      // An event naming no condition belongs to the document, which is about this condition.
      ...(r.medicalTimeline?.timelineEvents ?? [])
        .filter((e) => !condition || e.conditions.length === 0 || e.conditions.some((c) => sameCondition(c, condition)))
        .map((e) => e.description),
      ...(r.medicalTimeline?.conditionProgression ?? [])
        .filter((p) => sameCondition(p.condition, condition))
        .map((p) => `${p.condition}: ${p.progression}; currently ${p.currentStatus}.`),
    ];
    for (const c of candidates) if (words.test(withoutConditionNames(c, condition))) add(c.replace(/^In-service event: /, ''), a.fileName);
  }
  if (input.documentText) {
    for (const s of splitSentences(input.documentText)) {
      if (words.test(withoutConditionNames(s.text, condition)) && (!condition || sameCondition(s.text, condition) || !defOf(s.text)))
        add(s.text, 'selected document');
    }
  }
  return out.slice(0, 8);
}

const claimLabel = (c: GroundingClaim) => `Claim ${c.claimNumber}`;

function claimsFor(input: FieldAssistInput, condition: string): GroundingClaim[] {
  return input.grounding.claims.filter((c) => !condition || sameCondition(c.condition, condition));
}

function suggestOffline(input: FieldAssistInput): FieldAssistSuggestion {
  const condition = conditionInContext(input.context);
  const kind = fieldKind(input.fieldName, input.fieldDescription);
  const sources = new Set<string>();
  const cite = (s: string) => sources.add(s);
  const done = (lines: string[]): FieldAssistSuggestion => {
    const suggestion = lines.filter(Boolean).join('\n').trim();
    if (!suggestion) {
      throw new NothingToSuggestError(
        condition
          ? `None of your claims or analyzed documents say anything about ${condition} for this field. Analyze a record that covers it, then ask again.`
          : 'Name the condition first (or analyze a record that covers it), then ask again.',
      );
    }
    return { suggestion, sources: [...sources] };
  };

  switch (kind) {
    case 'diagnostic': {
      const def =
        defOf(condition) ??
        input.grounding.analyses
          .flatMap((a) => a.result.conditionFindings)
          .map((f) => defOf(f.name))
          .find(Boolean);
      const finding = input.grounding.analyses
        .flatMap((a) => a.result.conditionFindings.map((f) => ({ f, file: a.fileName })))
        .find(({ f }) => sameCondition(f.name, condition || def?.name || ''));
      if (finding) cite(finding.file);
      const dc = finding?.f.diagnosticCode ?? def?.diagnosticCodes?.[0];
      const icd = finding?.f.icd10 ?? def?.icd10;
      if (/icd/i.test(input.fieldName)) return done([icd ?? '']);
      if (/criteria/i.test(input.fieldName)) return done([def?.ratingLevels ?? '']);
      if (dc && def) cite(`38 CFR Part 4, DC ${dc}`);
      return done([dc ?? '']);
    }
    case 'issues': {
      const names = [...new Set(input.grounding.claims.filter((c) => c.status !== 'approved').map((c) => c.condition))];
      input.grounding.claims.forEach((c) => cite(claimLabel(c)));
      return done([names.join(', ')]);
    }
    case 'records': {
      const lines = input.grounding.analyses
        .filter((a) => !condition || a.result.relevantConditions.some((c) => sameCondition(c, condition)))
        .map((a) => {
          cite(a.fileName);
          return `${a.result.documentType} — ${a.fileName}${a.analyzedAt ? ` (analyzed ${a.analyzedAt.slice(0, 10)})` : ''}`;
        });
      return done(lines);
    }
    case 'rationale': {
      const lines: string[] = [];
      for (const a of input.grounding.analyses) {
        const n = a.result.nexusEvaluation;
        if (n?.hasMedicalRationale && (!condition || a.result.relevantConditions.some((c) => sameCondition(c, condition)))) {
          lines.push(n.medicalRationale);
          cite(a.fileName);
        }
        for (const e of a.result.serviceConnectionEvidence ?? []) {
          if (!condition || sameCondition(e.condition, condition)) {
            lines.push(`${e.condition}: ${e.reasoning}`);
            cite(a.fileName);
          }
        }
      }
      return done([...new Set(lines)].slice(0, 4));
    }
    case 'event': {
      const lines: string[] = [];
      for (const a of input.grounding.analyses) {
        for (const e of a.result.serviceConnectionEvidence ?? []) {
          if ((!condition || sameCondition(e.condition, condition)) && e.inServiceEvent) {
            lines.push(e.inServiceEvent);
            cite(a.fileName);
          }
        }
        for (const e of a.result.medicalTimeline?.timelineEvents ?? []) {
          if (e.eventType === 'in-service' && (!condition || e.conditions.some((c) => sameCondition(c, condition)))) {
            lines.push(`${e.date}: ${e.description}`);
            cite(a.fileName);
          }
        }
      }
      if (/onset/i.test(input.fieldName)) {
        const first = input.grounding.analyses
          .flatMap((a) => a.result.medicalTimeline?.conditionProgression ?? [])
          .find((p) => sameCondition(p.condition, condition));
        if (first) return done([first.firstMention.slice(0, 4)]);
      }
      return done([...new Set(lines)].slice(0, 3));
    }
    case 'symptoms':
    case 'impact': {
      const words = kind === 'symptoms' ? SYMPTOM_WORDS : IMPACT_WORDS;
      const findings = findingsFor(input, condition, words);
      findings.forEach((f) => cite(f.source));
      return done(findings.map((f) => `- ${f.text}`));
    }
    case 'statement': {
      const claims = claimsFor(input, condition);
      const symptoms = findingsFor(input, condition, SYMPTOM_WORDS).slice(0, 3);
      const impact = findingsFor(input, condition, IMPACT_WORDS).slice(0, 3);
      claims.forEach((c) => cite(claimLabel(c)));
      [...symptoms, ...impact].forEach((f) => cite(f.source));
      const subject = condition || claims.map((c) => c.condition).join(', ');
      if (!subject && symptoms.length === 0) return done([]);
      return done([
        subject ? `I am claiming ${subject}.` : '',
        ...symptoms.map((f) => `My records note: ${f.text}`),
        ...impact.map((f) => `How it affects me: ${f.text}`),
        'I describe in my own words how often this happens, how long it lasts and what I can no longer do because of it.',
      ]);
    }
    default: {
      const findings = findingsFor(input, condition, /./);
      findings.forEach((f) => cite(f.source));
      return done(findings.slice(0, 4).map((f) => f.text));
    }
  }
}

export function createOfflineFieldAssistEngine(): FieldAssistEngine {
  return { name: 'offline', model: 'rules-1', suggest: async (input) => suggestOffline(input) };
}

// ---------------------------------------------------------------------------------------------
// Guidance instead of nothing.

const GUIDED_KINDS: readonly FieldKind[] = ['symptoms', 'impact', 'statement', 'general'];

/** What to write in this field for its condition, when it is a field the veteran writes from experience. */
export function guidanceFor(input: Pick<FieldAssistInput, 'fieldName' | 'fieldDescription' | 'context'>): FieldAssistAnswer | undefined {
  const kind = fieldKind(input.fieldName, input.fieldDescription);
  if (!GUIDED_KINDS.includes(kind)) return undefined;
  const condition = conditionInContext(input.context);
  const guidance = writingGuidance(kind as GuidedFieldKind, condition, defOf(condition));
  return guidance && { suggestion: guidance.text, sources: guidance.sources, kind: 'guidance' };
}

const knowsNothing = (input: FieldAssistInput) =>
  input.grounding.claims.length === 0 && input.grounding.analyses.length === 0 && !input.documentText.trim();

/**
 * Asks the engine for a suggestion from the veteran's own records; when those say nothing about the
 * field (the engine finds nothing, or there are no records to ask about), answers with guidance on
 * what to write instead. Without guidance either (no condition named, a code or a doctor's field),
 * the engine's NothingToSuggestError stands.
 */
export async function assistField(engine: FieldAssistEngine, input: FieldAssistInput): Promise<FieldAssistAnswer> {
  const guidance = guidanceFor(input);
  if (guidance && knowsNothing(input)) return guidance;
  try {
    return { ...(await engine.suggest(input)), kind: 'facts' };
  } catch (error) {
    if (error instanceof NothingToSuggestError && guidance) return guidance;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// OpenAI-compatible engine, through the shared client of `openai/client`.

const SYSTEM_PROMPT = [
  'You help a US veteran fill one field of a VA disability claim package or a nexus letter.',
  'Answer with the text to put in the field only: no preamble, no Markdown headings.',
  "Use only the facts given in the veteran's claims, analyses, form and document text; never invent medical facts, dates or diagnoses.",
  'If the facts do not support an answer, say in one sentence what record is needed.',
  'Diagnostic codes are 38 CFR Part 4 codes; nexus opinions use "at least as likely as not (50 percent or greater probability)".',
].join(' ');

/** A suggestion is asked for while the veteran waits: one attempt, a shorter time limit than analysis. */
const FIELD_ASSIST_TIMEOUT_MS = 30_000;

/** The package's error for the one attempt, as the failure the route shows (any refusal is "rejected"). */
function fieldAssistFailureOf(error: unknown, deadline: Deadline): AnalysisFailedError {
  if (error instanceof AnalysisFailedError) return error;
  const fault = serviceFaultOf(error);
  if (fault?.kind === 'status')
    return new AnalysisFailedError('rejected', `The AI service rejected the request (HTTP ${fault.status})`, { status: fault.status });
  if (deadline.expired || fault?.kind === 'timeout' || fault?.kind === 'aborted')
    return new AnalysisFailedError('timeout', AI_SERVICE_MESSAGES.timeout, { retryable: true });
  if (fault?.kind === 'unreachable')
    return new AnalysisFailedError('unreachable', AI_SERVICE_MESSAGES.unreachable, { retryable: true, cause: error });
  // A 200 whose body is not JSON.
  return new AnalysisFailedError('invalid-answer', AI_SERVICE_MESSAGES.empty);
}

export function createOpenAiFieldAssistEngine(options: {
  apiKey: string;
  model?: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): FieldAssistEngine {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const timeoutMs = options.timeoutMs ?? FIELD_ASSIST_TIMEOUT_MS;
  const client = createOpenAiClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, timeoutMs, fetchImpl: options.fetchImpl });
  return {
    name: OPENAI_ENGINE_NAME,
    model,
    async suggest(input) {
      const facts = {
        field: { name: input.fieldName, description: input.fieldDescription },
        form: input.context,
        claims: input.grounding.claims,
        analyses: input.grounding.analyses.map((a) => ({
          file: a.fileName,
          documentType: a.result.documentType,
          conditions: a.result.conditionFindings,
          keyFindings: a.result.keyFindings,
          serviceConnection: a.result.serviceConnectionEvidence,
          nexus: a.result.nexusEvaluation && {
            opinion: a.result.nexusEvaluation.nexusOpinion,
            rationale: a.result.nexusEvaluation.medicalRationale,
          },
          timeline: a.result.medicalTimeline?.timelineEvents.slice(0, 30),
        })),
        documentText: input.documentText.slice(0, 12_000),
      };
      const deadline = new Deadline(timeoutMs);
      let body: unknown;
      try {
        body = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: JSON.stringify(facts) },
            ],
            temperature: 0.2,
          },
          { signal: deadline.signal },
        );
      } catch (error) {
        throw fieldAssistFailureOf(error, deadline);
      } finally {
        deadline.clear();
      }
      const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new AnalysisFailedError('invalid-answer', AI_SERVICE_MESSAGES.empty);
      const sources = [...input.grounding.claims.map(claimLabel), ...input.grounding.analyses.map((a) => a.fileName)];
      return { suggestion: content.trim(), sources };
    },
  };
}

export function fieldAssistEngineFromEnv(env: Record<string, string | undefined> = process.env): FieldAssistEngine {
  const settings = openAiSettingsFromEnv(env);
  return settings ? createOpenAiFieldAssistEngine(settings) : createOfflineFieldAssistEngine();
}

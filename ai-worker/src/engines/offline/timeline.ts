import { type MedicalTimeline, type TimelineEvent } from '@cc/contracts';
import { type ConditionMention } from './conditions';
import { type Sentence } from './text';

/** Dates, providers, dated events, treatment gaps and continuity of care. */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`(January|February|March|April|May|June|July|August|September|Sept|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.?`;
const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, parse: (m) => [Number(m[3]), Number(m[1]), Number(m[2])] },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    re: new RegExp(String.raw`\b${MONTH_NAME}\s+(\d{1,2}),?\s+(\d{4})\b`, 'gi'),
    parse: (m) => [Number(m[3]), MONTHS.indexOf((m[1] ?? '').slice(0, 3).toLowerCase()) + 1, Number(m[2])],
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})\s+${MONTH_NAME}\s+(\d{4})\b`, 'gi'),
    parse: (m) => [Number(m[3]), MONTHS.indexOf((m[2] ?? '').slice(0, 3).toLowerCase()) + 1, Number(m[1])],
  },
];

export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

function valid(y: number, mo: number, d: number): boolean {
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Dates in MM/DD/YYYY, YYYY-MM-DD, "Month D, YYYY" and "D Month YYYY" forms, as ISO strings. */
const BIRTH_DATE_CUE = /\b(?:DOB|D\.O\.B\.?|date of birth|born(?: on)?)\s*[:#]?\s*$/i;

export function findDates(text: string): FoundDate[] {
  const out: FoundDate[] = [];
  for (const { re, parse } of DATE_PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const [y, mo, d] = parse(m);
      if (!valid(y, mo, d)) continue;
      const start = m.index;
      const end = m.index + m[0].length;
      if (out.some((o) => start < o.end && o.start < end)) continue;
      // A birth date is about the person, not the care: it must not start a "treatment gap".
      if (BIRTH_DATE_CUE.test(text.slice(Math.max(0, start - 20), start))) continue;
      out.push({ iso: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const PROVIDER_PATTERNS = [
  /\bDr\.\s+[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?/,
  /\b(?:[A-Z][A-Za-z.'-]+\s+){1,4}(?:VA Medical Center|VAMC|Medical Center|Hospital|Clinic|Health Center|CBOC|Community Based Outpatient Clinic|Sleep Center|Family Practice)\b/,
  /\bVA Medical Center\b|\bVAMC\b|\bBattalion Aid Station\b|\bTroop Medical Clinic\b|\bsick call\b/i,
];

/** The first provider named in a text: "Dr. X", a named medical center, hospital or clinic. */
export function findProvider(text: string): string | undefined {
  for (const re of PROVIDER_PATTERNS) {
    const m = re.exec(text);
    if (m) return m[0].trim();
  }
  return undefined;
}

const EVENT_TYPES: [TimelineEvent['eventType'], RegExp][] = [
  ['decision', /\b(rating decision|decision letter|we (?:granted|denied)|(?:is|was|are|were) (?:granted|denied)|service connection (?:is|was) (?:granted|denied))\b/i],
  ['in-service', /\b(sick call|in-service|while deployed|battalion aid station|troop medical clinic|service treatment record|enlistment|separation (?:exam|physical)|deployed|on active duty)\b/i],
  ['surgery', /\b(surgery|arthroscop\w*|operative|surgical|replacement)\b/i],
  ['imaging', /\b(x-rays?|MRI|CT scan|imaging|radiograph\w*)\b/i],
  ['examination', /\b(C&P|compensation and pension|DBQ|examination|exam|sleep study|polysomnogra\w*|audiogram|evaluation)\b/i],
  ['diagnosis', /\b(diagnos\w+|assessment:)\b/i],
  ['treatment', /\b(prescribed|treated|treatment|follow-?up|visit|therapy|medication|seen|started|admitted|refill)\b/i],
  ['statement', /\b(statement|letter|opinion|I (?:witnessed|served|saw|remember))\b/i],
];

const SIGNIFICANCE: Record<TimelineEvent['eventType'], string> = {
  decision: 'VA decision: starts decision-review deadlines (1 year for Higher-Level Review and Board Appeal)',
  'in-service': 'Documents an in-service event, injury or disease (element 2 of direct service connection)',
  surgery: 'Surgical treatment documents severity',
  imaging: 'Objective imaging evidence',
  examination: 'Examination findings used for rating',
  diagnosis: 'Establishes a current diagnosis (element 1 of service connection)',
  treatment: 'Shows ongoing treatment and continuity of care',
  statement: 'Lay or medical statement supporting the claim',
  other: 'Dated entry in the record',
};

export interface TimelineBuild {
  timeline: MedicalTimeline;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function monthsBetween(a: string, b: string): number {
  const [ya, ma, da] = a.split('-').map(Number) as [number, number, number];
  const [yb, mb, db] = b.split('-').map(Number) as [number, number, number];
  return (yb - ya) * 12 + (mb - ma) - (db < da ? 1 : 0);
}

function describeMonths(months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [];
  if (y) parts.push(`${y} year${y === 1 ? '' : 's'}`);
  if (m) parts.push(`${m} month${m === 1 ? '' : 's'}`);
  return parts.join(' ') || 'under 1 month';
}

/** Builds dated events from sentences that carry a date; a gap is more than 12 months between events for one condition. */
export function buildTimeline(sentences: Sentence[], mentions: ConditionMention[]): MedicalTimeline {
  const events: TimelineEvent[] = [];
  // The facility named in the document's heading is the provider of entries that name none.
  const headingProvider = findProvider(sentences.slice(0, 3).map((x) => x.text).join(' '));
  const conditionsIn = (ss: Sentence[]) => [...new Set(mentions.filter((m) => ss.includes(m.sentence)).map((m) => m.def.name))];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    const dates = findDates(s.text);
    if (!dates.length) continue;
    const group = [s];
    // A header line ("Date of visit: 03/14/2008") describes the lines that follow it.
    let rest = s.text;
    for (const d of dates) rest = rest.replace(s.text.slice(d.start, d.end), '');
    const wordsLeft = rest.replace(/\b(date|of|visit|encounter|note|entry|on|dated|signed)\b|[:\-–,]/gi, ' ').trim().split(/\s+/).filter(Boolean).length;
    for (let j = i + 1; wordsLeft < 4 && j < sentences.length && sentences[j]!.paragraph === s.paragraph && group.length < 3; j++) {
      if (findDates(sentences[j]!.text).length) break;
      group.push(sentences[j]!);
    }
    const paragraph = sentences.filter((p) => p.paragraph === s.paragraph);
    let conditions = conditionsIn(group);
    // A short dated paragraph is one entry; a long one (PDF text loses blank lines) is not.
    if (!conditions.length && paragraph.length <= 6) conditions = conditionsIn(paragraph);
    const description = group.map((g) => g.text).join(' ');
    const provider = findProvider(description) ?? findProvider(paragraph.map((p) => p.text).join(' ')) ?? headingProvider;
    const eventType = EVENT_TYPES.find(([, re]) => re.test(description))?.[0] ?? 'other';
    for (const d of dates.slice(0, 1)) {
      const event: TimelineEvent = { date: d.iso, eventType, description, significance: SIGNIFICANCE[eventType], conditions, source: description };
      if (provider) event.provider = provider;
      events.push(event);
    }
  }
  events.sort((a, b) => a.date.localeCompare(b.date));

  const conditionNames = [...new Set(mentions.map((m) => m.def.name))];
  const treatmentGaps: MedicalTimeline['treatmentGaps'] = [];
  const conditionProgression: MedicalTimeline['conditionProgression'] = [];
  for (const condition of conditionNames) {
    const dates = [...new Set(events.filter((e) => e.conditions.includes(condition)).map((e) => e.date))].sort();
    for (let i = 1; i < dates.length; i++) {
      const a = dates[i - 1]!;
      const b = dates[i]!;
      if (daysBetween(a, b) > 365 && monthsBetween(a, b) >= 12) {
        treatmentGaps.push({
          condition,
          duration: describeMonths(monthsBetween(a, b)),
          startDate: a,
          endDate: b,
          impact: `No documented treatment for ${condition} for more than 12 months; VA may read this as a break in continuity. Submit records covering the period or explain the gap in a statement.`,
        });
      }
    }
    const condEvents = events.filter((e) => e.conditions.includes(condition));
    const last = condEvents[condEvents.length - 1];
    const status = last && /\b(worse\w*|progress\w*|increas\w*)\b/i.test(last.description)
      ? 'Worsening'
      : last && /\b(improv\w*|resolved|better)\b/i.test(last.description)
        ? 'Improving'
        : last && /\bstable\b/i.test(last.description)
          ? 'Stable'
          : last
            ? `Last documented ${last.date}`
            : 'No dated entries';
    conditionProgression.push({
      condition,
      firstMention: dates[0] ?? 'undated',
      progression: dates.length ? `${dates.length} dated entr${dates.length === 1 ? 'y' : 'ies'} from ${dates[0]} to ${dates[dates.length - 1]}` : 'Mentioned without dated entries',
      currentStatus: status,
    });
  }

  const strengthFactors: string[] = [];
  if (events.length) strengthFactors.push(`${events.length} dated record entr${events.length === 1 ? 'y' : 'ies'}`);
  if (events.some((e) => e.eventType === 'in-service')) strengthFactors.push('In-service documentation present');
  const providers = new Set(events.map((e) => e.provider).filter(Boolean));
  if (providers.size) strengthFactors.push(`Providers named: ${[...providers].join(', ')}`);
  const concerningGaps = treatmentGaps.map((g) => `${g.condition}: ${g.duration} without treatment (${g.startDate} to ${g.endDate})`);
  const overallAssessment: MedicalTimeline['continuityOfCare']['overallAssessment'] =
    events.length === 0 || treatmentGaps.length >= 2
      ? 'poor'
      : treatmentGaps.length === 1 || events.length === 1
        ? 'fair'
        : events.length >= 4
          ? 'excellent'
          : 'good';
  return { continuityOfCare: { overallAssessment, strengthFactors, concerningGaps }, timelineEvents: events, conditionProgression, treatmentGaps };
}

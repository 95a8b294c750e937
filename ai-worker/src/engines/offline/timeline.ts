import { type MedicalTimeline, type TimelineEvent } from '@cc/contracts';
import { type ConditionMention } from './conditions';
import { type Sentence } from './text';

/** Dates, providers, dated events, treatment gaps and continuity of care. */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORDS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'Sept',
  'October',
  'November',
  'December',
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const MONTH_NAME = String.raw`(${MONTH_WORDS.join('|')})\.?`;
/** "March 2023" alone: capitalised (or all capitals), so that "may 2020" in running text is not a date. */
const MONTH_YEAR = new RegExp(String.raw`\b(${MONTH_WORDS.flatMap((m) => [m, m.toUpperCase()]).join('|')})\.?\s+(\d{4})\b`, 'g');
const monthOf = (name: string | undefined) => MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1;
/** Full dates first: a month and year inside "21 May 2020" is part of that date, not a date of its own. */
const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, parse: (m) => [Number(m[3]), Number(m[1]), Number(m[2])] },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    re: new RegExp(String.raw`\b${MONTH_NAME}\s+(\d{1,2}),?\s+(\d{4})\b`, 'gi'),
    parse: (m) => [Number(m[3]), monthOf(m[1]), Number(m[2])],
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})\s+${MONTH_NAME}\s+(\d{4})\b`, 'gi'),
    parse: (m) => [Number(m[3]), monthOf(m[2]), Number(m[1])],
  },
  // A month without its day stands for the month's first day.
  { re: MONTH_YEAR, parse: (m) => [Number(m[2]), monthOf(m[1]), 1] },
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

/** Dates in MM/DD/YYYY, YYYY-MM-DD, "Month D, YYYY", "D Month YYYY" and "Month YYYY" forms, as ISO strings. */
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
  [
    'decision',
    /\b(rating decision|decision letter|we (?:granted|denied)|(?:is|was|are|were) (?:granted|denied)|service connection (?:is|was) (?:granted|denied))\b/i,
  ],
  [
    'in-service',
    /\b(sick call|in-service|while deployed|battalion aid station|troop medical clinic|service treatment record|enlistment|separation (?:exam|physical)|deployed|on active duty)\b/i,
  ],
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

/**
 * Document types whose dated entries are visits: a bare date line there heads a visit, and a year
 * with no entry is a year without care. A letter, report or statement cites some records and not
 * others, so its dates show no gap. Notes without a recognisable heading are read as records of care.
 */
const CARE_RECORDS = ['VA treatment record', 'Private medical record', 'Service treatment record', 'Unclassified document'];
const SIGNATURE = /\b(signed|signature)\b/i;
/** The letterhead or title block, where a letter or report puts its own date. */
const HEADING_SENTENCES = 8;

/**
 * Builds dated events from sentences that carry a date, then the treatment gaps between them
 * (`findTreatmentGaps`). `documentType` (document-type.ts) tells a letter's own date from a visit.
 */
export function buildTimeline(
  sentences: Sentence[],
  mentions: ConditionMention[],
  documentType = 'Unclassified document',
): MedicalTimeline {
  const events: TimelineEvent[] = [];
  // The date a document was written or signed is not care, so it neither closes nor opens a gap.
  const documentDates = new Set<TimelineEvent>();
  // The facility named in the document's heading is the provider of entries that name none.
  const headingProvider = findProvider(
    sentences
      .slice(0, 3)
      .map((x) => x.text)
      .join(' '),
  );
  const conditionsIn = (ss: Sentence[]) => [...new Set(mentions.filter((m) => ss.includes(m.sentence)).map((m) => m.def.name))];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    const dates = findDates(s.text);
    if (!dates.length) continue;
    const group = [s];
    // A header line ("Date of visit: 03/14/2008") describes the lines that follow it.
    let rest = s.text;
    for (const d of dates) rest = rest.replace(s.text.slice(d.start, d.end), '');
    const wordsLeft = rest
      .replace(/\b(date|of|visit|encounter|note|entry|on|dated|signed)\b|[:\-–,]/gi, ' ')
      .trim()
      .split(/\s+/)
      .filter(Boolean).length;
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
    const ownDate = SIGNATURE.test(s.text) || (wordsLeft === 0 && s.index < HEADING_SENTENCES && !CARE_RECORDS.includes(documentType));
    for (const d of dates.slice(0, 1)) {
      const event: TimelineEvent = {
        date: d.iso,
        eventType,
        description,
        significance: SIGNIFICANCE[eventType],
        conditions,
        source: description,
      };
      if (provider) event.provider = provider;
      events.push(event);
      if (ownDate) documentDates.add(event);
    }
  }
  events.sort((a, b) => a.date.localeCompare(b.date));

  const conditionNames = [...new Set(mentions.map((m) => m.def.name))];
  const isCare = (event: TimelineEvent) => !documentDates.has(event) && isCareType(event);
  const found = CARE_RECORDS.includes(documentType) ? findTreatmentGaps(events, conditionNames, isCare) : [];
  const treatmentGaps = found.map((f) => f.gap);
  const conditionProgression: MedicalTimeline['conditionProgression'] = [];
  for (const condition of conditionNames) {
    const dates = [...new Set(events.filter((e) => e.conditions.includes(condition)).map((e) => e.date))].sort();
    const condEvents = events.filter((e) => e.conditions.includes(condition));
    const last = condEvents[condEvents.length - 1];
    const status =
      last && /\b(worse\w*|progress\w*|increas\w*)\b/i.test(last.description)
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
      progression: dates.length
        ? `${dates.length} dated entr${dates.length === 1 ? 'y' : 'ies'} from ${dates[0]} to ${dates[dates.length - 1]}`
        : 'Mentioned without dated entries',
      currentStatus: status,
    });
  }

  const care = events.filter(isCare);
  const strengthFactors: string[] = [];
  if (events.length) strengthFactors.push(`${events.length} dated record entr${events.length === 1 ? 'y' : 'ies'}`);
  if (events.some((e) => e.eventType === 'in-service')) strengthFactors.push('In-service documentation present');
  const providers = new Set(events.map((e) => e.provider).filter(Boolean));
  if (providers.size) strengthFactors.push(`Providers named: ${[...providers].join(', ')}`);
  const concerningGaps = found.map(({ gap: g, noCareAtAll }) =>
    noCareAtAll
      ? `No care for any condition for ${g.duration} (${g.startDate} to ${g.endDate})`
      : `${g.condition}: ${g.duration} without treatment (${g.startDate} to ${g.endDate})`,
  );
  // A gap always costs continuity; two gaps, or one of two years or more, make it poor.
  const longestGap = Math.max(0, ...treatmentGaps.map((g) => monthsBetween(g.startDate, g.endDate)));
  const overallAssessment: MedicalTimeline['continuityOfCare']['overallAssessment'] =
    care.length === 0 || treatmentGaps.length >= 2 || longestGap >= 24
      ? 'poor'
      : treatmentGaps.length === 1 || care.length === 1
        ? 'fair'
        : care.length >= 4
          ? 'excellent'
          : 'good';
  return {
    continuityOfCare: { overallAssessment, strengthFactors, concerningGaps },
    timelineEvents: events,
    conditionProgression,
    treatmentGaps,
  };
}

/** A VA decision or someone's statement is dated but is not care; every other kind of entry is. */
const isCareType = (event: TimelineEvent) => event.eventType !== 'decision' && event.eventType !== 'statement';

const GAP_MONTHS = 12;
type TreatmentGap = MedicalTimeline['treatmentGaps'][number];
/** `noCareAtAll`: no care entry of any kind in the period, not only none for the gap's condition. */
export interface FoundGap {
  gap: TreatmentGap;
  noCareAtAll: boolean;
}

/**
 * Gaps of 12 months or more in a record of care: first between consecutive care entries of any
 * kind (no care at all, whatever the condition), naming the conditions whose care stopped; then,
 * per condition, between its own entries (other care may have gone on meanwhile).
 */
export function findTreatmentGaps(
  events: readonly TimelineEvent[],
  conditionNames: readonly string[],
  isCare: (event: TimelineEvent) => boolean = isCareType,
): FoundGap[] {
  const care = events.filter(isCare);
  const found: FoundGap[] = [];
  const dates = [...new Set(care.map((e) => e.date))].sort();
  for (let i = 1; i < dates.length; i++) {
    const [start, end] = [dates[i - 1]!, dates[i]!];
    const months = monthsBetween(start, end);
    if (months < GAP_MONTHS) continue;
    const before = [...new Set(care.filter((e) => e.date <= start).flatMap((e) => e.conditions))];
    found.push({
      noCareAtAll: true,
      gap: {
        condition: before.length ? before.join(', ') : 'All conditions',
        duration: describeMonths(months),
        startDate: start,
        endDate: end,
        impact: `No documented care for any condition for ${describeMonths(months)}; VA may read a break in care as the condition having resolved, or weigh it against continuity of symptoms. Submit records covering the period or explain the gap in a statement.`,
      },
    });
  }
  for (const condition of conditionNames) {
    const own = [...new Set(care.filter((e) => e.conditions.includes(condition)).map((e) => e.date))].sort();
    for (let i = 1; i < own.length; i++) {
      const [start, end] = [own[i - 1]!, own[i]!];
      const months = monthsBetween(start, end);
      if (months < GAP_MONTHS || found.some(({ gap }) => gap.startDate === start && gap.endDate === end)) continue;
      found.push({
        noCareAtAll: false,
        gap: {
          condition,
          duration: describeMonths(months),
          startDate: start,
          endDate: end,
          impact: `No documented treatment for ${condition} for ${describeMonths(months)}; VA may read this as a break in continuity. Submit records covering the period or explain the gap in a statement.`,
        },
      });
    }
  }
  return found.sort((a, b) => a.gap.startDate.localeCompare(b.gap.startDate) || a.gap.endDate.localeCompare(b.gap.endDate));
}

import { en as chronoEnglish } from 'chrono-node';
import { daysBetweenDates } from '../deadlines';
import { memo } from './memo';

/**
 * Service dates in a sentence, as periods whose ends are known only to their precision: "March
 * 1975" is some day of March 1975, "1968" some day of 1968. Calendar dates (with a month, or a day)
 * are read by chrono-node; bare years, which chrono does not read, by the small grammar below
 * ("1968–69", "from 1968 to 1970", "between 1985 and 1987", "two tours, 1967 and 1970").
 *
 * A presumption window is then met for certain (every reading of the period overlaps it), possibly
 * (some reading does), or not at all.
 */

/** The days a date written to some precision can be: [earliest, latest], both YYYY-MM-DD. */
export interface DaySpan {
  earliest: string;
  latest: string;
}

/** A period of service: it began some day of `start` and ended some day of `end`. */
export interface ServicePeriod {
  start: DaySpan;
  end: DaySpan;
  /** The words it was read from. */
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function span(year: number, month?: number, day?: number): DaySpan {
  if (month === undefined) return { earliest: `${year}-01-01`, latest: `${year}-12-31` };
  if (day === undefined)
    return { earliest: `${year}-${pad(month)}-01`, latest: `${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}` };
  const d = `${year}-${pad(month)}-${pad(day)}`;
  return { earliest: d, latest: d };
}

/** Dates that are not when or where the veteran served (a diagnosis, a birth, an exam). */
const NOT_SERVICE_DATE =
  /\b(diagnos\w*|born|birth|DOB|exam\w*|seen|visit\w*|treat\w*|onset|began|started|prescrib\w*|retired|separat\w*|discharg\w*|enlist\w*|entered|since|surgery|decision|filed|rated|report\w*|letter|dated)\b[^,;]{0,30}$/i;

interface Found {
  period: ServicePeriod;
  from: number;
  to: number;
}

const YEAR = String.raw`(?:19[4-9]\d|20[0-4]\d)`;
const RANGE_WORD = String.raw`(?:to|through|thru|until|till|-|–|—)`;
/** "1968–69", "1968-1969", "from 1968 to 1970", "between 1985 and 1987". */
const YEAR_RANGE = new RegExp(String.raw`\b(?:(from|between)\s+)?(${YEAR})\s*(${RANGE_WORD}|and)\s*(${YEAR}|\d{2})\b(?![-/]\d)`, 'gi');
const LONE_YEAR = new RegExp(String.raw`(?<![\d/.-])\b(${YEAR})\b(?![-/.]\d)`, 'g');

function yearOf(text: string, startYear: number): number {
  if (text.length === 2) return Math.floor(startYear / 100) * 100 + Number(text);
  return Number(text);
}

/** Calendar dates chrono reads, each kept only when the text names a year. */
function calendarPeriods(sentence: string): Found[] {
  const out: Found[] = [];
  for (const r of chronoEnglish.parse(sentence, { instant: new Date(Date.UTC(2000, 0, 1)), timezone: 'UTC' })) {
    if (!new RegExp(YEAR).test(r.text) || !r.start.isCertain('year') || !r.start.isCertain('month')) continue;
    const startSpan = span(r.start.get('year')!, r.start.get('month')!, r.start.isCertain('day') ? r.start.get('day')! : undefined);
    const end =
      r.end && r.end.isCertain('year') && r.end.isCertain('month')
        ? span(r.end.get('year')!, r.end.get('month')!, r.end.isCertain('day') ? r.end.get('day')! : undefined)
        : startSpan;
    out.push({ period: { start: startSpan, end, text: r.text }, from: r.index, to: r.index + r.text.length });
  }
  return out;
}

/** Two dates joined by "to", "through" or a dash are one period ("Jan. 1975 – Dec. 1975"). */
function joinRanges(found: Found[], sentence: string): Found[] {
  const out: Found[] = [];
  for (const f of found) {
    const prev = out[out.length - 1];
    const between = prev ? sentence.slice(prev.to, f.from) : '';
    if (prev && prev.period.start === prev.period.end && new RegExp(String.raw`^\s*(?:${RANGE_WORD})\s*$`, 'i').test(between)) {
      out[out.length - 1] = {
        period: { start: prev.period.start, end: f.period.end, text: sentence.slice(prev.from, f.to) },
        from: prev.from,
        to: f.to,
      };
    } else out.push(f);
  }
  return out;
}

/** The periods of service a sentence gives, in text order. Dates of a diagnosis, birth or exam are left out. */
export function servicePeriods(sentence: string): ServicePeriod[] {
  return periodsOf(sentence);
}

const periodsOf = memo(5_000, readPeriods);

function readPeriods(sentence: string): ServicePeriod[] {
  const found = calendarPeriods(sentence);
  const taken = (from: number, to: number) => found.some((f) => from < f.to && f.from < to);
  for (const m of sentence.matchAll(YEAR_RANGE)) {
    const from = m.index;
    const to = from + m[0].length;
    if (taken(from, to)) continue;
    // "1967 and 1970" without "between" is two periods (the lone years below).
    if (m[3]!.toLowerCase() === 'and' && m[1]?.toLowerCase() !== 'between') continue;
    const a = Number(m[2]);
    const b = yearOf(m[4]!, a);
    if (b < a) continue;
    found.push({ period: { start: span(a), end: span(b), text: m[0] }, from, to });
  }
  for (const m of sentence.matchAll(LONE_YEAR)) {
    const from = m.index;
    const to = from + m[0].length;
    if (taken(from, to)) continue;
    const y = Number(m[1]);
    found.push({ period: { start: span(y), end: span(y), text: m[0] }, from, to });
  }
  found.sort((a, b) => a.from - b.from);
  return joinRanges(found, sentence)
    .filter((f) => !NOT_SERVICE_DATE.test(sentence.slice(Math.max(0, f.from - 60), f.from)))
    .map((f) => f.period);
}

export interface Window {
  from: string;
  /** Open-ended windows ("on or after Aug 2, 1990") have no end. */
  to?: string;
}

export type Overlap = 'certain' | 'possible' | 'none';

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** Inclusive days of [from, to] ∩ window (0 when they do not meet). */
function daysIn(from: string, to: string, window: Window): number {
  const a = later(from, window.from);
  const b = window.to ? earlier(to, window.to) : to;
  return a > b ? 0 : daysBetweenDates(a, b) + 1;
}

/**
 * Whether a period overlaps a window by at least `minDays` days: certain when its shortest reading
 * does (latest start, earliest end), possible when its longest reading does.
 */
export function overlapOf(period: ServicePeriod, window: Window, minDays = 1): Overlap {
  const shortest = period.start.latest <= period.end.earliest ? daysIn(period.start.latest, period.end.earliest, window) : 0;
  // A period written as one date ("in 1969") happened within it: every reading meets a window that holds it all.
  const single =
    period.start === period.end || (period.start.earliest === period.end.earliest && period.start.latest === period.end.latest);
  const inside = single && period.start.earliest >= window.from && (!window.to || period.start.latest <= window.to);
  if ((minDays <= 1 && inside) || shortest >= minDays) return 'certain';
  const longest = daysIn(period.start.earliest, period.end.latest, window);
  return longest >= minDays ? 'possible' : 'none';
}

/** The best overlap of several periods with a window. */
export function bestOverlap(periods: readonly ServicePeriod[], window: Window, minDays = 1): Overlap {
  const all = periods.map((p) => overlapOf(p, window, minDays));
  return all.includes('certain') ? 'certain' : all.includes('possible') ? 'possible' : 'none';
}

/** "Jan 9, 1962" for a YYYY-MM-DD day, as the windows are written to veterans. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${month} ${d}, ${y}`;
}

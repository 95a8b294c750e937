/**
 * Traumatic brain injury secondaries written into regulation (38 CFR 3.310(d); DOMAIN §10.5): held
 * proximately due to a service-connected TBI only for the severities and within the time windows
 * the regulation names. Outside them a TBI secondary needs an ordinary 3.310(a) nexus opinion.
 */

export type TbiSeverity = 'mild' | 'moderate' | 'severe';

export interface TbiSecondary {
  name: string;
  pattern: RegExp;
  /** Severity → the months after the TBI within which it must be manifest (null: no window). */
  windows: Partial<Record<TbiSeverity, number | null>>;
}

export const TBI_SECONDARIES: readonly TbiSecondary[] = [
  { name: 'Parkinsonism', pattern: /\bparkinson'?s\b|\bparkinsonism\b/i, windows: { moderate: null, severe: null } },
  { name: 'Unprovoked seizures', pattern: /\bseizures?\b|\bepilep\w*/i, windows: { moderate: null, severe: null } },
  { name: 'Certain dementias', pattern: /\bdementia\b|\balzheimer'?s\b|\blewy bod/i, windows: { moderate: 15 * 12, severe: 15 * 12 } },
  { name: 'Depression', pattern: /\bdepress(?:ion|ive)\b|\bMDD\b/i, windows: { mild: 12, moderate: 36, severe: 36 } },
  {
    name: 'Diseases of hormone deficiency (hypothalamo-pituitary changes)',
    pattern: /\bhypopituitar\w*|\bpituitary\b|\bhypothalam\w*|\bhormone deficiency\b|\bgrowth hormone\b/i,
    windows: { moderate: 12, severe: 12 },
  },
];

/** The most severe TBI a text names ("moderate TBI", "TBI, mild", "severe traumatic brain injury"). */
export function tbiSeverity(text: string): TbiSeverity | undefined {
  const found = new Set<TbiSeverity>();
  for (const m of text.matchAll(
    /\b(mild|moderate|severe)\b[^.;]{0,25}\b(?:TBI|traumatic brain injury|brain injury|concussion)\b|\b(?:TBI|traumatic brain injury)\b[^.;]{0,12}\b(mild|moderate|severe)\b/gi,
  )) {
    found.add((m[1] ?? m[2])!.toLowerCase() as TbiSeverity);
  }
  return found.has('severe') ? 'severe' : found.has('moderate') ? 'moderate' : found.has('mild') ? 'mild' : undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
};

/** "within 8 months of the TBI", "two years after the blast": months from the injury, when a sentence says. */
export function monthsAfterInjury(text: string): number | undefined {
  const m =
    /\b(?:within |about |approximately )?(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen) (months?|years?) (?:after|of|following) (?:the |his |her |my )?(?:TBI|traumatic brain injury|brain injury|head injury|injury|blast|concussion)\b/i.exec(
      text,
    );
  if (!m) return undefined;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()]!;
  return /^year/i.test(m[2]!) ? n * 12 : n;
}

export type TbiRuling = { status: 'presumed' | 'assumed' | 'not-covered'; secondary?: TbiSecondary; reason: string; nextStep?: string };

/** Whether 38 CFR 3.310(d) links a secondary condition to a service-connected TBI. */
export function tbiSecondaryRuling(secondary: string, severity: TbiSeverity | undefined, months: number | undefined): TbiRuling {
  const listed = TBI_SECONDARIES.find((s) => s.pattern.test(secondary));
  if (!listed)
    return {
      status: 'not-covered',
      reason: `${secondary} is not one of the TBI secondaries of 38 CFR 3.310(d); it needs a nexus opinion (38 CFR 3.310(a)).`,
    };
  if (!severity) {
    return {
      status: 'assumed',
      secondary: listed,
      reason: `38 CFR 3.310(d) links ${listed.name.toLowerCase()} to a TBI only of the severity it names, and the records do not say how severe the TBI was.`,
      nextStep: 'Upload the TBI evaluation that states its severity (mild, moderate or severe)',
    };
  }
  if (!(severity in listed.windows)) {
    return {
      status: 'not-covered',
      secondary: listed,
      reason: `38 CFR 3.310(d) links ${listed.name.toLowerCase()} only to a moderate or severe TBI; after a ${severity} TBI it needs a nexus opinion (38 CFR 3.310(a)).`,
    };
  }
  const window = listed.windows[severity];
  if (window === null || window === undefined)
    return {
      status: 'presumed',
      secondary: listed,
      reason: `38 CFR 3.310(d): ${listed.name.toLowerCase()} following a ${severity} TBI is held to be due to it.`,
    };
  const span = window % 12 === 0 ? `${window / 12} year${window === 12 ? '' : 's'}` : `${window} months`;
  if (months !== undefined && months <= window)
    return {
      status: 'presumed',
      secondary: listed,
      reason: `38 CFR 3.310(d): ${listed.name.toLowerCase()} manifest within ${span} of a ${severity} TBI is held to be due to it.`,
    };
  if (months !== undefined) {
    return {
      status: 'not-covered',
      secondary: listed,
      reason: `38 CFR 3.310(d) covers ${listed.name.toLowerCase()} only within ${span} of a ${severity} TBI; later it needs a nexus opinion (38 CFR 3.310(a)).`,
    };
  }
  return {
    status: 'assumed',
    secondary: listed,
    reason: `38 CFR 3.310(d) covers ${listed.name.toLowerCase()} within ${span} of a ${severity} TBI, and the records do not show when it began.`,
    nextStep: `Upload records that show ${listed.name.toLowerCase()} began within ${span} of the TBI`,
  };
}

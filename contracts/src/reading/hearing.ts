/**
 * Hearing loss as a disability for VA (38 CFR 3.385; DOMAIN §10.3): only when the puretone
 * threshold at any of 500, 1000, 2000, 3000 or 4000 Hz is 40 dB or greater, or at least three of
 * them are 26 dB or greater, or the Maryland CNC speech recognition score is under 94 percent.
 * A record that says "hearing loss" without these values does not show it; an audiogram does.
 */

export const HEARING_FREQUENCIES = [500, 1000, 2000, 3000, 4000] as const;
export type HearingFrequency = (typeof HEARING_FREQUENCIES)[number];

export interface EarTest {
  ear: 'left' | 'right';
  /** dB HL by frequency, as written. */
  thresholds: Partial<Record<HearingFrequency, number>>;
  /** Maryland CNC speech recognition, percent. */
  speechRecognition?: number;
}

const EAR = /^\s*(?:(right|rt\.?|RE|AD)|(left|lt\.?|LE|AS))\b(?:\s+ear)?\s*[:\-–]?/i;
const earOf = (m: RegExpExecArray): 'left' | 'right' => (m[1] ? 'right' : 'left');

function emptyTests(): Map<'left' | 'right', EarTest> {
  return new Map([
    ['right', { ear: 'right', thresholds: {} }],
    ['left', { ear: 'left', thresholds: {} }],
  ]);
}

const isFrequency = (n: number): n is HearingFrequency => (HEARING_FREQUENCIES as readonly number[]).includes(n);

/**
 * Reads an audiogram from text: a table (a row of frequencies, then a row of thresholds per ear),
 * inline pairs ("Right ear: 500 Hz 15 dB, 1000 Hz 20 dB, …") and Maryland CNC scores ("speech
 * recognition (Maryland CNC): right 92%, left 96%"). Ears without any value are left out.
 */
export function readAudiometry(text: string): EarTest[] {
  const tests = emptyTests();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let header: number[] | undefined;
  for (const line of lines) {
    const numbers = [...line.matchAll(/\b\d{3,4}\b/g)].map((m) => Number(m[0]));
    if (numbers.filter(isFrequency).length >= 3 && /hz|frequenc/i.test(line) && !EAR.test(line)) {
      header = numbers;
      continue;
    }
    const ear = EAR.exec(line);
    if (ear) {
      const test = tests.get(earOf(ear))!;
      const rest = line.slice(ear[0].length);
      const pairs = [...rest.matchAll(/\b(\d{3,4})\s*Hz\s*[:=]?\s*(-?\d{1,3})\s*(?:dB)?/gi)];
      if (pairs.length) {
        for (const p of pairs) if (isFrequency(Number(p[1]))) test.thresholds[Number(p[1]) as HearingFrequency] = Number(p[2]);
      } else if (header && !/%|percent/i.test(rest)) {
        const values = [...rest.matchAll(/-?\d{1,3}\b/g)].map((m) => Number(m[0]));
        header.forEach((hz, i) => {
          if (isFrequency(hz) && values[i] !== undefined) test.thresholds[hz] = values[i]!;
        });
      }
    }
  }
  // Speech recognition: "Maryland CNC … right 92%, left 96%" or "right ear 92 percent".
  for (const m of text.matchAll(/(?:maryland cnc|speech (?:recognition|discrimination)|word recognition)[^.\n]*/gi)) {
    for (const s of m[0].matchAll(/\b(right|left)(?:\s+ear)?\s*[:=]?\s*(\d{1,3})\s*(?:%|percent)/gi)) {
      tests.get(s[1]!.toLowerCase() as 'left' | 'right')!.speechRecognition = Number(s[2]);
    }
    for (const s of m[0].matchAll(/(\d{1,3})\s*(?:%|percent)\s*(?:in the |for the )?(right|left)\b/gi)) {
      tests.get(s[2]!.toLowerCase() as 'left' | 'right')!.speechRecognition = Number(s[1]);
    }
  }
  return [...tests.values()].filter((t) => Object.keys(t.thresholds).length > 0 || t.speechRecognition !== undefined);
}

export type HearingVerdict = 'meets' | 'does-not-meet' | 'incomplete';

/** 38 CFR 3.385 for one ear. */
export function hearingDisability(test: EarTest): { verdict: HearingVerdict; reason: string } {
  const values = HEARING_FREQUENCIES.map((hz) => test.thresholds[hz]).filter((v): v is number => v !== undefined);
  const ear = `${test.ear} ear`;
  const at40 = HEARING_FREQUENCIES.find((hz) => (test.thresholds[hz] ?? -Infinity) >= 40);
  if (at40) return { verdict: 'meets', reason: `The ${ear} threshold at ${at40} Hz is ${test.thresholds[at40]} dB (40 dB or more).` };
  if (values.filter((v) => v >= 26).length >= 3)
    return { verdict: 'meets', reason: `The ${ear} has three or more thresholds of 26 dB or more.` };
  if (test.speechRecognition !== undefined && test.speechRecognition < 94)
    return { verdict: 'meets', reason: `The ${ear} Maryland CNC score is ${test.speechRecognition}% (under 94%).` };
  if (values.length === HEARING_FREQUENCIES.length && test.speechRecognition !== undefined) {
    return {
      verdict: 'does-not-meet',
      reason: `The ${ear} thresholds and speech recognition score are within VA's limits (38 CFR 3.385).`,
    };
  }
  return {
    verdict: 'incomplete',
    reason: `The ${ear} audiogram does not give every threshold from 500 to 4000 Hz and a Maryland CNC score.`,
  };
}

/** What an audiogram shows for hearing loss as a disability, both ears together. */
export function hearingVerdict(tests: readonly EarTest[]): { verdict: HearingVerdict | 'no-values'; reason: string } {
  if (tests.length === 0)
    return { verdict: 'no-values', reason: 'No audiometric values (puretone thresholds, Maryland CNC score) were found.' };
  const verdicts = tests.map(hearingDisability);
  const met = verdicts.find((v) => v.verdict === 'meets');
  if (met) return { verdict: 'meets', reason: met.reason };
  const incomplete = verdicts.find((v) => v.verdict === 'incomplete');
  if (incomplete) return { verdict: 'incomplete', reason: incomplete.reason };
  return {
    verdict: 'does-not-meet',
    reason: 'The puretone thresholds and speech recognition scores do not reach the levels of 38 CFR 3.385.',
  };
}

import { hearingVerdict, readAudiometry } from './hearing';
import { stressorFacts } from './stressor';
import { monthsAfterInjury, tbiSecondaryRuling, tbiSeverity } from './tbi';

describe('hearing loss as a disability (38 CFR 3.385)', () => {
  it('a record without audiometric values does not show it', () => {
    expect(hearingVerdict(readAudiometry('Assessment: mild high-frequency hearing loss, bilateral.')).verdict).toBe('no-values');
  });

  it('reads a threshold table and applies the 40 dB rule', () => {
    const text = [
      'PURETONE THRESHOLDS (dB HL)',
      'Hz:      500  1000  2000  3000  4000',
      'RIGHT:    15    20    30    45    55',
      'LEFT:     10    15    20    25    30',
    ].join('\n');
    const tests = readAudiometry(text);
    expect(tests.find((t) => t.ear === 'right')!.thresholds).toEqual({ 500: 15, 1000: 20, 2000: 30, 3000: 45, 4000: 55 });
    expect(hearingVerdict(tests)).toMatchObject({ verdict: 'meets', reason: expect.stringContaining('3000 Hz is 45 dB') });
  });

  it.each([
    // Three thresholds of 26 dB or more.
    [
      'Right ear: 500 Hz 20 dB, 1000 Hz 26 dB, 2000 Hz 30 dB, 3000 Hz 35 dB, 4000 Hz 25 dB.\nMaryland CNC speech recognition: right 96%.',
      'meets',
    ],
    // Maryland CNC under 94 %.
    [
      'Right ear: 500 Hz 10 dB, 1000 Hz 10 dB, 2000 Hz 15 dB, 3000 Hz 20 dB, 4000 Hz 25 dB.\nMaryland CNC speech recognition: right 92%.',
      'meets',
    ],
    // Every value within the limits.
    [
      'Right ear: 500 Hz 10 dB, 1000 Hz 10 dB, 2000 Hz 15 dB, 3000 Hz 20 dB, 4000 Hz 25 dB.\nMaryland CNC speech recognition: right 98%.',
      'does-not-meet',
    ],
    // Some values, none over the limits, no speech score: it cannot be told.
    ['Right ear: 500 Hz 10 dB, 1000 Hz 10 dB, 2000 Hz 15 dB.', 'incomplete'],
  ])('%s → %s', (text, verdict) => {
    expect(hearingVerdict(readAudiometry(text)).verdict).toBe(verdict);
  });
});

describe('PTSD stressor facts (38 CFR 3.304(f))', () => {
  it.each([
    ['Awards: Combat Action Ribbon, Navy Unit Commendation.', ['combat-evidence']],
    ['Our convoy was hit by an IED outside Fallujah and two Marines were killed in action.', ['combat-stressor', 'hostile-fear']],
    ['The base took rocket and mortar fire almost every night, and I was afraid I would die.', ['hostile-fear']],
    [
      "The Veteran's stressor is adequate to support the diagnosis of PTSD, and his symptoms are related to his fear of hostile military or terrorist activity.",
      ['hostile-fear', 'examiner-confirms'],
    ],
    ['I was sexually assaulted by a fellow soldier in 1998.', ['personal-assault']],
    ['After that night I requested a transfer and my performance evaluations dropped.', ['assault-marker']],
    ['I was never in combat.', []],
    ['I saw a friend die in a training accident at Fort Bragg.', []],
  ] as const)('%s', (sentence, facts) => {
    expect(stressorFacts(sentence)).toEqual(facts);
  });
});

describe('TBI secondaries (38 CFR 3.310(d))', () => {
  it('reads the severity and the time after the injury', () => {
    expect(tbiSeverity('History of mild TBI from a 2007 IED blast.')).toBe('mild');
    expect(tbiSeverity('Traumatic brain injury, moderate, per the 2008 TBI evaluation.')).toBe('moderate');
    expect(tbiSeverity('Headaches since the blast.')).toBeUndefined();
    expect(monthsAfterInjury('Depression was diagnosed eight months after the TBI.')).toBe(8);
    expect(monthsAfterInjury('Seizures began two years after the injury.')).toBe(24);
  });

  it.each([
    ["Parkinson's disease", 'moderate', undefined, 'presumed'],
    ["Parkinson's disease", 'mild', undefined, 'not-covered'],
    ['Dementia', 'mild', undefined, 'not-covered'],
    ['Dementia', 'severe', 10 * 12, 'presumed'],
    ['Dementia', 'severe', 20 * 12, 'not-covered'],
    ['Depression', 'mild', 8, 'presumed'],
    ['Depression', 'mild', 18, 'not-covered'],
    ['Depression', 'moderate', undefined, 'assumed'],
    ['Unprovoked seizures', undefined, undefined, 'assumed'],
    ['Migraine', 'severe', undefined, 'not-covered'],
  ] as const)('%s after a %s TBI (%s months) → %s', (secondary, severity, months, status) => {
    expect(tbiSecondaryRuling(secondary, severity, months).status).toBe(status);
  });
});

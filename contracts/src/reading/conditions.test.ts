import diagnosticCodes from '../../reference-data/diagnostic-codes.json';
import { FAMILIES, findingMatches, layObservable, matchCondition, sameCondition, sidesConflict, splitSecondary } from './conditions';

/** Each side and each body part is its own disability (38 CFR 4.25(b); DOMAIN §10.8). */
const PAIRS: [string, string, boolean][] = [
  // Must match.
  ['Right knee strain', 'Right knee strain', true],
  ['Right knee condition', 'Right knee osteoarthritis', true],
  ['Knee condition', 'Left knee strain', true],
  ['Bilateral knee condition', 'Left knee strain', true],
  ['Right knee', 'Knee strain, right', true],
  ['Tinnitus', 'Recurrent tinnitus, bilateral', true],
  ['Hearing loss', 'Bilateral sensorineural hearing loss', true],
  ['Obstructive sleep apnea', 'Sleep apnea', true],
  ['PTSD', 'Post-traumatic stress disorder', true],
  ['Depression', 'Major depressive disorder', true],
  ['Low back pain', 'Lumbosacral strain', true],
  ['Back condition', 'Degenerative disc disease of the lumbar spine', true],
  ['Lumbosacral strain', 'Degenerative disc disease', true],
  ['Migraines', 'Migraine headaches', true],
  ['High blood pressure', 'Hypertension', true],
  ['Diabetes', 'Diabetes mellitus type 2', true],
  ['Left shoulder condition', 'Left shoulder impingement', true],
  ['Left lower extremity radiculopathy', 'Radiculopathy of the left lower extremity', true],
  ['Flat feet', 'Pes planus', true],
  ['Traumatic brain injury', 'TBI', true],
  ['Diverticulitis', 'Diverticulitis', true],
  // Must not match.
  ['Right knee strain', 'Left knee strain', false],
  ['Right knee condition', 'Left knee osteoarthritis', false],
  ['Hearing loss', 'Hair loss', false],
  ['Left knee strain', 'Lumbosacral strain', false],
  ['Tinnitus', 'Hearing loss', false],
  ['PTSD', 'Major depressive disorder', false],
  ['Right shoulder condition', 'Left shoulder condition', false],
  ['Right knee condition', 'Right hip condition', false],
  ['Left lower extremity radiculopathy', 'Right lower extremity radiculopathy', false],
  ['Sleep apnea', 'Insomnia', false],
  ['Prostate cancer', 'Lung cancer', false],
  ['Cervical strain', 'Lumbosacral strain', false],
  ['Left ankle sprain', 'Left knee sprain', false],
  ['Plantar fasciitis', 'Knee strain', false],
  ['Hypertension', 'Hypothyroidism', false],
  ['Diverticulitis', 'Hemorrhoids', false],
  ['Knee condition', 'GERD', false],
];

describe('condition matching by body part, side and condition family', () => {
  it('has at least 30 pairs, both ways', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(30);
    expect(PAIRS.filter(([, , same]) => same).length).toBeGreaterThanOrEqual(15);
    expect(PAIRS.filter(([, , same]) => !same).length).toBeGreaterThanOrEqual(15);
  });

  it.each(PAIRS)('%s vs %s → %s', (a, b, same) => {
    expect(sameCondition(a, b)).toBe(same);
    expect(sameCondition(b, a)).toBe(same);
  });

  it('takes the side from the sentence when the finding name has none', () => {
    const finding = { name: 'Knee condition', source: 'Assessment: left knee strain with small effusion.' };
    expect(findingMatches('Right knee condition', finding).same).toBe(false);
    expect(findingMatches('Left knee condition', finding).same).toBe(true);
  });

  it('says when the finding does not name the side the claim names', () => {
    expect(matchCondition('Right knee condition', 'Knee strain')).toEqual({ same: true, sideUnstated: true });
    expect(matchCondition('Right knee condition', 'Right knee strain')).toEqual({ same: true, sideUnstated: false });
  });

  it('tells when two texts name different sides of one body part', () => {
    expect(sidesConflict('my right knee', 'Left knee strain')).toBe(true);
    expect(sidesConflict('my knee', 'Left knee strain')).toBe(false);
    expect(sidesConflict('bilateral knees', 'Left knee strain')).toBe(false);
  });

  it('reads the diagnostic code', () => {
    expect(findingMatches('Tinnitus', { name: 'Ear condition', diagnosticCode: '6260' }).same).toBe(true);
    expect(findingMatches('Hearing loss', { name: 'Ear condition', diagnosticCode: '6260' }).same).toBe(false);
  });

  it("uses VA's diagnostic codes from the reference data", () => {
    const known = new Set(diagnosticCodes.map((d) => d.diagnosticCode));
    for (const f of FAMILIES)
      for (const code of f.codes ?? []) expect({ family: f.id, code, known: known.has(code) }).toEqual({ family: f.id, code, known: true });
  });

  it('splits a secondary claim', () => {
    expect(splitSecondary('Sleep apnea secondary to PTSD')).toEqual({ condition: 'Sleep apnea', primary: 'PTSD' });
    expect(splitSecondary('Right knee condition')).toEqual({ condition: 'Right knee condition', primary: null });
  });

  it('tinnitus is observable by the person who has it (Charles v. Principi)', () => {
    expect(layObservable('Tinnitus')).toBe(true);
    expect(layObservable('Obstructive sleep apnea')).toBe(false);
  });
});

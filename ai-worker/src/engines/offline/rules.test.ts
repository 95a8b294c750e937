import { ANALYSIS_TYPES, analysisResultSchema } from '@cc/contracts';
import { detectConditions } from './conditions';
import { createOfflineEngine } from './engine';
import { readOpinion } from '@cc/contracts/reading';
import { isNegated, splitSentences, unwrapLines } from './text';
import { findDates } from './timeline';

const conditionsOf = (text: string) => detectConditions(splitSentences(text)).findings.map((f) => f.name);

describe('probability classifier (DOMAIN §3.2)', () => {
  it.each([
    ['His sleep apnea is at least as likely as not related to his PTSD.', 'favourable', 'at least as likely as not'],
    ['It is more likely than not that the injury caused his back condition.', 'favourable', 'more likely than not'],
    ['The condition is as likely as not due to service.', 'favourable', 'as likely as not'],
    ['The condition is less likely than not related to service.', 'unfavourable', 'less likely than not'],
    ['The condition is not at least as likely as not caused by service.', 'unfavourable', 'not at least as likely as not'],
    ['It is unlikely that the tinnitus is related to service.', 'unfavourable', 'unlikely'],
    ['His sleep apnea may be related to his PTSD.', 'speculative', 'may be'],
    ['The headaches could be a result of the injury.', 'speculative', 'could be'],
    ['The condition is possibly related to service.', 'speculative', 'possibly'],
    ['I cannot rule out a connection to service.', 'speculative', 'cannot rule out'],
  ])('%s -> %s', (sentence, classification, phrase) => {
    const r = readOpinion(sentence);
    expect(r.classification).toBe(classification);
    expect(r.phrases.map((p) => p.phrase)).toContain(phrase);
  });

  it('"may be related" is not "at least as likely as not"', () => {
    expect(readOpinion('It may be related to service.').phrases.some((p) => p.standard)).toBe(false);
  });

  it('finds nothing in neutral text', () => {
    expect(readOpinion('The veteran was seen in clinic today.').classification).toBe('none');
  });
});

describe('negation', () => {
  it.each([
    ['Patient denies chest pain and hypertension.', 'hypertension'],
    ['There is no evidence of sleep apnea.', 'sleep apnea'],
    ['Negative for tinnitus.', 'tinnitus'],
    ['Sleep apnea was ruled out by sleep study.', 'Sleep apnea'],
    ['Family history of diabetes.', 'diabetes'],
  ])('%s', (sentence, term) => {
    const at = sentence.indexOf(term);
    expect(isNegated(sentence, at, at + term.length)).toBe(true);
  });

  it('keeps affirmed conditions and probability phrases', () => {
    const s = 'His OSA is at least as likely as not related to his PTSD.';
    const at = s.indexOf('PTSD');
    expect(isNegated(s, at, at + 4)).toBe(false);
    expect(conditionsOf('Denies chest pain. Diagnosed with PTSD and GERD.')).toEqual(['PTSD', 'GERD']);
    expect(conditionsOf('There is no other explanation for his sleep apnea.')).toEqual(['Obstructive sleep apnea']);
    expect(conditionsOf('No history of diabetes. No evidence of TBI.')).toEqual([]);
  });
});

describe('condition detection', () => {
  it('recognises abbreviations, diagnostic codes and ICD-10 codes', () => {
    const found = detectConditions(splitSentences('Assessment: OSA, IBS and DDD. Rated under DC 6260. ICD-10: F43.10.')).findings;
    expect(found.map((f) => f.name).sort()).toEqual([
      'Degenerative disc disease',
      'Irritable bowel syndrome',
      'Obstructive sleep apnea',
      'PTSD',
      'Tinnitus',
    ]);
    expect(found.find((f) => f.name === 'Tinnitus')?.diagnosticCode).toBe('6260');
    expect(found.find((f) => f.name === 'PTSD')).toMatchObject({ icd10: 'F43.10', diagnosticCode: '9411', source: 'ICD-10: F43.10.' });
  });
});

describe('dates and sentences', () => {
  it('parses the three common date forms to ISO', () => {
    expect(findDates('Seen 03/14/2008, again March 14, 2009 and 2010-03-14; also 12 June 2006.').map((d) => d.iso)).toEqual([
      '2008-03-14',
      '2009-03-14',
      '2010-03-14',
      '2006-06-12',
    ]);
  });

  it('rejects impossible dates', () => {
    expect(findDates('02/30/2008 and 13/01/2008')).toEqual([]);
  });

  it('skips birth dates', () => {
    expect(findDates('RE: Marcus Delaney, DOB 04/11/1981, seen 06/03/2024. Date of birth: 1981-04-11.').map((d) => d.iso)).toEqual([
      '2024-06-03',
    ]);
  });

  it('joins lines wrapped inside a sentence and keeps form lines apart', () => {
    expect(
      unwrapLines(
        'It is at least as likely\nas not that his sleep apnea is secondary to PTSD, as the medications\ncaused weight gain.\nDate: 01/02/2020\nProvider: Dr. Ruiz',
      ),
    ).toEqual([
      'It is at least as likely as not that his sleep apnea is secondary to PTSD, as the medications caused weight gain.',
      'Date: 01/02/2020',
      'Provider: Dr. Ruiz',
    ]);
  });

  it('does not split on Dr. or decimal codes', () => {
    expect(splitSentences('Seen by Dr. Smith for F43.10 today. Next visit in May.').map((s) => s.text)).toEqual([
      'Seen by Dr. Smith for F43.10 today.',
      'Next visit in May.',
    ]);
  });
});

describe('engine output', () => {
  const text = [
    'Riverside Clinic',
    '01/05/2015: Diagnosed with PTSD after a deployment to Iraq in 2005. Dr. Ana Ruiz.',
    '03/10/2017: Follow-up for PTSD. Sleep study shows obstructive sleep apnea.',
    'It is at least as likely as not (50 percent or greater probability) that his sleep apnea is secondary to his service-connected PTSD because the medications caused weight gain.',
    'Jane Roe, MD',
  ].join('\n');

  it.each(ANALYSIS_TYPES)('%s output validates against analysisResultSchema', async (analysisType) => {
    const r = await createOfflineEngine().analyze({ text, analysisType });
    expect(analysisResultSchema.safeParse(r).success).toBe(true);
    expect(r.analysisType).toBe(analysisType);
    expect(r.engine).toEqual({ name: 'offline', model: expect.any(String) });
  });

  it('finds the treatment gap, the nexus opinion and secondary conditions', async () => {
    const engine = createOfflineEngine();
    const t = await engine.analyze({ text, analysisType: 'timeline' });
    expect(t.medicalTimeline?.treatmentGaps).toEqual([
      expect.objectContaining({ condition: 'PTSD', startDate: '2015-01-05', endDate: '2017-03-10' }),
    ]);
    expect(t.medicalTimeline?.timelineEvents[0]?.provider).toBe('Dr. Ana Ruiz');
    const n = await engine.analyze({ text, analysisType: 'nexus-letter' });
    expect(n.nexusEvaluation).toMatchObject({ classification: 'favourable', hasRequiredLanguage: true });
    expect(n.nexusEvaluation?.doctorQualifications.credentials).toEqual(['MD']);
    const s = await engine.analyze({ text, analysisType: 'secondary-conditions' });
    const osa = s.secondaryConditionsAnalysis?.potentialSecondaryConditions.find((p) => p.secondaryCondition === 'Obstructive sleep apnea');
    expect(osa).toMatchObject({ causedByPrimary: 'PTSD', documented: true });
    expect(s.secondaryConditionsAnalysis?.identifiedPrimaryConditions.find((p) => p.condition === 'PTSD')?.serviceConnected).toBe(true);
  });

  it('points to VA Form 21-4142 for private records and flags a missing nexus', async () => {
    const r = await createOfflineEngine().analyze({
      text: 'Seen at Oak Hollow Family Practice for tinnitus.',
      analysisType: 'missing-evidence',
    });
    const gaps = r.missingEvidenceAnalysis!.documentationGaps;
    expect(gaps.some((g) => g.howToObtain.includes('21-4142'))).toBe(true);
    expect(gaps.find((g) => g.category === 'Medical nexus')?.importance).toBe('critical');
  });
});

describe('treatment gaps across years', () => {
  const notes = (entries: [string, string][]) =>
    [
      'Jesse Brown VA Medical Center, Chicago IL',
      'PRIMARY CARE PROGRESS NOTES',
      '',
      ...entries.flatMap(([date, text]) => [date, text, '']),
    ].join('\n');
  const before: [string, string][] = [
    ['08/14/2018', 'Veteran seen for low back pain. Assessment: lumbar strain. Plan: naproxen.'],
    ['February 3, 2019', 'Follow-up for lumbar strain. Pain improved with physical therapy.'],
    ['11 Sep 2019', 'Visit for hypertension and lumbar strain. Blood pressure 148/92. Started lisinopril 10 mg.'],
    ['2020-05-21', 'Follow-up for hypertension and lumbar strain. Blood pressure controlled.'],
  ];
  const resumed: [string, string] = [
    'March 2023',
    'Veteran returns to clinic after almost three years. Tinnitus in both ears, worse at night.',
  ];
  const timeline = async (text: string) => (await createOfflineEngine().analyze({ text, analysisType: 'timeline' })).medicalTimeline!;

  it('reads all five date forms as timeline dates', () => {
    expect(findDates('Seen 05/21/2020, May 21, 2020, 21 May 2020, 2020-05-21 and again March 2023.').map((d) => d.iso)).toEqual([
      '2020-05-21',
      '2020-05-21',
      '2020-05-21',
      '2020-05-21',
      '2023-03-01',
    ]);
    expect(findDates('A month and year: MARCH 2023, Sept. 2019.').map((d) => d.iso)).toEqual(['2023-03-01', '2019-09-01']);
    // "may" the verb is not a month.
    expect(findDates('Symptoms may 2020 have started earlier.')).toEqual([]);
  });

  it('finds a gap of 12 months or more without care for any condition, with dates, duration and impact', async () => {
    const t = await timeline(notes([...before, resumed]));
    expect(t.timelineEvents.map((e) => e.date)).toEqual(['2018-08-14', '2019-02-03', '2019-09-11', '2020-05-21', '2023-03-01']);
    expect(t.treatmentGaps).toEqual([
      {
        condition: 'Lumbosacral strain, Hypertension',
        duration: '2 years 9 months',
        startDate: '2020-05-21',
        endDate: '2023-03-01',
        impact: expect.stringContaining('No documented care for any condition for 2 years 9 months'),
      },
    ]);
    expect(t.continuityOfCare.concerningGaps).toEqual(['No care for any condition for 2 years 9 months (2020-05-21 to 2023-03-01)']);
  });

  it('lowers continuity of care', async () => {
    const followUp = 'Follow-up for hypertension. Stable.';
    const regular = await timeline(
      notes([...before, ['12/01/2020', followUp], ['October 5, 2021', followUp], ['2022-08-10', followUp], resumed]),
    );
    expect(regular.treatmentGaps).toEqual([]);
    expect(regular.continuityOfCare.overallAssessment).toBe('excellent');
    expect((await timeline(notes([...before, resumed]))).continuityOfCare.overallAssessment).toBe('poor');
    const oneYear = await timeline(notes([...before, ['May 21, 2021', 'Follow-up for hypertension. Stable.']]));
    expect(oneYear.treatmentGaps.map((g) => [g.startDate, g.endDate, g.duration])).toEqual([['2020-05-21', '2021-05-21', '1 year']]);
    expect(oneYear.continuityOfCare.overallAssessment).toBe('fair');
  });

  it('still finds a gap for one condition while other care goes on', async () => {
    const t = await timeline(
      notes([
        before[0]!,
        ['11 Mar 2019', 'Visit for hypertension. Blood pressure 148/92.'],
        ['December 2, 2019', 'Visit for hypertension. Blood pressure 138/88.'],
        ['2020-05-21', 'Visit for hypertension. Controlled.'],
        ['2020-11-02', 'Lumbar strain flared after lifting. Assessment: lumbar strain.'],
      ]),
    );
    expect(t.treatmentGaps.map((g) => [g.condition, g.startDate, g.endDate])).toEqual([['Lumbosacral strain', '2018-08-14', '2020-11-02']]);
  });

  it('does not count a signature date as care', async () => {
    const signed = notes([before[0]!, ['Signed: Dr. Ana Ruiz, 01/22/2024', 'Electronically signed.']]);
    expect((await timeline(signed)).treatmentGaps).toEqual([]);
  });

  it("reads no gap from a letter's dates: a letter cites some records, not every visit", async () => {
    const letter = [
      'Lakeside Orthopedics',
      '',
      'January 22, 2024',
      '',
      'To whom it may concern:',
      '',
      'I treated Mr. Hale for lumbar strain on 03/02/2019 and saw him again for lumbar strain on 04/04/2022.',
    ].join('\n');
    const t = await timeline(letter);
    expect(t.timelineEvents.map((e) => e.date)).toEqual(['2019-03-02', '2024-01-22']);
    expect(t.treatmentGaps).toEqual([]);
  });
});

describe('the three elements of service connection', () => {
  const layStatement = [
    'STATEMENT IN SUPPORT OF CLAIM (VA Form 21-4138)',
    '',
    'I hurt my left knee in March 2009 while I was stationed at Fort Hood, when I jumped down from the back of a truck during a field exercise and landed wrong.',
    'My knee swelled up and I wrapped it myself. Since then my knee injury has never been the same. It gives out on stairs and aches every morning.',
    'I believe my knee problems are at least as likely as not due to that fall in service.',
  ].join('\n');
  const analyze = (text: string, analysisType: 'missing-evidence' | 'service-connection') =>
    createOfflineEngine().analyze({ text, analysisType });
  const critical = (r: Awaited<ReturnType<typeof analyze>>) =>
    r.missingEvidenceAnalysis!.documentationGaps.filter((g) => g.importance === 'critical');

  it('reports the missing current diagnosis of a lay statement as a critical gap, with how to obtain it', async () => {
    const r = await analyze(layStatement, 'missing-evidence');
    expect(r.documentType).toBe('Lay / buddy statement');
    expect(r.relevantConditions).toEqual(['Knee condition']);
    const diagnosis = critical(r).find((g) => /current diagnosis/i.test(g.missingItem));
    expect(diagnosis).toMatchObject({
      category: 'Current diagnosis',
      missingItem: 'A current diagnosis of Knee condition by a medical professional',
    });
    expect(diagnosis!.impact).toMatch(/only a medical professional can diagnose/);
    expect(diagnosis!.howToObtain).toContain('21-0960M-9 Knee and Lower Leg Conditions');
    expect(r.missingEvidenceAnalysis!.overallCompleteness.criticalMissing).toContain(
      'A current diagnosis of Knee condition by a medical professional',
    );
    expect(r.suggestedActions[0]).toBe(diagnosis!.howToObtain);
  });

  it('never takes a lay opinion for the medical nexus, and a lay statement is never complete', async () => {
    const r = await analyze(layStatement, 'missing-evidence');
    expect(critical(r).map((g) => g.category)).toEqual(['Current diagnosis', 'Medical nexus']);
    expect(critical(r).find((g) => g.category === 'Medical nexus')?.missingItem).toMatch(/nexus/);
    // The in-service event is what a lay statement can show.
    expect(critical(r).some((g) => /in-service event/.test(g.missingItem))).toBe(false);
    expect(r.missingEvidenceAnalysis!.overallCompleteness.rating).not.toBe('complete');
    expect(r.missingEvidenceAnalysis!.overallCompleteness.rating).not.toBe('mostly-complete');
  });

  it('names every absent element: current diagnosis, in-service event, nexus', async () => {
    const r = await analyze('Notes from the appointment on 04/02/2024. The veteran asked about his claim.', 'missing-evidence');
    expect(r.missingEvidenceAnalysis!.overallCompleteness.criticalMissing).toEqual([
      'A current diagnosis',
      'Evidence of an in-service event, injury, disease or exposure',
      'A medical nexus opinion',
    ]);
    for (const gap of critical(r)) expect(gap.howToObtain.length).toBeGreaterThan(20);
  });

  it('service connection: the lay statement has no current diagnosis and no medical nexus, and says so', async () => {
    const r = await analyze(layStatement, 'service-connection');
    const [knee] = r.serviceConnectionEvidence!;
    expect(knee).toMatchObject({ condition: 'Knee condition', evidenceStrength: 'weak', connectionType: 'direct' });
    expect(knee!.reasoning).toMatch(/^No current diagnosis of Knee condition: This is a lay statement/);
    expect(knee!.reasoning).toContain('An in-service event, injury or exposure is described.');
    expect(knee!.reasoning).toContain('No medical nexus opinion: a lay statement cannot supply one.');
    expect(r.missingInformation).toEqual(expect.arrayContaining(['A current diagnosis of Knee condition by a medical professional']));
  });

  it('service records show a diagnosis during service, not a current one', async () => {
    const str =
      'CHRONOLOGICAL RECORD OF MEDICAL CARE (SF 600)\n\n12 June 2006\nSick call, Troop Medical Clinic. Assessment: right knee sprain after an airborne training jump.';
    const r = await analyze(str, 'missing-evidence');
    expect(r.missingEvidenceAnalysis!.overallCompleteness.criticalMissing).toEqual([
      'A current diagnosis of Knee condition by a medical professional',
      'A medical nexus opinion',
    ]);
  });

  it('a medical record with all three elements has no critical gap', async () => {
    const text = [
      'Riverside Clinic',
      '01/05/2015: Diagnosed with PTSD after a deployment to Iraq in 2005. Dr. Ana Ruiz.',
      'It is at least as likely as not (50 percent or greater probability) that his PTSD is due to the IED blast he survived during his service in Iraq.',
    ].join('\n');
    const r = await analyze(text, 'missing-evidence');
    expect(critical(r)).toEqual([]);
  });
});

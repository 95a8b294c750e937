import { assistField, createOfflineFieldAssistEngine, guidanceFor, type FieldAssistInput } from './fieldAssist';

const NO_RECORDS = { claims: [], analyses: [] };

describe('guidance on what to write when the records say nothing', () => {
  it.each([
    // field, its description, the condition as the veteran names it, what the guidance must say, what it must not
    [
      'symptoms',
      'Symptoms of the claimed condition',
      'Obstructive sleep apnea',
      ["VA's DBQ 21-0960L-2, Sleep Apnea", 'How often:', 'Flare-ups:', 'Breathing assistance device (CPAP) use', 'DC 6847: 0/30/50/100'],
      ['Range of motion', 'Effect on work'],
    ],
    [
      'symptoms',
      '',
      'left knee strain',
      ["VA's DBQ 21-0960M-9, Knee and Lower Leg Conditions", 'Range of motion:', 'Flare-ups:', 'Instability testing', 'DC 5260 flexion'],
      ['Effect on work'],
    ],
    [
      'work_impact',
      'How the condition affects work',
      'migraine headaches',
      ["VA's DBQ 21-0960C-8, Headaches (Including Migraine Headaches)", 'Effect on work:', 'Flare-ups:'],
      ['Range of motion', 'How VA rates it'],
    ],
    [
      'veteran_statement',
      'Your statement in support of the claim',
      'chronic lower back pain from a lumbosacral strain',
      ["VA's DBQ 21-0960M-14, Back (Thoracolumbar Spine) Conditions", 'How often:', 'Flare-ups:', 'Range of motion:', 'Effect on work:'],
      [],
    ],
    // A condition the app has no definition of: the topics every DBQ asks about, and no DBQ is named.
    [
      'symptoms',
      '',
      'ankle sprain',
      ['What to write about ankle sprain, in your own words:', 'How often:', 'Flare-ups:'],
      ['DBQ', 'How VA rates it'],
    ],
  ])('%s about "%s" for %s', (fieldName, fieldDescription, condition, says, doesNotSay) => {
    const guidance = guidanceFor({ fieldName, fieldDescription, context: { condition_name: condition } });
    expect(guidance?.kind).toBe('guidance');
    for (const text of says) expect(guidance!.suggestion).toContain(text);
    for (const text of doesNotSay) expect(guidance!.suggestion).not.toContain(text);
    expect(guidance!.suggestion.startsWith(`What to write about ${condition}`)).toBe(true);
  });

  it.each([
    ['no condition named', 'symptoms', {}],
    ['a diagnostic code', 'diagnostic_code', { condition_name: 'Obstructive sleep apnea' }],
    ["a doctor's rationale", 'rationale', { condition_name: 'Obstructive sleep apnea' }],
    ['the records reviewed', 'records_reviewed', { condition_name: 'Obstructive sleep apnea' }],
  ])('gives none for %s', (_case, fieldName, context) => {
    expect(guidanceFor({ fieldName, fieldDescription: '', context })).toBeUndefined();
  });

  it('cites the DBQ and the diagnostic code it follows, never a record of the veteran', () => {
    expect(guidanceFor({ fieldName: 'symptoms', fieldDescription: '', context: { row: { condition: 'Tinnitus' } } })?.sources).toEqual([
      '38 CFR Part 4, DC 6260',
    ]);
    expect(guidanceFor({ fieldName: 'symptoms', fieldDescription: '', context: { condition_name: 'PTSD' } })?.sources).toEqual([
      'DBQ 21-0960P-3 Review Post Traumatic Stress Disorder (PTSD)',
      '38 CFR Part 4, DC 9411',
    ]);
  });
});

describe('assistField', () => {
  const engine = createOfflineFieldAssistEngine();
  const input = (over: Partial<FieldAssistInput>): FieldAssistInput => ({
    fieldName: 'symptoms',
    fieldDescription: '',
    context: { condition_name: 'Obstructive sleep apnea' },
    documentText: '',
    grounding: NO_RECORDS,
    ...over,
  });

  it("answers facts from the veteran's own text, and says so", async () => {
    const answer = await assistField(
      engine,
      input({ documentText: 'I stop breathing at night and my wife hears loud snoring every night.' }),
    );
    expect(answer.kind).toBe('facts');
    expect(answer.suggestion).toContain('loud snoring every night');
  });

  it('answers guidance when the text it has says nothing about the field', async () => {
    const answer = await assistField(engine, input({ documentText: 'The veteran served at Fort Hood from 2004 to 2008.' }));
    expect(answer.kind).toBe('guidance');
    expect(answer.suggestion).not.toContain('Fort Hood');
  });

  it('never asks the engine when there are no records at all', async () => {
    const asked: string[] = [];
    const counting = { ...engine, suggest: async (i: FieldAssistInput) => (asked.push(i.fieldName), engine.suggest(i)) };
    expect((await assistField(counting, input({}))).kind).toBe('guidance');
    expect(asked).toEqual([]);
  });

  it('keeps the reason when it can neither suggest nor guide', async () => {
    await expect(assistField(engine, input({ context: {} }))).rejects.toThrow('Name the condition first');
  });
});

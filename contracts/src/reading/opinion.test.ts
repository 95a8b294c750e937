import { concludeOpinion, readCausalStatement, readOpinion, type OpinionReading } from './opinion';

/**
 * Sentences as VA examiners, private physicians and the Board write them, each with the
 * classification DOMAIN §3.2 and §10.7 give it.
 */
const SENTENCES: [string, OpinionReading][] = [
  // Favourable: the legal standard and its equivalents.
  [
    "It is at least as likely as not (50 percent or greater probability) that the Veteran's tinnitus was incurred in service.",
    'favourable',
  ],
  ['The claimed condition is at least as likely as not proximately due to or the result of the service-connected PTSD.', 'favourable'],
  ["The Veteran's hearing loss is as likely as not related to acoustic trauma during service.", 'favourable'],
  ['It is more likely than not that his lumbar strain began with the 2004 parachute injury.', 'favourable'],
  ['His sleep apnea is most likely related to the weight gain caused by his service-connected medications.', 'favourable'],
  ['The knee condition is probably related to the repetitive load-bearing of his infantry service.', 'favourable'],
  ['In my medical opinion, it is likely that her migraines are a result of the in-service head injury.', 'favourable'],
  ['There is no doubt that it is at least as likely as not that his tinnitus is connected to service.', 'favourable'],
  ['It is at least as likely as not, and not only possible, that the condition is related to service.', 'favourable'],
  // Double negation: the negation of "less than 50 %" is "50 % or more".
  ["It is not unlikely that the veteran's hypertension is related to his herbicide exposure.", 'favourable'],
  ['I cannot say that the condition is unlikely to be related to service; it is at least as likely as not related.', 'favourable'],
  ['The condition is not less likely than not related to his military service.', 'favourable'],
  // Unfavourable: the stock phrases.
  [
    'The claimed condition is less likely than not (less than 50 percent probability) incurred in or caused by the claimed in-service injury.',
    'unfavourable',
  ],
  ["It is less likely than not that the Veteran's hypertension was aggravated beyond its natural progression by his PTSD.", 'unfavourable'],
  ["The Veteran's depression is not at least as likely as not related to his military service.", 'unfavourable'],
  ["It is unlikely that the veteran's tinnitus is related to noise exposure in service.", 'unfavourable'],
  ['It is highly unlikely that his current back condition is due to the 1989 sprain.', 'unfavourable'],
  // Negated favourable phrases (the cases that read as favourable before).
  ['The condition is probably not related to service.', 'unfavourable'],
  ['It is most likely not related to his military service.', 'unfavourable'],
  ['His hearing loss is likely not due to noise exposure in service.', 'unfavourable'],
  ['It is not likely that the knee condition is related to service.', 'unfavourable'],
  ['It is likely that the sleep apnea is not related to his service-connected PTSD.', 'unfavourable'],
  ['I do not believe it is at least as likely as not that the migraines were caused by service.', 'unfavourable'],
  ["It is not more likely than not that the veteran's asthma was incurred in service.", 'unfavourable'],
  ['There is no likely relationship between his service and the current knee condition.', 'unfavourable'],
  ['The hearing loss could not have been caused by military noise exposure given the normal separation audiogram.', 'unfavourable'],
  ['It is not possible that his diabetes was caused by service, as it was diagnosed before enlistment.', 'unfavourable'],
  // Non-opinions (Jones v. Shinseki).
  ['I cannot state that it is at least as likely as not related to service.', 'non-opinion'],
  ['I am unable to say whether the condition is at least as likely as not related to service.', 'non-opinion'],
  ['I cannot resolve this issue without resort to mere speculation.', 'non-opinion'],
  ['An opinion on whether the sleep apnea is related to service cannot be provided without resorting to mere speculation.', 'non-opinion'],
  ['It is not possible to determine whether his tinnitus is likely related to service without speculation.', 'non-opinion'],
  ['This examiner cannot determine if the condition is more likely than not related to service.', 'non-opinion'],
  ['To say that the depression is related to service would be mere speculation.', 'non-opinion'],
  // Speculative (Obert v. Brown; Bloom v. West).
  ['His sleep apnea may be related to his PTSD.', 'speculative'],
  ['The headaches could be a result of the blast exposure in service.', 'speculative'],
  ['The condition might have been caused by his deployment.', 'speculative'],
  ['The condition is possibly related to service.', 'speculative'],
  ['A connection to his military service cannot be ruled out.', 'speculative'],
  ["I cannot rule out that the veteran's tinnitus is related to service.", 'speculative'],
  ['His knee condition may not be related to service.', 'speculative'],
  ['It is possible that the rash is associated with his burn pit exposure.', 'speculative'],
  // Favourable beats speculative in one sentence; unfavourable beats speculative.
  ['It is at least as likely as not related to service, although other causes cannot be ruled out.', 'favourable'],
  ['It is possible, but unlikely, that the condition is related to service.', 'unfavourable'],
  // No opinion language at all.
  ['The veteran was seen in clinic today for knee pain.', 'none'],
  ['Diagnosis: tinnitus, bilateral, recurrent.', 'none'],
];

describe('reading a probability phrase with its negation (DOMAIN §3.2, §10.7)', () => {
  it('has at least 40 sentences covering every class', () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(40);
    for (const c of ['favourable', 'unfavourable', 'speculative', 'non-opinion', 'none'])
      expect(SENTENCES.some(([, k]) => k === c)).toBe(true);
  });

  it.each(SENTENCES)('%s → %s', (sentence, expected) => {
    expect(readOpinion(sentence).classification).toBe(expected);
  });

  it('names the trigger that negated a favourable phrase', () => {
    const r = readOpinion('I cannot state that it is at least as likely as not related to service.');
    expect(r.phrases[0]).toMatchObject({
      phrase: 'at least as likely as not',
      base: 'favourable',
      classification: 'non-opinion',
      negatedBy: 'cannot state',
    });
    expect(r.standard).toBe(false);
    expect(readOpinion('The condition is probably not related to service.').phrases[0]).toMatchObject({
      base: 'favourable',
      classification: 'unfavourable',
    });
  });

  it('counts the legal standard only when it is not negated', () => {
    expect(readOpinion('It is at least as likely as not related to service.').standard).toBe(true);
    expect(readOpinion('It is not at least as likely as not related to service.').standard).toBe(false);
    expect(readOpinion('It is likely related to service.').standard).toBe(false);
  });
});

describe('the opinion of a document is its conclusion', () => {
  it('a negative C&P opinion that quotes the standard in the question is unfavourable', () => {
    const doc = [
      "Medical opinion requested: The examiner was asked whether it is at least as likely as not that the Veteran's tinnitus is related to service.",
      'Opinion: The claimed condition is less likely than not (less than 50 percent probability) incurred in or caused by the claimed in-service injury.',
      'Rationale: The separation audiogram was normal, and studies show that noise-induced damage is at least as likely as not to appear at the time of exposure.',
    ];
    expect(concludeOpinion(doc)).toMatchObject({ classification: 'unfavourable', conclusion: doc[1] });
  });

  it('a favourable phrase early on does not outweigh an unfavourable conclusion', () => {
    const doc = [
      'Noise exposure is likely related to hearing problems in many service members.',
      'However, in this Veteran the hearing loss began twenty years after separation.',
      'Therefore, the hearing loss is less likely than not related to military noise exposure.',
    ];
    expect(concludeOpinion(doc).classification).toBe('unfavourable');
  });

  it('a favourable letter that rules out other causes stays favourable', () => {
    const doc = [
      'It is at least as likely as not (50 percent or greater probability) that his sleep apnea is secondary to his service-connected PTSD.',
      'It is less likely than not that his age alone caused the sleep apnea, given its onset at 34.',
    ];
    expect(concludeOpinion(doc)).toMatchObject({ classification: 'favourable', conclusion: doc[0] });
  });

  it('"I cannot state" without an explanation is a non-opinion', () => {
    expect(concludeOpinion(['I cannot state that it is at least as likely as not related to service.']).classification).toBe('non-opinion');
  });

  it('a document without opinions has none', () => {
    expect(concludeOpinion(['Diagnosis: tinnitus.', 'Is it at least as likely as not related to service?'])).toEqual({
      classification: 'none',
      opinions: [],
    });
  });
});

describe('causal statements', () => {
  it.each([
    ["The veteran's tinnitus is due to noise exposure in military service.", 'favourable'],
    ['His hearing loss was not caused by military noise exposure.', 'unfavourable'],
    ['The knee condition is not the result of service.', 'unfavourable'],
    ['The condition was caused by a car accident.', 'none'],
  ] as const)('%s → %s', (sentence, expected) => {
    expect(readCausalStatement(sentence)).toBe(expected);
  });
});

import type { ChatStreamEvent, VeteranFile } from '@cc/contracts';
import { splitSources } from '@cc/contracts';
import { answerQuestion } from '../answer';
import { ChatEngineError, type ChatTurn } from '../types';
import { chunksOf, createOfflineChatEngine } from './engine';

const NOW = new Date('2026-01-15T12:00:00Z');

const claim = (
  n: number,
  condition: string,
  status: VeteranFile['claims'][number]['status'],
  rating: number | null,
  extra: Partial<VeteranFile['claims'][number]> = {},
) => ({
  id: `c${n}`,
  claimNumber: `2025-00${n}`,
  condition,
  conditionType: 'primary' as const,
  status,
  ratingPercentage: rating,
  daysPending: 40 + n,
  filedAt: '2025-06-01T00:00:00.000Z',
  decidedAt: status === 'approved' || status === 'denied' ? '2025-09-10T00:00:00.000Z' : null,
  // The decision letter is dated a week before the day the veteran marked the claim decided.
  decisionDate: status === 'approved' || status === 'denied' ? '2025-09-03' : null,
  nextAction: null,
  ...extra,
});

/** A veteran with approved knees (both sides: the bilateral factor), tinnitus, a pending PTSD claim and an analysed letter. */
const FILE: VeteranFile = {
  firstName: 'Jordan',
  claims: [
    claim(1, 'Left knee strain', 'approved', 20),
    claim(2, 'Right knee strain', 'approved', 20),
    claim(3, 'Tinnitus', 'approved', 10),
    claim(4, 'PTSD', 'evidence_review', null, { nextAction: 'Send the buddy statement from my squad leader' }),
    claim(5, 'Sleep apnea', 'denied', null),
  ],
  documents: [
    {
      id: 'd1',
      fileName: 'nexus-letter-osa.pdf',
      uploadedAt: '2025-10-01T00:00:00.000Z',
      processingStatus: 'completed',
      analysis: {
        type: 'nexus-letter',
        documentType: 'Nexus letter',
        conditions: ['Obstructive sleep apnea', 'PTSD'],
        keyFindings: ['Opinion: at least as likely as not'],
        missing: ['A medical rationale tied to the veteran'],
        nexusStrength: 'moderate',
        secondaryConditions: [{ secondaryCondition: 'Obstructive sleep apnea', causedByPrimary: 'PTSD' }],
      },
    },
  ],
};

const EMPTY: VeteranFile = { firstName: null, claims: [], documents: [] };

async function ask(question: string, options: { file?: VeteranFile; history?: ChatTurn[]; formContext?: Record<string, unknown> } = {}) {
  const deltas: string[] = [];
  const answer = await answerQuestion(
    createOfflineChatEngine({ chunkDelayMs: 0 }),
    { question, history: options.history ?? [], file: options.file ?? FILE, formContext: options.formContext, now: NOW },
    { signal: new AbortController().signal, onDelta: (t) => deltas.push(t) },
  );
  return { ...answer, streamed: deltas.join(''), labels: answer.citations.map((c) => c.label) };
}

/**
 * The question set: each question, facts its answer must contain, and sources it must cite.
 * Every fact is DOMAIN.md's (the section is named), or computed from the veteran's file.
 */
const QUESTIONS: { question: string; file?: VeteranFile; facts: (string | RegExp)[]; cites: string[]; not?: string[] }[] = [
  // Rating math on the veteran's own claims (§1.2, §1.4): 20 L + 20 R knees → 36 → 40, with tinnitus 10 → 46 → 50.
  {
    question: 'What is my combined rating?',
    facts: [
      'Claim 2025-001, Left knee strain: 20%',
      'Claim 2025-003, Tinnitus: 10%',
      'combine first to 36',
      'giving 40',
      '40% combined with 10% gives 46 (Table I)',
      '**combined rating is 50%**',
      'Without the bilateral factor it would be 40%',
    ],
    cites: ['38 CFR 4.25', '38 CFR 4.26', 'Claim 2025-001', 'Claim 2025-002', 'Claim 2025-003'],
  },
  { question: 'What is my combined rating?', file: EMPTY, facts: ['no approved claims with a rating'], cites: ['38 CFR 4.25'] },
  // §1.3 vectors, from numbers in the question.
  {
    question: 'What do 60%, 30% and 10% combine to?',
    file: EMPTY,
    facts: ['60% combined with 30% gives 72 (Table I)', '72% combined with 10% gives 75 (Table I)', '**combined rating is 80%**'],
    cites: ['38 CFR 4.25'],
  },
  {
    question: 'How do 50% and 30% combine?',
    file: EMPTY,
    facts: ['gives 65 (Table I)', '**combined rating is 70%**'],
    cites: ['38 CFR 4.25'],
  },
  {
    question: 'Combined rating for 20% left knee and 10% right knee?',
    file: EMPTY,
    facts: ['combine first to 28', 'giving 31', '**combined rating is 30%**'],
    cites: ['38 CFR 4.25', '38 CFR 4.26'],
  },
  {
    question: 'How does VA calculate a combined rating?',
    file: EMPTY,
    facts: ['whole person', 'rounded to the nearest 10'],
    cites: ['38 CFR 4.25'],
  },
  // Deadlines (§2).
  {
    question: 'My decision letter is dated March 3, 2025. When is the deadline for a Higher-Level Review?',
    facts: ['within 1 year', '**March 3, 2026** (47 days from today)'],
    cites: ['VA Form 20-0996', '38 CFR 3.2601'],
  },
  {
    question: 'How long do I have to file a Board appeal?',
    facts: [
      'within 1 year of the decision date',
      '60 days',
      'Claim 2025-005, Sleep apnea (denied, decision dated September 3, 2025): **September 3, 2026**',
    ],
    cites: ['VA Form 10182', 'Claim 2025-005'],
  },
  {
    question: 'The Board decided my appeal on 2025-12-01. What is the deadline to appeal to the court?',
    facts: ['120 days', '**March 31, 2026**'],
    cites: ['38 U.S.C. 7266'],
  },
  {
    question: 'I filed an intent to file on 2025-02-10, when is my claim due?',
    facts: ['within 1 year', '**February 10, 2026**'],
    cites: ['38 CFR 3.155(b)', 'VA Form 21-0966'],
  },
  {
    question: 'I separate on 2026-09-30. When can I file a BDD claim?',
    facts: ['180 to 90 days before', '**April 3, 2026**', '**July 2, 2026**'],
    cites: ['VA Form 21-526EZ'],
  },
  // A decision with no review named: all three reviews, dated from the question, else from the decided claims.
  {
    question: 'My claim was denied on 2025-06-01. What are my options and deadlines?',
    facts: [
      'one of three reviews',
      'Counted from a decision dated June 1, 2025',
      'Higher-Level Review: **June 1, 2026**',
      'Board Appeal: **June 1, 2026**',
      'Supplemental Claim (to keep your effective date): **June 1, 2026**',
    ],
    cites: ['VA Form 20-0995', 'VA Form 20-0996', 'VA Form 10182'],
  },
  {
    question: 'I was denied. What are my deadlines?',
    facts: [
      'counted from the date on each decision letter',
      'Claim 2025-005, Sleep apnea (denied, decision dated September 3, 2025): Higher-Level Review and Board Appeal by **September 3, 2026**',
    ],
    cites: ['VA Form 20-0996', 'Claim 2025-005'],
  },
  // One date rule with the calculator (contracts' deadline table): a year from February 29 ends February 28.
  {
    question: 'My decision letter is dated February 29, 2024. When is the deadline for a Board appeal?',
    facts: ['the deadline is **February 28, 2025**, which has passed'],
    cites: ['VA Form 10182'],
  },
  {
    question: 'I separated on February 29, 2024. When is the deadline to file so my effective date is the day after separation?',
    facts: ['the deadline is **February 28, 2025**'],
    cites: ['38 CFR 3.400(b)(2)'],
  },
  {
    question: 'My contested claim was decided on 2025-11-20. What is the deadline to appeal to the Board?',
    facts: ['within 60 days', '**January 19, 2026** (4 days from today)'],
    cites: ['VA Form 10182', '38 U.S.C. 7105A(a)'],
  },
  {
    question: 'My decision letter is dated May 1, 2018. When is the deadline for a Higher-Level Review?',
    facts: ['dated May 1, 2018', 'legacy appeals process'],
    cites: ['VA Form 20-0996'],
  },
  {
    question: 'My claim was denied. What are my deadlines now?',
    // Without the letter's date there is no day to count from: the day it was marked decided may be too late.
    file: { ...FILE, claims: FILE.claims.map((c) => (c.id === 'c5' ? { ...c, decisionDate: null } : c)) },
    facts: ['Claim 2025-005, Sleep apnea (denied): no decision date yet; add the date on your decision letter to this claim'],
    cites: ['Claim 2025-005'],
  },
  {
    question: 'Is there a deadline for a supplemental claim?',
    facts: ['any time', 'within 1 year of the decision it keeps your earliest effective date'],
    cites: ['VA Form 20-0995', '38 CFR 3.2500(h)'],
  },
  // Decision reviews and forms (§2.3, §4).
  {
    question: 'My claim was denied. What are my options?',
    file: EMPTY,
    facts: ['Supplemental Claim', 'Higher-Level Review', 'Board Appeal', 'February 19, 2019'],
    cites: ['VA Form 20-0995', 'VA Form 20-0996', 'VA Form 10182'],
  },
  {
    question: 'Which form do I use for a buddy statement?',
    facts: ['VA Form 21-10210', 'Lay/Witness Statement'],
    cites: ['VA Form 21-10210'],
  },
  { question: 'What form do I file to hold my effective date?', facts: ['VA Form 21-0966'], cites: ['VA Form 21-0966'] },
  { question: 'Which form lets VA get my private medical records?', facts: ['VA Form 21-4142'], cites: ['VA Form 21-4142'] },
  {
    question: 'What form do I need to apply for TDIU because I cannot work?',
    facts: ['VA Form 21-8940', '21-4192'],
    cites: ['VA Form 21-8940'],
  },
  { question: 'Which DBQ is for my knee?', file: EMPTY, facts: ['21-0960M-9 Knee and Lower Leg Conditions'], cites: ['DBQ 21-0960M-9'] },
  // Secondary conditions (§6), with the veteran's own claims and analysed document.
  {
    question: 'What secondary conditions can I claim for my knee?',
    facts: [
      'Opposite knee condition',
      'Hip condition',
      'Low back condition',
      'Altered gait',
      'Your claim 2025-001 (Left knee strain) is approved at 20%, so it can serve as the primary condition',
    ],
    cites: ['38 CFR 3.310(a)', '38 CFR 3.310(b)', 'Claim 2025-001'],
  },
  {
    question: 'What secondary conditions can I claim for my right knee?',
    facts: ['Your claim 2025-002 (Right knee strain) is approved at 20%, so it can serve as the primary condition'],
    cites: ['Claim 2025-002'],
  },
  {
    question: 'What conditions are secondary to diabetes?',
    file: EMPTY,
    facts: ['Peripheral neuropathy', 'Erectile dysfunction', 'Hypertension', 'DC 7913 Note (1)'],
    cites: ['38 CFR 3.310(a)', '38 CFR 4.119'],
  },
  {
    question: 'Can I claim conditions secondary to my back?',
    file: EMPTY,
    facts: ['Lower-extremity radiculopathy', 'Bowel or bladder dysfunction'],
    cites: ['38 CFR 4.71a'],
  },
  {
    question: 'What secondary conditions could come from my PTSD?',
    facts: ['Obstructive sleep apnea', 'contested', 'Your document "nexus-letter-osa.pdf" was analysed and names: Obstructive sleep apnea'],
    cites: ['Claim 2025-004', 'nexus-letter-osa.pdf'],
  },
  // Evidence, nexus language, ratings, presumptives (§3, §5, §7, §9).
  {
    question: 'What evidence do I need for PTSD?',
    facts: ['21-0781', 'stressor', 'Your claim 2025-004 (PTSD) is Evidence Review'],
    cites: ['VA Form 21-0781', 'Claim 2025-004'],
  },
  {
    question: 'How do I prepare for my C&P exam?',
    file: EMPTY,
    facts: ['DBQ', 'describe your symptoms honestly', 'lay'],
    cites: ['Dalton v. Nicholson, 21 Vet.App. 23 (2007)'],
  },
  {
    question: 'What does "at least as likely as not" mean in a nexus letter?',
    file: EMPTY,
    facts: ['50% or greater probability', 'little or no weight'],
    cites: ['Obert v. Brown, 5 Vet.App. 30 (1993)'],
  },
  { question: 'How is tinnitus rated?', file: EMPTY, facts: ['10% only', 'DC 6260'], cites: ['38 CFR 4.87'] },
  // What evidence is competent and what the law asks for (DOMAIN §10).
  {
    question: 'Can my own statement prove my tinnitus?',
    file: EMPTY,
    facts: ['ringing in the ears can establish it', 'Jandreau'],
    cites: ['Charles v. Principi, 16 Vet.App. 370 (2002)', 'Jandreau v. Nicholson, 492 F.3d 1372 (Fed. Cir. 2007)'],
  },
  {
    question: 'When does hearing loss count as a disability for VA?',
    file: EMPTY,
    facts: ['40 dB or more', 'Maryland CNC speech recognition score under 94%'],
    cites: ['38 CFR 3.385'],
  },
  {
    question: 'The examiner wrote my condition is probably not related to service. Is that good?',
    file: EMPTY,
    facts: ['"probably not"', 'against the claim'],
    cites: ['Jones v. Shinseki, 23 Vet.App. 382 (2010)'],
  },
  {
    question: 'Is my own word enough to prove my PTSD stressor?',
    file: EMPTY,
    facts: ['engaged in combat', 'prisoner of war', 'credible supporting evidence'],
    cites: ['38 CFR 3.304(f)'],
  },
  {
    question: 'My hypertension started within a year after my discharge. Is it presumed?',
    file: EMPTY,
    facts: ['within one year after separation', '10%'],
    cites: ['38 CFR 3.309(a)'],
  },
  {
    question: 'Is asthma presumptive under the PACT Act for burn pits?',
    file: EMPTY,
    facts: ['August 10, 2022', 'asthma diagnosed after service'],
    cites: ['38 U.S.C. 1120'],
  },
  {
    question: 'How much does VA pay per month at 70 percent?',
    file: EMPTY,
    facts: ['70% $1,808.45', 'tax-free'],
    cites: ['VA disability compensation rates'],
  },
  // The veteran's own file.
  {
    question: 'What is the status of my claims?',
    facts: [
      'You are tracking 5 claims',
      'Claim 2025-004 — PTSD**: Evidence Review, 44 days pending',
      'Next action: Send the buddy statement',
    ],
    cites: ['Claim 2025-001', 'Claim 2025-004'],
  },
  {
    question: 'What did my documents show?',
    facts: ['nexus-letter-osa.pdf', 'Obstructive sleep apnea', 'nexus opinion: moderate'],
    cites: ['nexus-letter-osa.pdf'],
  },
  {
    question: 'What should I do next?',
    facts: ['Send the buddy statement from my squad leader', 'A medical rationale tied to the veteran'],
    cites: ['Claim 2025-004', 'nexus-letter-osa.pdf'],
  },
  // Not a person; not a guess.
  { question: 'Am I talking to a real person?', facts: ['not a person', 'AI assistant'], cites: ['Use of AI Policy'] },
  {
    question: 'What is the best pizza in Chicago?',
    facts: ["I don't have reliable information", "won't guess", 'accredited Veterans Service Organization (VSO) representative'],
    cites: ['VA Form 21-22'],
    not: ['pizza'],
  },
  { question: 'Who will win the next election?', facts: ["won't guess", 'VSO'], cites: ['VA Form 21-22'] },
];

describe('offline chat engine: the question set', () => {
  it.each(QUESTIONS.map((q) => [q.question, q] as const))('%s', async (_q, { question, file, facts, cites, not }) => {
    const answer = await ask(question, { file });
    for (const fact of facts) {
      if (typeof fact === 'string') expect(answer.content).toContain(fact);
      else expect(answer.content).toMatch(fact);
    }
    expect(answer.labels).toEqual(expect.arrayContaining(cites));
    // Every answer ends with its sources, and streams exactly what it stores.
    const { sources } = splitSources(answer.content);
    for (const label of cites) expect(sources).toContain(label);
    expect(answer.streamed).toBe(answer.content);
    expect(answer.engine).toEqual({ name: 'offline', model: 'va-knowledge-2026.1' });
    for (const word of not ?? []) expect(splitSources(answer.content).body.toLowerCase()).not.toContain(`${word} is`);
  });
});

describe('offline chat engine: the shared condition reading', () => {
  it("the other side is another disability (38 CFR 4.25(b)): the left knee is no primary for the right knee's secondaries", async () => {
    const answer = await ask('What secondary conditions can I claim for my right knee?');
    expect(answer.content).not.toContain('2025-001');
    expect(answer.labels).not.toContain('Claim 2025-001');
  });
});

describe('offline chat engine: safety and conversation', () => {
  it.each(['I want to kill myself', 'Some days I think about suicide', 'I just want to end it. My claim was denied again'])(
    'puts the Veterans Crisis Line first for "%s"',
    async (question) => {
      const answer = await ask(question);
      expect(answer.content.startsWith('**If you are thinking about suicide or are in crisis')).toBe(true);
      for (const fact of ['dial 988 then press 1', 'text 838255', 'VeteransCrisisLine.net']) expect(answer.content).toContain(fact);
      expect(answer.labels[0]).toBe('Veterans Crisis Line');
      expect(answer.streamed.startsWith('**If you are thinking about suicide')).toBe(true);
    },
  );

  it('still answers the question after the crisis line when there is one', async () => {
    const answer = await ask('I want to end it all, my claim was denied. What are my options after a denial?', { file: EMPTY });
    expect(answer.content.indexOf('988')).toBeLessThan(answer.content.indexOf('Higher-Level Review'));
  });

  it('never calls a plain question a crisis', async () => {
    const answer = await ask('When does my intent to file expire?');
    expect(answer.content).not.toContain('988');
  });

  it("follows up on the condition of an earlier question, and on the wizard's form", async () => {
    const followUp = await ask('What about secondary conditions for it?', {
      file: EMPTY,
      history: [
        { role: 'user', content: 'I have sleep apnea' },
        { role: 'assistant', content: '…' },
      ],
    });
    expect(followUp.content).toContain('Hypertension');
    const wizard = await ask('Which secondary conditions should I list?', {
      file: EMPTY,
      formContext: { condition_primary_1: 'Diabetes mellitus type 2' },
    });
    expect(wizard.content).toContain('Peripheral neuropathy');
  });

  it('answers a dated decision without the tracker overview, and never takes "when will I get a decision?" for a review deadline', async () => {
    expect((await ask('My claim was denied on 2025-06-01. What are my options and deadlines?')).content).not.toContain('You are tracking');
    expect((await ask('When will I get a decision on my claim?')).content).not.toContain('one of three reviews');
  });

  it('is deterministic', async () => {
    const a = await ask('What secondary conditions can I claim for my knee?');
    const b = await ask('What secondary conditions can I claim for my knee?');
    expect(a.content).toBe(b.content);
  });

  it('streams in pieces that join back to the text, and stops when asked to', async () => {
    expect(chunksOf('one two  three\nfour five').join('')).toBe('one two  three\nfour five');
    const engine = createOfflineChatEngine({ chunkDelayMs: 5 });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = engine.answer(
      { question: 'What secondary conditions can I claim for my knee?', history: [], file: FILE, now: NOW },
      {
        signal: controller.signal,
        onDelta: (text) => {
          seen.push(text);
          if (seen.length === 3) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ reason: 'cancelled' });
    await expect(run).rejects.toBeInstanceOf(ChatEngineError);
    expect(seen).toHaveLength(3);
  });

  it('gives the stream events the contract describes', () => {
    const done: ChatStreamEvent = { type: 'done', messageId: 'm', remaining: null };
    expect(done.remaining).toBeNull();
  });
});

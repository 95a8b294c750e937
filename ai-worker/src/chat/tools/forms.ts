import { z } from 'zod';
import type { Citation } from '@cc/contracts';
import { dbq, form } from '../citations';
import { conditionsIn } from '../conditions';
import type { ChatTool } from './types';

/** DOMAIN §4: the forms commonly used in disability claims, with what each is for. */
const FORMS: { number: string; title: string; purpose: string; words: RegExp }[] = [
  {
    number: '21-526EZ',
    title: 'Application for Disability Compensation and Related Compensation Benefits',
    purpose: 'the main disability claim (also for BDD and increases)',
    words: /\b(new claim|file a claim|apply|application|disability claim|increase|526|bdd|compensation claim)\b/i,
  },
  {
    number: '21-0966',
    title: 'Intent to File a Claim for Compensation and/or Pension, or Survivors Pension and/or DIC',
    purpose: 'holds your effective date for 1 year',
    words: /\b(intent to file|itf|hold (?:my|the) (?:effective )?date)\b/i,
  },
  {
    number: '21-4138',
    title: 'Statement in Support of Claim',
    purpose: 'your own written statement',
    words: /\b(my (?:own )?statement|personal statement|statement in support|explain|4138)\b/i,
  },
  {
    number: '21-10210',
    title: 'Lay/Witness Statement',
    purpose: 'buddy, spouse or witness statements',
    words: /\b(buddy|witness|spouse statement|lay statement|friend|fellow)\b/i,
  },
  {
    number: '21-0781',
    title: 'Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s)',
    purpose: 'stressor details for PTSD and other mental health claims (replaced 21-0781a in 2024)',
    words: /\b(stressor|ptsd|mst|assault|trauma\w*|0781)\b/i,
  },
  {
    number: '21-4142',
    title: 'Authorization to Disclose Information to the Department of Veterans Affairs (VA)',
    purpose: 'lets VA request your private medical records (with 21-4142a)',
    words: /\b(private (?:medical )?records|doctor'?s records|medical records|4142|release)\b/i,
  },
  {
    number: '20-0995',
    title: 'Decision Review Request: Supplemental Claim',
    purpose: 'a review with new and relevant evidence',
    words: /\b(supplemental|new evidence|new and relevant|reopen|0995)\b/i,
  },
  {
    number: '20-0996',
    title: 'Decision Review Request: Higher-Level Review',
    purpose: 'a senior review of the same evidence',
    words: /\b(higher[- ]level|hlr|senior review|0996)\b/i,
  },
  {
    number: '10182',
    title: 'Decision Review Request: Board Appeal (Notice of Disagreement)',
    purpose: "an appeal to the Board of Veterans' Appeals",
    words: /\b(board|bva|notice of disagreement|nod|10182|judge|hearing)\b/i,
  },
  {
    number: '21-8940',
    title: "Veteran's Application for Increased Compensation Based on Unemployability",
    purpose: 'TDIU (with 21-4192 for employers)',
    words: /\b(tdiu|unemployab\w*|can'?t work|cannot work|unable to work|8940)\b/i,
  },
  {
    number: '21-22',
    title: "Appointment of Veterans Service Organization as Claimant's Representative",
    purpose: 'appoint a VSO to help you',
    words: /\b(vso|representative|service organization|power of attorney|21-22\b)/i,
  },
  {
    number: '21-22a',
    title: "Appointment of Individual as Claimant's Representative",
    purpose: 'appoint an attorney, claims agent or individual',
    words: /\b(attorney|lawyer|claims agent|22a)\b/i,
  },
  {
    number: '21-686c',
    title: 'Application Request to Add and/or Remove Dependents',
    purpose: 'add or remove dependents',
    words: /\b(dependents?|spouse|child|children|married|686c)\b/i,
  },
  {
    number: '21P-534EZ',
    title: 'Application for DIC, Survivors Pension, and/or Accrued Benefits',
    purpose: 'survivors benefits',
    words: /\b(survivor\w*|widow\w*|dic|surviving spouse|534)\b/i,
  },
  {
    number: '20-10206',
    title: 'Freedom of Information Act (FOIA) or Privacy Act Request',
    purpose: 'get your C-file or records',
    words: /\b(c-?file|foia|privacy act|copy of my (?:records|file)|claims file)\b/i,
  },
  {
    number: '20-10207',
    title: 'Priority Processing Request',
    purpose: 'priority processing (hardship, terminal illness, etc.)',
    words: /\b(priority|hardship|terminal|homeless|expedite|faster)\b/i,
  },
  {
    number: '21-2680',
    title: 'Examination for Housebound Status or Permanent Need for Regular Aid and Attendance',
    purpose: 'aid and attendance or housebound (SMC)',
    words: /\b(aid and attendance|housebound|a&a|2680)\b/i,
  },
  {
    number: '21-0845',
    title: 'Authorization to Disclose Personal Information to a Third Party',
    purpose: 'lets VA share your information with someone else',
    words: /\b(third party|share my information|talk to my)\b/i,
  },
];

const args = z.object({ purpose: z.string().min(1).max(500) });
export type FormArgs = z.infer<typeof args>;

export const whichFormTool: ChatTool<FormArgs> = {
  name: 'which_form',
  description:
    'Finds the VA form for a purpose (file a claim, intent to file, buddy statement, decision reviews, TDIU, dependents, representatives, records) and the DBQ for a condition.',
  parameters: {
    type: 'object',
    properties: { purpose: { type: 'string', description: 'What the veteran wants to do, in their words' } },
    required: ['purpose'],
  },
  parse: (value) => args.parse(value ?? {}),
  run({ purpose }) {
    const forms = FORMS.filter((f) => f.words.test(purpose)).slice(0, 4);
    const conditions =
      /\bdbq\b|\bquestionnaire\b|\bexam\b|\bdoctor\b/i.test(purpose) || forms.length === 0
        ? conditionsIn(purpose).filter((c) => c.dbq)
        : [];
    const citations: Citation[] = [];
    const lines: string[] = [];
    for (const f of forms) {
      lines.push(`- **VA Form ${f.number}** (${f.title}) — ${f.purpose}.`);
      citations.push(form(f.number, f.title));
    }
    for (const c of conditions.slice(0, 2)) {
      const number = /^(21-0960[A-Z]-\d+)/.exec(c.dbq!)?.[1];
      lines.push(`- **DBQ ${c.dbq}** — the questionnaire a provider completes for ${c.name.toLowerCase()}.`);
      if (number) citations.push(dbq(number, c.dbq!.slice(number.length + 1)));
    }
    if (lines.length === 0) {
      return { markdown: '', citations: [], data: { forms: [] } };
    }
    lines.unshift(lines.length === 1 ? 'The form for that:' : 'The forms for that:');
    lines.push('', 'Each form has its own page on VA.gov (Find a Form) with the current edition.');
    return {
      markdown: lines.join('\n'),
      citations,
      data: { forms: forms.map((f) => ({ number: f.number, title: f.title, purpose: f.purpose })) },
    };
  },
};

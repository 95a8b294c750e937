import type { Citation } from '@cc/contracts';
import { caseLaw, cfr, dbq, form, usc, vaPage } from '../citations';

/**
 * The assistant's knowledge base: short plain-language passages, each written from a fact in
 * DOMAIN.md (the section is named in `domain`) and citing the regulation, form or page DOMAIN gives
 * for it. Nothing here goes beyond DOMAIN; where DOMAIN flags a fact as uncertain, the passage says so.
 */
export interface KnowledgeEntry {
  id: string;
  /** DOMAIN.md section the passage comes from. */
  domain: string;
  title: string;
  /** Words a veteran might use for it, beyond those in the title and text. */
  keywords: string;
  body: string;
  citations: Citation[];
}

const DECISION_REVIEWS = vaPage('VA decision reviews', 'https://www.va.gov/decision-reviews/');
const PACT_PAGE = vaPage('The PACT Act and your VA benefits', 'https://www.va.gov/resources/the-pact-act-and-your-va-benefits/');
const RATES_PAGE = vaPage('VA disability compensation rates', 'https://www.va.gov/disability/compensation-rates/veteran-rates/');

export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  // ── §1 rating math ──
  {
    id: 'combined-rating',
    domain: '§1.1–1.2',
    title: 'How VA combines several disability ratings',
    keywords: 'combined rating math whole person efficiency table add percentages total rating calculator VA math',
    body: 'VA does not add ratings together. It uses the "whole person" method of the Combined Ratings Table: you start at 100% efficiency, and each rating, highest first, takes its percentage out of what is left. For example, 50% and 30% combine to 65 (50% leaves 50; 30% of 50 is 15), and only the final value is rounded to the nearest 10, so 65 becomes a 70% combined rating. Ratings of 0% do not change the result, and any 100% rating makes the result 100%.',
    citations: [cfr('4.25', 'Combined ratings table')],
  },
  {
    id: 'bilateral-factor',
    domain: '§1.4',
    title: 'The bilateral factor for both arms or both legs',
    keywords: 'bilateral factor both knees both legs both arms left right extremities paired limbs',
    body: 'When you have a compensable (10% or more) disability on both sides of a pair — both arms or both legs — VA first combines those ratings, then adds 10% of that value (the bilateral factor) before combining the result with your other ratings. Example from the regulation: 10% and 10% on both legs combine to 19, plus 1.9 gives 21, which is then combined with the rest. It does not apply to the spine, internal organs, hearing, tinnitus, eyes or mental conditions, or when one side is 0%. If leaving a bilateral disability out of the factor would give a higher rating, VA must use that arrangement (paragraph (d)).',
    citations: [cfr('4.26', 'Bilateral factor')],
  },
  {
    id: 'zero-percent',
    domain: '§1.3',
    title: 'Several 0% (noncompensable) ratings',
    keywords: 'zero percent noncompensable 0% rating multiple interfere employability 10 percent',
    body: 'If you have two or more service-connected disabilities rated 0% that clearly interfere with normal employability, VA may assign a 10% rating. This applies only when you have no compensable rating at all.',
    citations: [cfr('3.324', 'Multiple noncompensable service-connected disabilities')],
  },
  {
    id: 'pyramiding',
    domain: '§1.3',
    title: 'Pyramiding: the same symptoms rated twice',
    keywords: 'pyramiding same symptoms two diagnostic codes overlap double rating',
    body: 'VA will not rate the same symptoms twice under different diagnostic codes (the rule against pyramiding). Separate ratings are possible when the symptoms are distinct.',
    citations: [cfr('4.14', 'Avoidance of pyramiding')],
  },
  {
    id: 'tdiu',
    domain: '§1.3, §4',
    title: 'Individual unemployability (TDIU)',
    keywords: 'tdiu iu unemployability cannot work unable to work individual unemployability',
    body: 'TDIU pays at the 100% rate when service-connected disabilities keep you from working. The schedular thresholds are either one disability rated 60% or more, or two or more disabilities with at least one rated 40% or more and a combined rating of 70% or more (disabilities of both arms or both legs, or with a common cause, count as one). You apply with VA Form 21-8940, and VA Form 21-4192 collects information from your employers.',
    citations: [
      cfr('4.16(a)', 'Total disability ratings for compensation based on unemployability'),
      form('21-8940', "Veteran's Application for Increased Compensation Based on Unemployability"),
      form('21-4192', 'Request for Employment Information in Connection with Claim for Disability Benefits'),
    ],
  },
  // ── §2 deadlines ──
  {
    id: 'intent-to-file',
    domain: '§2.1',
    title: 'Intent to File (ITF): holding your effective date',
    keywords: 'intent to file itf effective date hold date one year start claim later 21-0966 back pay',
    body: 'An Intent to File holds your potential effective date: if VA receives your complete claim within 1 year of receiving the ITF, the ITF date can count as your claim date. You can file one with VA Form 21-0966, by starting (and saving) the online disability application on VA.gov, or by telling designated VA staff. An ITF is specific to one benefit type (compensation, pension, or survivors pension/DIC), and only one per type is active at a time; it ends when you file the complete claim or when the year runs out.',
    citations: [
      cfr('3.155(b)', 'How to file a claim (intent to file)'),
      form('21-0966', 'Intent to File a Claim for Compensation and/or Pension, or Survivors Pension and/or DIC'),
    ],
  },
  {
    id: 'bdd',
    domain: '§2.2',
    title: 'Benefits Delivery at Discharge (BDD)',
    keywords: 'bdd benefits delivery at discharge before separation still on active duty separating leaving military 180 90 days',
    body: 'If you are still serving, you can file a disability claim through Benefits Delivery at Discharge 180 to 90 days before your separation date, using the disability application (VA Form 21-526EZ).',
    citations: [form('21-526EZ', 'Application for Disability Compensation and Related Compensation Benefits')],
  },
  {
    id: 'effective-date',
    domain: '§2.2',
    title: 'Effective date for direct service connection',
    keywords: 'effective date back pay when do payments start separation within one year date entitlement arose',
    body: 'If VA receives your claim within 1 year of separation, the effective date is the day after you separated. Otherwise it is the date VA received the claim or the date entitlement arose, whichever is later. An Intent to File can hold an earlier date for you.',
    citations: [cfr('3.400(b)(2)', 'Effective dates: direct service connection')],
  },
  {
    id: 'decision-review-options',
    domain: '§2.3',
    title: 'Disagreeing with a VA decision: the three review options',
    keywords: 'appeal denied denial disagree decision review options ama appeals modernization lanes what can i do after denial',
    body: "For VA decisions dated on or after February 19, 2019 (the Appeals Modernization Act), you can choose one of three options: a Supplemental Claim (VA Form 20-0995) with new and relevant evidence; a Higher-Level Review (VA Form 20-0996), where a senior reviewer looks at the same record; or a Board Appeal (VA Form 10182) to the Board of Veterans' Appeals. The Higher-Level Review and the Board Appeal must be filed within 1 year of the decision date. You cannot pursue the same issue in two review options at once. Older decisions follow the legacy appeals process.",
    citations: [
      cfr('3.2500(b)'),
      form('20-0995', 'Decision Review Request: Supplemental Claim'),
      form('20-0996', 'Decision Review Request: Higher-Level Review'),
      form('10182', 'Decision Review Request: Board Appeal (Notice of Disagreement)'),
      DECISION_REVIEWS,
    ],
  },
  {
    id: 'supplemental-claim',
    domain: '§2.3',
    title: 'Supplemental Claim',
    keywords: 'supplemental claim new and relevant evidence reopen denied claim 20-0995 continuous pursuit',
    body: "A Supplemental Claim (VA Form 20-0995) needs new and relevant evidence: new means not already in your record, relevant means it tends to prove or disprove something at issue. You can file it any time, but filing within 1 year of the decision keeps your earliest effective date. VA can help gather records if you attach VA Form 21-4142 and 21-4142a. VA's goal is about 125 days. It is not available for fiduciary or contested claims.",
    citations: [
      form('20-0995', 'Decision Review Request: Supplemental Claim'),
      cfr('3.2500(h)', 'Continuous pursuit'),
      cfr('3.2501', 'Supplemental claims'),
      form('21-4142'),
    ],
  },
  {
    id: 'higher-level-review',
    domain: '§2.3',
    title: 'Higher-Level Review (HLR)',
    keywords: 'higher level review hlr senior reviewer difference of opinion error no new evidence informal conference 20-0996',
    body: "A Higher-Level Review (VA Form 20-0996) asks a senior reviewer to look at the same evidence for a difference of opinion or an error; you cannot add new evidence. You must request it within 1 year from the date on your decision letter. You can ask for an optional informal conference by phone (the reviewer makes 2 attempts to reach you). VA's goal is about 125 days. It cannot review an HLR decision or a Board decision, and duty-to-assist errors are returned for correction.",
    citations: [form('20-0996', 'Decision Review Request: Higher-Level Review'), cfr('3.2601', 'Higher-level review')],
  },
  {
    id: 'board-appeal',
    domain: '§2.3',
    title: "Board Appeal to the Board of Veterans' Appeals",
    keywords: 'board appeal bva notice of disagreement nod 10182 veterans law judge hearing docket direct review evidence submission',
    body: 'A Board Appeal (VA Form 10182, Notice of Disagreement) must be filed within 1 year of the decision date (60 days for contested, multiple-party claims). You choose a docket: Direct Review (no new evidence, no hearing, the fastest), Evidence Submission (evidence within 90 days after the Board receives your form), or Hearing Request (a hearing with a Veterans Law Judge; evidence within 90 days after the hearing). You cannot appeal a Board decision to the Board again.',
    citations: [
      form('10182', 'Decision Review Request: Board Appeal (Notice of Disagreement)'),
      cfr('20.202'),
      cfr('20.302'),
      cfr('20.303'),
    ],
  },
  {
    id: 'after-board',
    domain: '§2.3',
    title: 'After a Board decision: the Court of Appeals for Veterans Claims',
    keywords: 'after board decision court of appeals for veterans claims cavc 120 days court appeal',
    body: 'After a Board decision you can file a Supplemental Claim (filing within 1 year keeps your effective date), or appeal to the U.S. Court of Appeals for Veterans Claims within 120 days of the Board decision date.',
    citations: [usc('7266', 'Notice of appeal to the Court of Appeals for Veterans Claims'), form('20-0995')],
  },
  {
    id: 'cue',
    domain: '§2.3',
    title: 'Clear and Unmistakable Error (CUE)',
    keywords: 'clear and unmistakable error cue old decision wrong error of law no time limit revise final decision',
    body: 'A CUE request asks VA to correct an undebatable error of fact or law in a final decision, judged on the record and law that existed at the time, that would have changed the outcome. There is no time limit. Disagreeing with how evidence was weighed is not CUE, and the request must be specific. If CUE is found, the decision is corrected as if made on the original date, which can mean back pay. CUE is not one of the three review options.',
    citations: [cfr('3.105(a)', 'Revision of decisions (CUE)'), cfr('20.1400–20.1411', 'CUE in Board decisions')],
  },
  {
    id: 'claim-status-steps',
    domain: '§2.4',
    title: 'The 8 steps of a VA disability claim',
    keywords: 'claim status steps phases where is my claim evidence gathering preparing decision letter final review how long takes',
    body: 'VA.gov shows a disability claim in 8 steps: 1 Claim received; 2 Initial review (basic information is checked); 3 Evidence gathering (VA requests records and exams — usually the longest step, and new evidence sends a claim back here); 4 Evidence review; 5 Rating; 6 Preparing decision letter; 7 Final review; 8 Claim decided (the letter is online, and a mailed copy usually arrives within about 10 business days).',
    citations: [vaPage('VA.gov claim status tool (8 steps)')],
  },
  // ── §3 service connection and nexus ──
  {
    id: 'service-connection',
    domain: '§3.1',
    title: 'What service connection needs',
    keywords: 'service connection three elements requirements prove current diagnosis in-service event nexus link how to win claim',
    body: 'Direct service connection needs three things: (1) a current diagnosed disability, (2) an event, injury or disease in service (or aggravation of one), and (3) a medical nexus — a link between the two.',
    citations: [caseLaw('Shedden v. Principi, 381 F.3d 1163 (Fed. Cir. 2004)'), cfr('3.303', 'Principles relating to service connection')],
  },
  {
    id: 'secondary-service-connection',
    domain: '§3.1, §6',
    title: 'Secondary service connection and aggravation',
    keywords: 'secondary service connection caused by service-connected condition aggravation worsened baseline proximately due',
    body: 'A disability that is proximately due to, or the result of, a service-connected condition can be service connected on a secondary basis. The primary condition you name must itself be service connected (already granted, or granted in the same decision): another service-connected condition does not stand in for it, so get the primary service connected first or claim both together. A condition that is not service connected but is made worse beyond its natural progression by a service-connected one can be compensated for the increase above a baseline, which must be shown by medical evidence. An aggravation opinion must address aggravation separately from causation: "not caused by" does not answer "not aggravated by". Every secondary claim still needs a diagnosis and a medical nexus or aggravation opinion, except the few pairs written into regulation.',
    citations: [
      cfr('3.310(a)', 'Disabilities that are proximately due to service-connected disease or injury'),
      cfr('3.310(b)', 'Aggravation'),
      caseLaw('Allen v. Brown, 7 Vet.App. 439 (1995)'),
      caseLaw('El-Amin v. Shinseki, 26 Vet.App. 136 (2013)'),
    ],
  },
  {
    id: 'benefit-of-doubt',
    domain: '§3.1',
    title: 'The benefit of the doubt',
    keywords: 'benefit of the doubt equipoise approximate balance tie goes to veteran',
    body: 'When the positive and negative evidence are in approximate balance, the veteran wins. The Federal Circuit (Lynch v. McDonough) applies the rule whenever the evidence is not persuasively against the claim. (DOMAIN notes these case holdings should be confirmed before quoting.)',
    citations: [
      usc('5107(b)', 'Benefit of the doubt'),
      cfr('3.102', 'Reasonable doubt'),
      caseLaw('Lynch v. McDonough, 21 F.4th 776 (Fed. Cir. 2021)'),
    ],
  },
  {
    id: 'nexus-language',
    domain: '§3.2',
    title: 'Nexus opinion wording: "at least as likely as not"',
    keywords:
      'nexus letter opinion language wording at least as likely as not more likely than not less likely than not may possibly speculative 50 percent probability',
    body: '"At least as likely as not" means a 50% or greater probability and meets VA\'s standard, as do "as likely as not" and "more likely than not". "Less likely than not" and "unlikely" are unfavourable. The words are read with their negation: "probably not", "most likely not" and "not at least as likely as not" are against the claim, and "I cannot state that it is at least as likely as not" or "cannot resolve without resort to mere speculation" is no opinion at all, which carries no weight unless the examiner explains why. An opinion is weighed by its conclusion and rationale, not by a favourable phrase quoted elsewhere, such as in the question put to the examiner. Speculative words — "could", "may", "might", "possibly", "cannot be ruled out" — usually get little or no weight. Causal statements ("is due to", "caused by") are favourable only with a rationale.',
    citations: [
      caseLaw('Obert v. Brown, 5 Vet.App. 30 (1993)'),
      caseLaw('Bloom v. West, 12 Vet.App. 185 (1999)'),
      caseLaw('Jones v. Shinseki, 23 Vet.App. 382 (2010)'),
      cfr('3.102'),
    ],
  },
  {
    id: 'nexus-letter-contents',
    domain: '§3.3',
    title: 'What a strong nexus letter contains',
    keywords: 'nexus letter independent medical opinion imo doctor letter what should it include rationale strong probative',
    body: 'A persuasive nexus letter gives the author\'s qualifications; lists the records reviewed (service treatment records, VA and private records, C&P exams, lay statements); states an accurate history of the in-service event, onset and continuity of symptoms; names a clear diagnosis; concludes in the legal standard ("at least as likely as not (50% or greater probability)"), with causation and aggravation stated separately for a secondary claim; explains the medical rationale applied to your facts; cites medical literature; addresses contrary evidence such as a negative C&P opinion or gaps in treatment; and is signed and dated. What gives an opinion weight is its reasoning and accurate facts, not only that the file was reviewed.',
    citations: [
      caseLaw('Nieves-Rodriguez v. Peake, 22 Vet.App. 295 (2008)'),
      caseLaw('Stefl v. Nicholson, 21 Vet.App. 120 (2007)'),
      cfr('3.310'),
    ],
  },
  {
    id: 'lay-evidence',
    domain: '§3.3, §4, §10.2',
    title: 'Your own statements and buddy statements',
    keywords:
      'lay statement buddy statement witness spouse statement personal statement 21-10210 21-4138 describe symptoms competent own words prove diagnosis tinnitus ringing',
    body: 'You can describe your symptoms and what happened in service in your own statement (VA Form 21-4138), and family, friends or fellow service members can write a buddy or witness statement (VA Form 21-10210). You are competent to describe what you observe with your senses (Layno v. Brown). Your statement can establish a diagnosis when the condition is simple enough for a lay person to identify (a broken leg), when you report a diagnosis a doctor gave you at the time, or when you describe symptoms that a medical professional later diagnoses (Jandreau v. Nicholson). Tinnitus is something you can observe yourself, so your account of ringing in the ears can establish it (Charles v. Principi). You cannot diagnose a complex condition such as sleep apnea, a psychiatric disorder or cancer, and a lay statement is never a medical opinion on what caused it. An examiner cannot dismiss credible lay reports just because your service records are silent.',
    citations: [
      form('21-4138', 'Statement in Support of Claim'),
      form('21-10210', 'Lay/Witness Statement'),
      caseLaw('Jandreau v. Nicholson, 492 F.3d 1372 (Fed. Cir. 2007)'),
      caseLaw('Charles v. Principi, 16 Vet.App. 370 (2002)'),
      caseLaw('Layno v. Brown, 6 Vet.App. 465 (1994)'),
      caseLaw('Dalton v. Nicholson, 21 Vet.App. 23 (2007)'),
      caseLaw('Buchanan v. Nicholson, 451 F.3d 1331 (Fed. Cir. 2006)'),
    ],
  },
  // ── §4 forms ──
  {
    id: 'form-526ez',
    domain: '§4',
    title: 'Filing a disability claim: VA Form 21-526EZ',
    keywords: 'file claim apply disability compensation application how to file 526 526ez new claim increase',
    body: 'The main disability claim is VA Form 21-526EZ (Application for Disability Compensation and Related Compensation Benefits). Filing online on VA.gov records an Intent to File automatically, and the same form is used for Benefits Delivery at Discharge.',
    citations: [form('21-526EZ', 'Application for Disability Compensation and Related Compensation Benefits')],
  },
  {
    id: 'private-records',
    domain: '§4',
    title: 'Letting VA get your private medical records',
    keywords: 'private medical records doctor records authorization release 21-4142 4142a civilian provider',
    body: 'VA Form 21-4142 (Authorization to Disclose Information to the Department of Veterans Affairs) lets VA request your private medical records, and VA Form 21-4142a (General Release for Medical Provider Information) gives the provider details that go with it.',
    citations: [
      form('21-4142', 'Authorization to Disclose Information to the Department of Veterans Affairs (VA)'),
      form('21-4142a', 'General Release for Medical Provider Information to the Department of Veterans Affairs (VA)'),
    ],
  },
  {
    id: 'representation',
    domain: '§4',
    title: 'Getting free help: accredited representatives',
    keywords:
      'vso veterans service organization representative help attorney claims agent appoint power of attorney 21-22 21-22a accredited',
    body: 'An accredited Veterans Service Organization (VSO) representative can help you with a claim or review. You appoint a VSO with VA Form 21-22, or an attorney, claims agent or other individual with VA Form 21-22a.',
    citations: [
      form('21-22', "Appointment of Veterans Service Organization as Claimant's Representative"),
      form('21-22a', "Appointment of Individual as Claimant's Representative"),
    ],
  },
  {
    id: 'dependents',
    domain: '§4, §8',
    title: 'Adding dependents',
    keywords: 'dependents spouse child add remove dependent 686c extra pay 30 percent school child 674',
    body: 'Dependents add to your payment from a 30% rating up (the 10% and 20% amounts are the same with or without dependents). You add or remove them with VA Form 21-686c; a child aged 18–23 in school is added with VA Form 21-674.',
    citations: [
      form('21-686c', 'Application Request to Add and/or Remove Dependents'),
      form('21-674', 'Request for Approval of School Attendance'),
    ],
  },
  {
    id: 'records-requests',
    domain: '§4',
    title: 'Getting your C-file, and asking for priority processing',
    keywords:
      'c-file claims file copy of my records foia privacy act request priority processing hardship terminal illness 20-10206 20-10207 third party 21-0845',
    body: 'To get your claims file (C-file) or other records, use VA Form 20-10206 (FOIA or Privacy Act Request). VA Form 20-10207 asks for priority processing (for example hardship or terminal illness). VA Form 21-0845 lets VA share your information with a third party.',
    citations: [
      form('20-10206', 'Freedom of Information Act (FOIA) or Privacy Act Request'),
      form('20-10207', 'Priority Processing Request'),
      form('21-0845', 'Authorization to Disclose Personal Information to a Third Party'),
    ],
  },
  {
    id: 'aid-and-attendance',
    domain: '§4',
    title: 'Aid and Attendance or Housebound (SMC)',
    keywords: 'aid and attendance housebound special monthly compensation smc need help daily living 21-2680',
    body: 'VA Form 21-2680 (Examination for Housebound Status or Permanent Need for Regular Aid and Attendance) supports special monthly compensation for aid and attendance or housebound status.',
    citations: [form('21-2680', 'Examination for Housebound Status or Permanent Need for Regular Aid and Attendance')],
  },
  {
    id: 'survivors',
    domain: '§4',
    title: 'Survivors: DIC and survivors pension',
    keywords: 'survivor spouse widow dic dependency indemnity compensation survivors pension accrued benefits 21p-534ez',
    body: 'Survivors apply for DIC, survivors pension and accrued benefits with VA Form 21P-534EZ.',
    citations: [form('21P-534EZ', 'Application for DIC, Survivors Pension, and/or Accrued Benefits')],
  },
  // ── §5 DBQs and exams ──
  {
    id: 'dbqs',
    domain: '§5',
    title: 'Disability Benefits Questionnaires (DBQs)',
    keywords: 'dbq disability benefits questionnaire doctor fill out form private dbq 21-0960 medical exam form',
    body: 'DBQs are exam forms a health care provider completes (the 21-0960 series, grouped by body system — for example 21-0960M-9 Knee and Lower Leg Conditions). The provider must complete the final signature section, and VA recommends filling the PDF electronically. Some DBQs are used only by VA or contract examiners, such as the Initial PTSD, Hearing Loss and Tinnitus, and initial TBI questionnaires; the public list has only the Review PTSD DBQ (21-0960P-3).',
    citations: [vaPage('VA.gov Disability Benefits Questionnaires'), dbq('21-0960M-9', 'Knee and Lower Leg Conditions')],
  },
  {
    id: 'cp-exam',
    domain: '§2.4, §3.3, §5, §7',
    title: 'Preparing for a C&P exam',
    keywords: 'c&p exam compensation and pension exam prepare prep examiner what to expect va exam tips',
    body: 'During evidence gathering VA may order a C&P exam; the examiner records findings on the DBQ for your condition, and those criteria are what the rating schedule uses (for example range of motion in degrees for joints and the spine, or how often migraine attacks are prostrating). To prepare: read the rating criteria for your condition, describe your symptoms honestly, including how often they happen and how they affect work and daily life, and bring or point to the records and lay statements that show when symptoms started and continued. An examiner cannot dismiss credible lay reports only because your service records are silent.',
    citations: [
      vaPage('VA.gov Disability Benefits Questionnaires'),
      caseLaw('Dalton v. Nicholson, 21 Vet.App. 23 (2007)'),
      cfr('4.71a', 'Musculoskeletal rating schedule'),
    ],
  },
  // ── §7 rating schedule ──
  {
    id: 'mental-health-ratings',
    domain: '§7.1',
    title: 'How PTSD, depression and anxiety are rated',
    keywords: 'ptsd rating depression anxiety mental health rating formula 9411 9434 9400 30 50 70 percent occupational social impairment',
    body: 'PTSD (DC 9411), generalized anxiety (9400), major depressive disorder (9434) and most other mental disorders use one General Rating Formula: 0%, 10%, 30% (occasional decrease in work efficiency), 50% (reduced reliability and productivity), 70% (deficiencies in most areas, such as suicidal ideation or near-continuous panic or depression) and 100% (total occupational and social impairment). VA proposed a new formula in 2022; DOMAIN could not confirm whether it is final.',
    citations: [cfr('4.130', 'Schedule of ratings — mental disorders')],
  },
  {
    id: 'ptsd-evidence',
    domain: '§4, §5, §7.1, §10.1',
    title: 'Evidence for a PTSD claim',
    keywords:
      'ptsd evidence stressor statement mst personal assault 21-0781 combat trauma what evidence ptsd claim corroborate my word enough prisoner of war fear hostile',
    body: 'A PTSD claim needs a current diagnosis, evidence of the in-service stressor, and a medical link between them. Your own statement is enough to establish the stressor only if PTSD was diagnosed in service, you engaged in combat (shown for example by a Combat Action Ribbon, Combat Infantryman Badge or Purple Heart), a VA or VA-contracted psychiatrist or psychologist confirms a stressor of fear of hostile military or terrorist activity, or you were a prisoner of war. A personal assault, including military sexual trauma, can be corroborated by evidence from other sources, such as a request for transfer, a drop in performance, or changes in behaviour. Any other stressor needs credible supporting evidence: service or unit records, or statements from people who saw it. Describe the stressor on VA Form 21-0781 (Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s)); its 2024 revision replaced the former personal-assault/MST form 21-0781a. Buddy statements (VA Form 21-10210) can corroborate what happened and how you changed. The initial PTSD exam is done by a VA or contract examiner; a private provider can complete the Review PTSD DBQ (21-0960P-3).',
    citations: [
      cfr('3.304(f)', 'Post-traumatic stress disorder'),
      form('21-0781', 'Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s)'),
      form('21-10210', 'Lay/Witness Statement'),
      dbq('21-0960P-3', 'Review Evaluation of PTSD'),
      cfr('4.130'),
    ],
  },
  {
    id: 'tinnitus-hearing',
    domain: '§7.2, §10.3',
    title: 'Tinnitus and hearing loss ratings',
    keywords:
      'tinnitus ringing ears hearing loss rating 6260 6100 10 percent noise exposure audiogram threshold decibels disability maryland cnc',
    body: 'Recurrent tinnitus (DC 6260) is rated 10% only — one rating whether you hear it in one ear, both ears or the head. Hearing loss counts as a disability for VA only when an audiogram shows a threshold of 40 dB or more at any of 500, 1000, 2000, 3000 or 4000 Hz, or 26 dB or more at three of them, or a Maryland CNC speech recognition score under 94%; a record that only says "hearing loss" does not show it. Hearing loss (DC 6100) is then rated 0–100% from the puretone average and the Maryland CNC speech discrimination results.',
    citations: [
      cfr('3.385', 'Disability due to impaired hearing'),
      cfr('4.87', 'Schedule of ratings — ear'),
      cfr('4.85', 'Evaluation of hearing impairment'),
    ],
  },
  {
    id: 'sleep-apnea',
    domain: '§7.3',
    title: 'Sleep apnea rating',
    keywords: 'sleep apnea osa cpap rating 6847 50 percent daytime sleepiness',
    body: 'Sleep apnea (DC 6847) is rated 0% (documented without symptoms), 30% (persistent daytime sleepiness), 50% (needs a breathing device such as CPAP) or 100% (chronic respiratory failure with CO₂ retention or cor pulmonale, or a tracheostomy). VA proposed new criteria in 2022; DOMAIN could not confirm their status.',
    citations: [cfr('4.97', 'Schedule of ratings — respiratory system'), dbq('21-0960L-2', 'Sleep Apnea')],
  },
  {
    id: 'migraine',
    domain: '§7.4',
    title: 'Migraine rating',
    keywords: 'migraine headaches rating 8100 prostrating attacks 30 50 percent',
    body: 'Migraine (DC 8100) is rated on prostrating attacks: 10% for one every 2 months on average over the last several months, 30% for about one a month, and 50% for very frequent, completely prostrating and prolonged attacks causing severe economic inadaptability. A headache log helps show frequency.',
    citations: [
      cfr('4.124a', 'Schedule of ratings — neurological conditions'),
      dbq('21-0960C-8', 'Headaches (including Migraine Headaches)'),
    ],
  },
  {
    id: 'spine',
    domain: '§7.5',
    title: 'Back and neck ratings (General Rating Formula for the spine)',
    keywords: 'back pain lumbar spine neck cervical rating range of motion flexion degrees 5237 5242 5243 ivds incapacitating episodes',
    body: 'Back and neck conditions (DC 5237, 5242, 5243) use the General Rating Formula. Thoracolumbar spine: 10% for forward flexion over 60° up to 85°, 20% for flexion over 30° up to 60°, 40% for flexion of 30° or less, 50% and 100% for ankylosis (normal flexion is 90°). Cervical spine: 10%, 20%, 30% and 40% bands (normal flexion is 45°). IVDS can instead be rated on incapacitating episodes in the past 12 months (10/20/40/60%). Nerve problems such as radiculopathy are rated separately.',
    citations: [
      cfr('4.71a', 'Schedule of ratings — musculoskeletal system'),
      dbq('21-0960M-14', 'Back (Thoracolumbar Spine) Conditions'),
      dbq('21-0960M-13', 'Neck (Cervical Spine) Conditions'),
    ],
  },
  {
    id: 'knee',
    domain: '§7.5',
    title: 'Knee ratings',
    keywords: 'knee rating flexion extension instability meniscus replacement 5260 5261 5257 5258 5259 5055',
    body: 'Knee limitation of flexion (DC 5260) is 0% at 60°, 10% at 45°, 20% at 30° and 30% at 15°; limitation of extension (DC 5261) runs from 0% at 5° to 50% at 45°, and the two can be rated separately. Instability (DC 5257) is 10/20/30% (the 2021 rule rewrote its criteria). A dislocated meniscus with locking, pain and effusion is 20% (DC 5258); a removed, symptomatic meniscus 10% (DC 5259). A knee replacement (DC 5055) is 100% for 4 months, then at least 30%.',
    citations: [cfr('4.71a', 'Schedule of ratings — musculoskeletal system'), dbq('21-0960M-9', 'Knee and Lower Leg Conditions')],
  },
  {
    id: 'radiculopathy',
    domain: '§7.4',
    title: 'Radiculopathy (sciatic nerve) rating',
    keywords: 'radiculopathy sciatica nerve pain leg numbness 8520 sciatic nerve',
    body: 'Sciatic nerve radiculopathy (DC 8520) is rated by incomplete paralysis: mild 10%, moderate 20%, moderately severe 40%, severe with marked muscle atrophy 60%; complete paralysis is 80%. Each leg is rated separately.',
    citations: [cfr('4.124a', 'Schedule of ratings — neurological conditions'), dbq('21-0960C-10', 'Peripheral Nerve Conditions')],
  },
  {
    id: 'hypertension',
    domain: '§7.6',
    title: 'Hypertension rating',
    keywords: 'hypertension high blood pressure rating 7101 diastolic systolic readings',
    body: 'Hypertension (DC 7101) is 10% for diastolic pressure predominantly 100 or more or systolic 160 or more (or a history of diastolic 100+ with continuous medication), 20% for diastolic 110+ or systolic 200+, 40% for diastolic 120+, and 60% for diastolic 130+. Readings must be confirmed on multiple days.',
    citations: [cfr('4.104', 'Schedule of ratings — cardiovascular system'), dbq('21-0960A-3', 'Hypertension')],
  },
  {
    id: 'diabetes',
    domain: '§7.7',
    title: 'Diabetes rating',
    keywords: 'diabetes type 2 rating 7913 insulin diet regulation of activities',
    body: 'Diabetes mellitus (DC 7913) is 10% when managed by diet only, 20% with insulin or an oral hypoglycemic agent plus diet, 40% when regulation of activities is also needed, and 60% or 100% with episodes and complications. Compensable complications, such as peripheral neuropathy, are rated separately.',
    citations: [cfr('4.119', 'Schedule of ratings — endocrine system'), dbq('21-0960E-1', 'Diabetes Mellitus')],
  },
  {
    id: 'gerd-ibs',
    domain: '§7.8',
    title: 'GERD and IBS ratings (2024 digestive rules)',
    keywords: 'gerd acid reflux ibs irritable bowel digestive rating 7206 7203 7319 2024',
    body: 'Since May 19, 2024, GERD (DC 7206) is rated under esophageal stricture (DC 7203) at 0/10/30/50/80%, and IBS (DC 7319) at 0/10/20/30% based on how often abdominal pain related to bowel habits occurs. DOMAIN flags the exact 2024 wording as to be confirmed.',
    citations: [
      cfr('4.114', 'Schedule of ratings — digestive system'),
      dbq('21-0960G-1', 'Esophageal Conditions (including GERD, Hiatal Hernia, and Other Esophageal Disorders)'),
    ],
  },
  {
    id: 'feet',
    domain: '§7.5',
    title: 'Flat feet and plantar fasciitis ratings',
    keywords: 'flat feet pes planus plantar fasciitis foot rating 5276 5269',
    body: 'Flatfoot (DC 5276) is 0% mild, 10% moderate, 20% (one foot) or 30% (both) severe, and 30% (one) or 50% (both) pronounced. Plantar fasciitis (DC 5269, 2021) is 10% when it responds to treatment, 20% for one foot and 30% for both feet when it does not, and 40% for actual loss of use of the foot.',
    citations: [
      cfr('4.71a', 'Schedule of ratings — musculoskeletal system'),
      dbq('21-0960M-6', 'Foot Conditions, including Flatfoot (Pes Planus)'),
    ],
  },
  {
    id: 'skin-scars',
    domain: '§7.10',
    title: 'Scars and skin conditions',
    keywords: 'scars painful unstable dermatitis eczema skin rating 7804 7806',
    body: 'Unstable or painful scars (DC 7804) are 10% for 1–2 scars, 20% for 3–4 and 30% for 5 or more, plus 10% if any scar is both unstable and painful. Dermatitis or eczema (DC 7806) is 0/10/30/60% by the body area affected or the systemic therapy needed.',
    citations: [cfr('4.118', 'Schedule of ratings — skin')],
  },
  {
    id: 'erectile-dysfunction',
    domain: '§6, §7.9',
    title: 'Erectile dysfunction and SMC(k)',
    keywords: 'erectile dysfunction ed smc k special monthly compensation loss of use creative organ 7522',
    body: 'Erectile dysfunction without a penile deformity is normally rated 0%, but it can qualify for special monthly compensation (SMC(k)) for loss of use of a creative organ; with a deformity it is 20% under DC 7522. It is often claimed as secondary to diabetes, a spine condition, or medication for PTSD or depression.',
    citations: [cfr('3.350(a)', 'Special monthly compensation'), cfr('4.115b', 'Schedule of ratings — genitourinary system')],
  },
  {
    id: 'tbi',
    domain: '§6, §7.4',
    title: 'Traumatic brain injury (TBI)',
    keywords: 'tbi traumatic brain injury concussion blast 8045 residuals facets',
    body: 'TBI residuals (DC 8045) are rated by facets, with the highest level mapping to 0/10/40/70/100%. Regulation holds certain later conditions to be caused by a service-connected TBI: parkinsonism and unprovoked seizures after a moderate or severe TBI; certain dementias within 15 years of a moderate or severe TBI; depression within 3 years of a moderate or severe TBI, or within 12 months of a mild one; and hormone-deficiency diseases within 12 months of a moderate or severe TBI. Outside these, a TBI secondary needs an ordinary nexus opinion.',
    citations: [cfr('4.124a', 'Schedule of ratings — neurological conditions'), cfr('3.310(d)', 'Traumatic brain injury')],
  },
  // ── §8 money ──
  {
    id: 'compensation-rates',
    domain: '§8',
    title: 'Monthly compensation for a veteran alone',
    keywords: 'how much money pay payment monthly compensation rates amount dollars 2025 2026 cola paid per month',
    body: 'Monthly rates for a veteran alone (no dependents), 2026 (effective Dec 1, 2025): 10% $180.42; 20% $356.66; 30% $552.47; 40% $795.84; 50% $1,132.90; 60% $1,435.02; 70% $1,808.45; 80% $2,102.15; 90% $2,362.30; 100% $3,938.58. The 2025 figures were $175.51 at 10% up to $3,831.30 at 100%. VA compensation is tax-free. Confirm on VA.gov, where the current table is published.',
    citations: [RATES_PAGE],
  },
  // ── §9 presumptives ──
  {
    id: 'pact-burn-pits',
    domain: '§9.1',
    title: 'PACT Act: burn pits and airborne hazards',
    keywords: 'pact act burn pits toxic exposure iraq afghanistan gulf presumptive conditions asthma sinusitis cancer airborne hazards',
    body: 'The PACT Act (signed August 10, 2022) makes some conditions presumptive for veterans who served in covered locations: on or after August 2, 1990 in Bahrain, Iraq, Kuwait, Oman, Qatar, Saudi Arabia, Somalia or the UAE, or on or after September 11, 2001 in Afghanistan, Djibouti, Egypt, Jordan, Lebanon, Syria, Uzbekistan or Yemen (and the airspace above). Presumptive illnesses include asthma diagnosed after service, chronic bronchitis, COPD, chronic rhinitis, chronic sinusitis, constrictive bronchiolitis, emphysema, granulomatous disease, interstitial lung disease, pleuritis, pulmonary fibrosis and sarcoidosis, plus cancers such as brain, gastrointestinal, head, neck, kidney, lymphoma, melanoma, pancreatic, reproductive and respiratory cancers. With a presumption you do not need a nexus opinion.',
    citations: [usc('1120', 'Burn pit presumptive conditions'), usc('1119', 'Toxic exposure'), PACT_PAGE],
  },
  {
    id: 'agent-orange',
    domain: '§9.3',
    title: 'Agent Orange presumptions',
    keywords:
      'agent orange herbicide vietnam thailand korea dmz blue water navy presumptive diabetes hypertension prostate cancer ischemic heart disease',
    body: "Herbicide exposure is presumed for service in the Republic of Vietnam (Jan 9, 1962 – May 7, 1975, including Blue Water Navy within 12 nautical miles), the Korean DMZ (Sept 1, 1967 – Aug 31, 1971) and, under the PACT Act, Thailand (Jan 9, 1962 – June 30, 1976), Laos (Dec 1, 1965 – Sept 30, 1969), Cambodia at Mimot or Krek (Apr 16 – Apr 30, 1969), Guam or American Samoa (Jan 9, 1962 – July 31, 1980) and Johnston Atoll (Jan 1, 1972 – Sept 30, 1977). Service outside those dates, or during the Vietnam era somewhere else, does not count. Presumptive conditions include diabetes mellitus type 2 (not type 1), hypertension, ischemic heart disease, prostate cancer, respiratory cancers, Parkinson's disease, non-Hodgkin's lymphoma, MGUS, hypothyroidism, bladder cancer, multiple myeloma and others; chloracne, early-onset peripheral neuropathy and porphyria cutanea tarda only when at least 10% disabling within a year of exposure.",
    citations: [cfr('3.307(a)(6)', 'Herbicide exposure'), cfr('3.309(e)', 'Herbicide presumptive diseases'), usc('1116'), PACT_PAGE],
  },
  {
    id: 'gulf-war',
    domain: '§9.2',
    title: 'Gulf War illnesses',
    keywords: 'gulf war southwest asia undiagnosed illness chronic multisymptom chronic fatigue fibromyalgia ibs',
    body: 'For Southwest Asia service, undiagnosed illnesses and medically unexplained chronic multisymptom illnesses — such as chronic fatigue syndrome, fibromyalgia and functional GI disorders like IBS — and certain infectious diseases (such as brucellosis, malaria and West Nile virus) are presumptive.',
    citations: [cfr('3.317', 'Compensation for certain disabilities occurring in Persian Gulf veterans')],
  },
  {
    id: 'camp-lejeune-radiation',
    domain: '§9.4',
    title: 'Camp Lejeune and radiation presumptions',
    keywords: 'camp lejeune contaminated water new river radiation atomic veteran enewetak palomares thule',
    body: "Camp Lejeune or MCAS New River: 30 or more days between Aug 1, 1953 and Dec 31, 1987 makes adult leukemia, aplastic anemia and other myelodysplastic syndromes, bladder, kidney and liver cancer, multiple myeloma, non-Hodgkin's lymphoma and Parkinson's disease presumptive. Radiation presumptions cover cancers of the bile ducts, bone, brain, breast, colon, esophagus, gallbladder, liver (primary), lung, ovary, pancreas, pharynx, salivary gland, small intestine, stomach, thyroid and urinary tract, leukemia (except CLL), lymphomas (except Hodgkin's) and multiple myeloma; the PACT Act added the Enewetak Atoll cleanup (1977–1980), the Palomares, Spain cleanup (Jan 17, 1966 – Mar 31, 1967) and the Thule, Greenland response (Jan 21 – Sept 25, 1968).",
    citations: [PACT_PAGE, cfr('3.309(d)', 'Diseases specific to radiation-exposed veterans'), cfr('3.309(f)', 'Camp Lejeune')],
  },
  {
    id: 'chronic-disease-presumption',
    domain: '§10.4',
    title: 'Chronic diseases within a year of leaving service',
    keywords:
      'chronic disease one year after discharge separation presumption arthritis hypertension diabetes hearing loss tinnitus psychosis within a year 10 percent continuity',
    body: 'With 90 days or more of continuous active service, certain chronic diseases are presumed service connected when they show up to a degree of 10% or more within one year after separation — among them arthritis, cardiovascular-renal disease including hypertension, diabetes mellitus, organic diseases of the nervous system (VA treats sensorineural hearing loss and tinnitus as such), psychoses, peptic ulcers and malignant tumours. Records from that first year, showing the disease and how severe it was, are the evidence. Continuity of symptoms since service can help only for the diseases on this list.',
    citations: [
      cfr('3.307(a)(3)', 'Chronic disease presumption'),
      cfr('3.309(a)', 'Chronic diseases'),
      caseLaw('Walker v. Shinseki, 708 F.3d 1331 (Fed. Cir. 2013)'),
    ],
  },
  {
    id: 'alcohol-secondary',
    domain: '§6',
    title: 'Alcohol or drug use disorder',
    keywords: 'alcohol drug substance use disorder drinking addiction secondary to ptsd',
    body: 'Primary alcohol or drug abuse cannot be compensated, but a use disorder that is secondary to a service-connected condition such as PTSD can be.',
    citations: [usc('1110'), caseLaw('Allen v. Principi, 237 F.3d 1368 (Fed. Cir. 2001)')],
  },
  {
    id: 'obesity-intermediate',
    domain: '§6',
    title: 'Obesity as an intermediate step',
    keywords: 'obesity weight gain intermediate step sleep apnea hypertension immobility',
    body: 'Obesity is not a disability by itself, but it can be an intermediate step: for example, a service-connected orthopedic condition causes immobility and weight gain, which in turn leads to sleep apnea, hypertension or diabetes.',
    citations: [caseLaw('VAOPGCPREC 1-2017'), caseLaw('Walsh v. Wilkie, 32 Vet.App. 300 (2020)')],
  },
];

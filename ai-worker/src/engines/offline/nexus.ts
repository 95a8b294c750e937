import { type NexusClassification, type NexusEvaluation } from '@cc/contracts';
import { concludeOpinion, readCausalStatement } from '@cc/contracts/reading';
import { type Sentence } from './text';

/** The nexus-letter checklist of DOMAIN.md §3.3. */

const CRED = String.raw`(?:M\.D\.|MD|D\.O\.|DO|Ph\.D\.|PhD|Psy\.D\.|PsyD|FNP-BC|FNP|PA-C|PA|NP|APRN|DNP|Au\.D\.|AuD|FACP|FCCP)`;
const NAME_CREDS = new RegExp(
  String.raw`((?:Dr\.\s+)?[A-Z][a-z]+(?:\s[A-Z]\.)?\s[A-Z][A-Za-z'-]+),\s*(${CRED}(?:\s*,\s*${CRED})*)(?![A-Za-z])`,
);
const DR_NAME = /\bDr\.\s+([A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][A-Za-z'-]+)?)/;
const BOARD = /\b(board[- ]certified (?:in )?[a-z ]+?|diplomate of the american board of [a-z ]+?)(?=[,.;]| and | with |$)/i;
const SPECIALTY =
  /\b(psychiatr(?:y|ist)|(?:clinical )?psycholog(?:y|ist)|pulmonolog(?:y|ist)|sleep medicine|otolaryngolog(?:y|ist)|audiolog(?:y|ist)|orthopaedic surge(?:on|ry)|orthopedic surge(?:on|ry)|neurolog(?:y|ist)|cardiolog(?:y|ist)|internal medicine|family medicine|gastroenterolog(?:y|ist)|endocrinolog(?:y|ist)|rheumatolog(?:y|ist))\b/i;
const EXPERIENCE = /\b(\d{1,2}) years of (?:clinical |medical )?(?:experience|practice)\b/i;

const CHECKS = {
  recordsReviewed: /\b(reviewed|review of|examined the)\b[^.]*\b(records?|c-?file|claims file|STRs?|service treatment|file|notes)\b/i,
  history:
    /\b(during (?:his|her|their|the veteran's) (?:military )?service|in-service|in service|while (?:deployed|serving|on active duty|stationed)|active duty|deploy\w+|combat|sick call|served (?:in|as|with))\b/i,
  diagnosis: /\b(diagnos\w+|ICD-?10|DSM-?5|F\d{2}\.\d|G\d{2}\.\d)\b/i,
  rationale:
    /\b(rationale|because|the basis (?:for|of) (?:this|my) opinion|mechanism|this is supported by|consistent with|as evidenced by|physiolog\w+|pathophysiolog\w+|known to (?:cause|contribute|increase)|leads? to|increas\w+ the risk)\b/i,
  literature: /\b(literature|stud(?:y|ies)|journal|et al\.?|peer-reviewed|guidelines?|meta-analysis|research)\b/i,
  contrary:
    /\b(contrary|I disagree|disagree with|negative (?:C&P |VA )?opinion|other (?:risk factors|possible causes|causes|etiologies)|alternative (?:causes?|etiolog\w+|explanations?)|considered (?:and|but)|even though|despite|does not (?:explain|account))\b/i,
  aggravation: /\baggravat\w*\b|\bworsened\b/i,
  baseline: /\bbaseline\b/i,
  signature: /\b(sincerely|respectfully|signed|signature|electronically signed)\b/i,
  contact: /(\(\d{3}\)\s*\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b|\blicense\b|\bNPI\b|\bphone\b|\btel\b)/i,
};

export interface NexusAnalysis {
  evaluation: NexusEvaluation;
  /** Opinion sentences and how each was classified. */
  opinions: { sentence: Sentence; classification: NexusClassification }[];
}

function qualifications(sentences: Sentence[]): NexusEvaluation['doctorQualifications'] {
  let name: string | undefined;
  const credentials = new Set<string>();
  let source: string | undefined;
  for (const s of sentences) {
    const m = NAME_CREDS.exec(s.text);
    if (m) {
      name ??= m[1];
      source ??= s.text;
      for (const c of (m[2] ?? '').split(/\s*,\s*/)) credentials.add(c.replace(/\./g, ''));
    }
  }
  if (!name) {
    for (const s of sentences) {
      const m = DR_NAME.exec(s.text);
      if (m) {
        name = `Dr. ${m[1]}`;
        source ??= s.text;
        break;
      }
    }
  }
  const text = sentences.map((s) => s.text).join(' ');
  const board = BOARD.exec(text)?.[1]?.trim();
  const specialty = SPECIALTY.exec(text)?.[1];
  const years = EXPERIENCE.exec(text)?.[1];
  const parts: string[] = [];
  if (name) parts.push(name);
  if (credentials.size) parts.push([...credentials].join(', '));
  if (board) parts.push(board);
  else if (specialty) parts.push(`specialty: ${specialty.toLowerCase()}`);
  if (years) parts.push(`${years} years of experience`);
  const out: NexusEvaluation['doctorQualifications'] = {
    credentials: [...credentials],
    summary: parts.length ? parts.join('; ') : 'No author qualifications found',
  };
  if (name) out.name = name;
  if (board) out.boardCertification = board;
  if (specialty) out.specialty = specialty.toLowerCase();
  if (source) out.source = source;
  return out;
}

/**
 * Evaluates the nexus opinion(s) in a document against DOMAIN §3.2, §3.3 and §10.7, with the shared
 * reader: each probability phrase read with its negation, the document decided by its conclusion.
 */
export function evaluateNexus(sentences: Sentence[]): NexusAnalysis {
  const text = sentences.map((s) => s.text).join('\n');
  const read = concludeOpinion(sentences.map((s) => s.text));
  const sentenceOf = (t: string) => sentences.find((s) => s.text === t)!;
  const opinions: NexusAnalysis['opinions'] = read.opinions.map((o) => ({
    sentence: sentenceOf(o.sentence),
    classification: o.reading.classification,
  }));
  const phrases: NexusEvaluation['phrases'] = read.opinions.flatMap((o) =>
    o.reading.phrases.map((p) => ({ phrase: p.phrase, classification: p.classification, source: o.sentence })),
  );
  let opinion = read.conclusion !== undefined ? opinions.find((o) => o.sentence.text === read.conclusion) : undefined;
  let classification: NexusClassification = read.classification;
  let causalOnly = false;
  if (!opinion) {
    // Certainty-level causal statements ("is proximately due to") count, with their negation (DOMAIN §3.2).
    const causal = sentences.map((s) => ({ s, c: readCausalStatement(s.text) })).find((x) => x.c !== 'none');
    if (causal && causal.c !== 'none') {
      opinion = { sentence: causal.s, classification: causal.c };
      classification = causal.c;
      causalOnly = causal.c === 'favourable';
    }
  }

  const standardFound = [
    ...new Set(
      read.opinions
        .filter((o) => o.reading.classification === 'favourable')
        .flatMap((o) => o.reading.phrases.filter((p) => p.standard && p.classification === 'favourable').map((p) => p.phrase)),
    ),
  ];
  const hasRequiredLanguage = classification === 'favourable' && standardFound.length > 0;
  const quals = qualifications(sentences);
  const hasQuals = quals.credentials.length > 0;
  const rationaleSentences = sentences.filter((s) => CHECKS.rationale.test(s.text));
  const hasRationale = rationaleSentences.length > 0;
  const secondaryClaim = /\bsecondary to\b|\bservice-connected\b/i.test(text);

  const checklist: { item: string; present: boolean; suggestion: string }[] = [
    {
      item: 'Author qualifications (name, credentials, specialty)',
      present: hasQuals,
      suggestion: "Add the author's full name, credentials (e.g. MD, PhD), specialty, license and relevant experience.",
    },
    {
      item: 'Statement of records reviewed',
      present: CHECKS.recordsReviewed.test(text),
      suggestion:
        'List the records reviewed: service treatment records, VA and private treatment records, C&P exams, lay statements (C-file).',
    },
    {
      item: 'Accurate factual history (in-service event, onset, continuity)',
      present: CHECKS.history.test(text),
      suggestion: 'Describe the in-service event, the onset and the continuity of symptoms and treatment.',
    },
    {
      item: 'Clear diagnosis (ICD or DSM-5 terms)',
      present: CHECKS.diagnosis.test(text),
      suggestion: 'State the current diagnosis in ICD-10 or DSM-5 terms.',
    },
    {
      item: 'Conclusion in the legal standard ("at least as likely as not (50 percent or greater probability)")',
      present: hasRequiredLanguage,
      suggestion:
        'State the conclusion as "at least as likely as not (50 percent or greater probability)"; avoid "may", "could", "possibly".',
    },
    {
      item: 'Medical rationale applied to this veteran',
      present: hasRationale,
      suggestion: "Explain the medical mechanism and apply it to this veteran's facts.",
    },
    {
      item: 'Supporting medical literature',
      present: CHECKS.literature.test(text),
      suggestion: "Cite peer-reviewed studies or guidelines that support the mechanism, tied to the veteran's facts.",
    },
    {
      item: 'Addresses contrary evidence and other risk factors',
      present: CHECKS.contrary.test(text),
      suggestion: 'Address contrary evidence: negative C&P opinions, treatment gaps, other risk factors (age, obesity, smoking).',
    },
    {
      item: 'Signature, date and contact information',
      present: CHECKS.signature.test(text) && CHECKS.contact.test(text),
      suggestion: 'Sign and date the letter and include contact and license information.',
    },
  ];
  if (secondaryClaim) {
    const aggravation = CHECKS.aggravation.test(text);
    checklist.push({
      item: 'Causation and aggravation addressed separately (38 CFR 3.310(a)/(b))',
      present: aggravation && /\b(caus\w+|due to|result of)\b/i.test(text),
      suggestion: 'Give a separate opinion on aggravation: "not caused by" does not answer "not aggravated by".',
    });
    if (aggravation) {
      checklist.push({
        item: 'Baseline severity for aggravation',
        present: CHECKS.baseline.test(text),
        suggestion: 'State the baseline severity before aggravation and the current severity.',
      });
    }
  }

  const strengthFactors = checklist.filter((c) => c.present).map((c) => c.item);
  const weaknessFactors = checklist.filter((c) => !c.present).map((c) => `Missing: ${c.item}`);
  if (classification === 'speculative')
    weaknessFactors.unshift('Speculative language ("may", "could", "possibly") is given little or no weight (Obert v. Brown)');
  if (classification === 'unfavourable') weaknessFactors.unshift('The opinion is unfavourable (less than 50% probability)');
  if (classification === 'non-opinion') {
    weaknessFactors.unshift(
      'The examiner gave no opinion ("cannot state", "without resort to mere speculation"); a non-opinion carries no weight unless the examiner explains why (Jones v. Shinseki)',
    );
  }
  if (causalOnly) weaknessFactors.unshift('Causal statement without the "at least as likely as not" standard');
  const improvementSuggestions = checklist.filter((c) => !c.present).map((c) => c.suggestion);
  if (classification === 'unfavourable')
    improvementSuggestions.unshift("Obtain a favourable independent medical opinion that addresses the negative opinion's reasoning.");
  if (classification === 'non-opinion')
    improvementSuggestions.unshift('Obtain a medical opinion that states a conclusion ("at least as likely as not") with its reasons.');

  const score = strengthFactors.length;
  let overallStrength: NexusEvaluation['overallStrength'];
  if (classification === 'none') overallStrength = 'none';
  else if (classification !== 'favourable') overallStrength = 'weak';
  else if (hasRequiredLanguage && hasRationale && hasQuals && score >= 6) overallStrength = 'strong';
  else if (hasRequiredLanguage || (hasRationale && hasQuals)) overallStrength = 'moderate';
  else overallStrength = 'weak';

  const rationale = rationaleSentences
    .filter((s) => s !== opinion?.sentence)
    .slice(0, 3)
    .map((s) => s.text);
  return {
    opinions,
    evaluation: {
      overallStrength,
      hasRequiredLanguage,
      requiredLanguageFound: standardFound,
      missingRequiredLanguage: checklist.filter((c) => !c.present).map((c) => c.item),
      doctorQualifications: quals,
      nexusOpinion: opinion?.sentence.text ?? '',
      classification,
      phrases,
      medicalRationale: rationale.join(' '),
      hasMedicalRationale: hasRationale,
      strengthFactors,
      weaknessFactors,
      improvementSuggestions,
    },
  };
}

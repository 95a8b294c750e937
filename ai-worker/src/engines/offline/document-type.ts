/** Document type from headings and stock wording; first match wins. */
const RULES: [string, RegExp][] = [
  ['VA decision letter', /\b(rating decision|we made a decision|decision on your claim|evidence considered|reasons for decision)\b/i],
  ['Disability Benefits Questionnaire (DBQ)', /\b(disability benefits questionnaire|DBQ)\b/i],
  ['C&P examination report', /\b(C&P|compensation and pension) exam(?:ination)? (?:report|note)\b/i],
  [
    'Lay / buddy statement',
    /\b(buddy statement|lay statement|lay\/witness statement|personal statement|21-10210|21-4138|statement in support of claim|I served with|I witnessed)\b/i,
  ],
  [
    'Service treatment record',
    /\b(service treatment record|chronological record of medical care|sick call|battalion aid station|troop medical clinic|SF 600)\b/i,
  ],
  [
    'Nexus letter / medical opinion',
    /\b(nexus|independent medical opinion|medical opinion|to whom it may concern|as likely as not|likely than not)\b/i,
  ],
  ['VA treatment record', /\b(VA Medical Center|VAMC|CBOC|progress note|primary care note|mental health note)\b/i],
  ['Private medical record', /\b(clinic|hospital|office visit|patient|history of present illness|assessment and plan)\b/i],
];

/** The letterhead, title, "RE:" line and salutation: what a document says it is. */
function headingOf(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 8);
  // The heading ends where the first paragraph of running text begins.
  const body = lines.findIndex((line) => line.length > 120);
  return (body === -1 ? lines : lines.slice(0, body)).join('\n');
}

/**
 * The heading decides first: the body of a nexus letter mentions the "service treatment records"
 * and the "rating decision" it reviewed, which does not make it either.
 */
export function detectDocumentType(text: string): string {
  const heading = headingOf(text);
  return RULES.find(([, re]) => re.test(heading))?.[0] ?? RULES.find(([, re]) => re.test(text))?.[0] ?? 'Unclassified document';
}

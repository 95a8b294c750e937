import { memo } from './memo';

/**
 * Is this finding the claimed condition? Each side and each body part is its own disability (38 CFR
 * 4.25(b); DOMAIN §10.8): a left-knee diagnosis does not establish a right-knee claim, and hearing
 * loss is not hair loss. A condition is read as its body parts (each with the side written next to
 * it), its condition families and its VA diagnostic codes; two conditions are the same when
 *
 * - they share a family (or, for a joint, both are disorders of that joint: a "right knee condition"
 *   claim is met by right knee arthritis, because the knee is rated by its function, 38 CFR 4.71a),
 * - their body parts meet (the spine unspecified meets either segment), and
 * - on a shared body part their sides agree (bilateral agrees with either side; a side not written
 *   does not disagree, and `sideUnstated` tells the caller so).
 *
 * Codes come from `reference-data/diagnostic-codes.json` (VA's list) where it has them.
 */

export type Side = 'left' | 'right' | 'bilateral';

type Part =
  | 'knee'
  | 'hip'
  | 'ankle'
  | 'foot'
  | 'shoulder'
  | 'elbow'
  | 'wrist'
  | 'hand'
  | 'thoracolumbar spine'
  | 'cervical spine'
  | 'spine'
  | 'ear'
  | 'eye'
  | 'upper extremity'
  | 'lower extremity'
  | 'prostate'
  | 'lung'
  | 'bladder'
  | 'kidney'
  | 'brain'
  | 'breast'
  | 'colon'
  | 'thyroid'
  | 'skin'
  | 'liver'
  | 'pancreas';

const PARTS: [Part, RegExp][] = [
  ['knee', /\bknees?\b|\bpatell\w*|\bmenisc\w*/gi],
  ['hip', /\bhips?\b/gi],
  ['ankle', /\bankles?\b/gi],
  ['foot', /\bfoot\b|\bfeet\b|\bheels?\b|\bplantar\b|\bpes planus\b|\bflat ?foot\b|\btoes?\b/gi],
  ['shoulder', /\bshoulders?\b|\brotator cuff\b/gi],
  ['elbow', /\belbows?\b/gi],
  ['wrist', /\bwrists?\b|\bcarpal\b/gi],
  ['hand', /\bhands?\b|\bfingers?\b|\bthumbs?\b/gi],
  ['thoracolumbar spine', /\blow(?:er)? back\b|\blumbar\b|\blumbosacral\b|\bthoracolumbar\b|\bthoracic\b|\bback\b/gi],
  ['thoracolumbar spine', /\b[LT]\d{1,2}(?:-[LS]\d)?\b/g],
  ['cervical spine', /\bneck\b|\bcervical\b(?! cancer)/gi],
  ['cervical spine', /\bC[1-7](?:-C[1-7])?\b/g],
  ['spine', /\bspin(?:e|al)\b(?! cord)|\bdis[ck]s?\b|\bvertebra\w*/gi],
  ['ear', /\bears?\b|\bhearing\b|\btinnitus\b|\bauditory\b|\bSNHL\b/gi],
  ['eye', /\beyes?\b|\bvision\b|\bretin\w*|\bcataracts?\b/gi],
  ['upper extremity', /\bupper extremit\w*|\barms?\b|\bmedian nerve\b|\bulnar\b/gi],
  ['lower extremity', /\blower extremit\w*|\blegs?\b|\bsciatic\w*|\bsciatica\b/gi],
  ['prostate', /\bprostat\w*/gi],
  ['lung', /\blungs?\b|\bpulmonary\b|\bbronch\w*/gi],
  ['bladder', /\bbladder\b(?! dysfunction)/gi],
  ['kidney', /\bkidneys?\b|\brenal\b|\bnephr\w*/gi],
  ['brain', /\bbrain\b|\bglioblastoma\b/gi],
  ['breast', /\bbreasts?\b/gi],
  ['colon', /\bcolon\b|\bcolorectal\b|\brectal\b/gi],
  ['thyroid', /\bthyroid\b|\bhypothyroid\w*/gi],
  ['skin', /\bskin\b|\bmelanoma\b|\bdermat\w*/gi],
  ['liver', /\bliver\b|\bhepat\w*/gi],
  ['pancreas', /\bpancrea\w*/gi],
];

/** Body parts that a condition family names by itself (tinnitus is of the ears). */
const SPINE_PARTS: Part[] = ['thoracolumbar spine', 'cervical spine', 'spine'];

interface Family {
  id: string;
  pattern: RegExp;
  /** VA diagnostic codes, from reference-data/diagnostic-codes.json. */
  codes?: string[];
  /** A disorder of a joint or of the spine: any two of these agree on the same joint. */
  joint?: boolean;
  /** The body part the family implies when the text names none. */
  part?: Part;
}

export const FAMILIES: readonly Family[] = [
  // Joints and spine (38 CFR 4.71a rates a joint by its function, whatever the diagnosis).
  { id: 'strain', pattern: /\bstrains?\b|\bsprains?\b/i, codes: ['5295'], joint: true },
  {
    id: 'arthritis',
    pattern: /\b(?:osteo)?arthritis\b|\barthrosis\b|\bdegenerative joint disease\b|\bDJD\b/i,
    codes: ['5003', '5010'],
    joint: true,
  },
  { id: 'tendinitis', pattern: /\btendin(?:itis|osis|opathy)\b|\btendonitis\b|\bbursitis\b/i, joint: true },
  { id: 'instability', pattern: /\binstability\b|\bsubluxation\b|\bdislocation\b/i, codes: ['5257'], joint: true },
  { id: 'meniscus', pattern: /\bmenisc(?:us|al)\b|\bsemilunar cartilage\b/i, codes: ['5258', '5259'], joint: true, part: 'knee' },
  { id: 'patellofemoral', pattern: /\bpatellofemoral\b|\bchondromalacia\b/i, joint: true, part: 'knee' },
  {
    id: 'limitation of motion',
    pattern: /\blimitation of (?:motion|flexion|extension)\b|\blimited (?:motion|flexion|extension)\b|\bankylosis\b/i,
    codes: ['5256', '5260', '5261', '5271', '5201', '5215', '5252', '5251'],
    joint: true,
  },
  { id: 'impingement', pattern: /\bimpingement\b|\brotator cuff\b|\blabral tear\b/i, joint: true, part: 'shoulder' },
  { id: 'joint replacement', pattern: /\breplacement\b|\barthroplasty\b/i, codes: ['5051', '5054', '5055', '5056'], joint: true },
  { id: 'fracture', pattern: /\bfractures?\b/i, joint: true },
  {
    id: 'disc disease',
    pattern:
      /\bdegenerative dis[ck] disease\b|\bDDD\b|\bintervertebral dis[ck]\b|\bIVDS\b|\bherniat\w* dis[ck]|\bdis[ck] herniation\b|\bbulging dis[ck]|\bspinal stenosis\b|\bspondylo\w*/i,
    joint: true,
    part: 'spine',
  },
  // Ears (DOMAIN §7.2).
  {
    id: 'hearing loss',
    pattern: /\bhearing loss\b|\bhearing impairment\b|\bSNHL\b|\bsensorineural hearing\b|\bhypoacusis\b|\bdeafness\b/i,
    codes: ['6100'],
    part: 'ear',
  },
  { id: 'tinnitus', pattern: /\btinnitus\b|\bringing in (?:the|my|his|her|both) ears?\b|\bringing ears\b/i, codes: ['6260'], part: 'ear' },
  { id: 'alopecia', pattern: /\bhair loss\b|\balopecia\b/i, codes: ['7830', '7831'] },
  // Mental disorders (DOMAIN §7.1).
  { id: 'PTSD', pattern: /\bPTSD\b|\bpost-?traumatic stress\b/i },
  { id: 'depression', pattern: /\bmajor depressive\b|\bdepress(?:ion|ive)\b|\bMDD\b/i, codes: ['9434'] },
  { id: 'anxiety', pattern: /\banxiety\b|\bGAD\b/i, codes: ['9400'] },
  { id: 'bipolar disorder', pattern: /\bbipolar\b/i, codes: ['9432'] },
  { id: 'insomnia', pattern: /\binsomnia\b/i },
  { id: 'alcohol use disorder', pattern: /\balcohol (?:use disorder|dependence|abuse)\b/i },
  // Other systems.
  { id: 'sleep apnea', pattern: /\bsleep apnea\b|\bOSA\b|\bsleep-disordered breathing\b/i, codes: ['6847'] },
  { id: 'hypertension', pattern: /\bhypertensi(?:on|ve vascular)\b|\bhigh blood pressure\b|\bHTN\b/i, codes: ['7101'] },
  { id: 'diabetes mellitus', pattern: /\bdiabet(?:es|ic)\b(?! insipidus)|\bDM ?(?:2|II)\b|\bT[12]DM\b/i, codes: ['7913'] },
  { id: 'diabetes insipidus', pattern: /\bdiabetes insipidus\b/i, codes: ['7909'] },
  { id: 'headaches', pattern: /\bmigraines?\b|\bheadaches?\b|\bcephalgia\b/i, codes: ['8100'] },
  { id: 'TBI', pattern: /\btraumatic brain injury\b|\bTBI\b|\bconcussion\b/i, codes: ['8045'] },
  { id: 'radiculopathy', pattern: /\bradiculopathy\b|\bsciatica\b|\bnerve root\b|\bsciatic nerve\b/i, codes: ['8520', '8620', '8720'] },
  { id: 'peripheral neuropathy', pattern: /\bneuropathy\b/i },
  { id: 'carpal tunnel syndrome', pattern: /\bcarpal tunnel\b/i, codes: ['8515'], part: 'wrist' },
  { id: 'seizures', pattern: /\bseizures?\b|\bepilep\w*/i, codes: ['8910', '8911'] },
  { id: "Parkinson's", pattern: /\bparkinson'?s\b|\bparkinsonism\b/i },
  { id: 'dementia', pattern: /\bdementia\b|\balzheimer'?s\b/i },
  { id: 'GERD', pattern: /\bGERD\b|\bgastro-?esophageal reflux\b|\bacid reflux\b|\breflux\b|\bhiatal hernia\b/i, codes: ['7346'] },
  { id: 'IBS', pattern: /\birritable bowel\b|\bIBS\b/i, codes: ['7319'] },
  { id: 'gastritis', pattern: /\bgastritis\b|\bpeptic ulcer\b|\bgastric ulcer\b|\bduodenal ulcer\b/i },
  { id: 'hemorrhoids', pattern: /\bhemorrhoids?\b/i, codes: ['7336'] },
  { id: 'asthma', pattern: /\basthma\b/i, codes: ['6602'], part: 'lung' },
  {
    id: 'COPD',
    pattern: /\bCOPD\b|\bchronic obstructive pulmonary\b|\bemphysema\b|\bchronic bronchitis\b/i,
    codes: ['6604'],
    part: 'lung',
  },
  { id: 'sinusitis', pattern: /\bsinusitis\b/i, codes: ['6510', '6511', '6512', '6513', '6514'] },
  { id: 'rhinitis', pattern: /\brhinitis\b/i, codes: ['6501', '6522', '6523', '6524'] },
  { id: 'erectile dysfunction', pattern: /\berectile\b|\bloss of erectile power\b/i, codes: ['7522'] },
  {
    id: 'heart disease',
    pattern: /\bcoronary artery disease\b|\bischemic heart\b|\bCAD\b|\bIHD\b|\barteriosclerotic heart\b/i,
    codes: ['7005'],
  },
  { id: 'kidney disease', pattern: /\bchronic kidney disease\b|\bCKD\b|\bnephropathy\b|\brenal (?:disease|insufficiency|failure)\b/i },
  { id: 'flatfoot', pattern: /\bpes planus\b|\bflat ?feet\b|\bflat ?foot\b/i, codes: ['5276'], part: 'foot' },
  { id: 'plantar fasciitis', pattern: /\bplantar fasciitis\b/i, codes: ['5269'], part: 'foot' },
  { id: 'fibromyalgia', pattern: /\bfibromyalgia\b/i, codes: ['5025'] },
  { id: 'hypothyroidism', pattern: /\bhypothyroid\w*/i, codes: ['7903'] },
  { id: 'scars', pattern: /\bscars?\b/i, codes: ['7800'] },
  {
    id: 'cancer',
    pattern:
      /\bcancers?\b|\bcarcinomas?\b|\bmalignan\w*|\blymphomas?\b|\bleuka?emias?\b|\bmelanomas?\b|\bsarcomas?\b|\bmyelomas?\b|\bglioblastoma\b/i,
  },
];

export interface ConditionIdentity {
  /** Each body part named, with the sides written next to it (empty: no side given). */
  parts: Map<Part, Set<Side>>;
  families: Set<string>;
  /** Diagnostic codes given with the condition. */
  codes: Set<string>;
}

/** Side words; the one-letter forms ("L knee") only in capitals. */
const SIDE_WORDS: [Side, RegExp][] = [
  ['bilateral', /\b(?:[Bb]ilateral(?:ly)?|BILATERAL|[Bb]oth|BOTH|[Bb]ilat\.?|[Ll]eft and right|[Rr]ight and left)\b/],
  ['left', /(?:\b(?:[Ll]eft|LEFT|[Ll]t)\b\.?|\bL\b)(?:[- ]sided)?/],
  ['right', /(?:\b(?:[Rr]ight|RIGHT|[Rr]t)\b\.?|\bR\b)(?:[- ]sided)?/],
];

/** The sides written just before a body part ("left knee", "L knee") or just after it ("knee, left", "knee (right)"). */
function sidesAround(text: string, start: number, end: number): Set<Side> {
  const before =
    text
      .slice(Math.max(0, start - 28), start)
      .split(/[.;:,()]/)
      .pop() ?? '';
  const after = /^\s*(?:[,(-]\s*)?((?:left|right|bilateral|both|lt|rt)\b)/i.exec(text.slice(end))?.[1] ?? '';
  const sides = new Set<Side>();
  for (const [side, re] of SIDE_WORDS) {
    const near = new RegExp(`${re.source}(?:\\s+\\w+){0,2}\\s*$`);
    if (near.test(before) || new RegExp(`^${re.source}$`).test(after)) sides.add(side);
  }
  if (sides.has('left') && sides.has('right')) return new Set<Side>(['bilateral']);
  return sides;
}

const CODE_IN_TEXT = /\b(?:DC|diagnostic code)\s*(\d{4})\b/gi;

/** Body parts, sides, families and codes of a condition text. */
function readIdentity(text: string, codes: readonly string[]): ConditionIdentity {
  const parts = new Map<Part, Set<Side>>();
  for (const [part, re] of PARTS) {
    for (const m of text.matchAll(re)) {
      const sides = sidesAround(text, m.index, m.index + m[0].length);
      const own = parts.get(part) ?? new Set<Side>();
      for (const s of sides) own.add(s);
      parts.set(part, own);
    }
  }
  const allCodes = new Set([...codes, ...[...text.matchAll(CODE_IN_TEXT)].map((m) => m[1]!)]);
  const families = new Set<string>();
  for (const f of FAMILIES) if (f.pattern.test(text) || f.codes?.some((code) => allCodes.has(code))) families.add(f.id);
  // "Hearing loss" names no part; its family does (the ears).
  for (const id of families) {
    const part = FAMILIES.find((f) => f.id === id)?.part;
    if (part && !parts.has(part)) parts.set(part, new Set());
  }
  return { parts, families, codes: allCodes };
}

const identities = memo(5_000, (key) => {
  const [text, codes] = key.split('\u0000') as [string, string];
  return readIdentity(text, codes ? codes.split(',') : []);
});

/** Body parts, sides, families and codes of a condition text (a fresh copy: callers may add sides). */
export function identify(text: string, codes: readonly string[] = []): ConditionIdentity {
  const known = identities(`${text}\u0000${codes.join(',')}`);
  return {
    parts: new Map([...known.parts].map(([part, sides]) => [part, new Set(sides)])),
    families: new Set(known.families),
    codes: new Set(known.codes),
  };
}

const familyOf = (id: string) => FAMILIES.find((f) => f.id === id);

function partsMeet(a: Part, b: Part): boolean {
  if (a === b) return true;
  return (a === 'spine' && SPINE_PARTS.includes(b)) || (b === 'spine' && SPINE_PARTS.includes(a));
}

const sidesAgree = (a: Set<Side>, b: Set<Side>) =>
  a.size === 0 || b.size === 0 || a.has('bilateral') || b.has('bilateral') || [...a].some((s) => b.has(s));

/** Words that name no condition by themselves, for texts the vocabulary does not know. */
const GENERIC = new Set([
  'condition',
  'conditions',
  'disorder',
  'disease',
  'chronic',
  'left',
  'right',
  'bilateral',
  'pain',
  'the',
  'and',
  'of',
  'with',
  'due',
  'to',
  'secondary',
  'syndrome',
  'acute',
  'mild',
  'moderate',
  'severe',
  'loss',
  'injury',
  'residuals',
  'problem',
  'problems',
  'disability',
  'claim',
  'increase',
  'service',
  'connected',
]);
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .map((w) => w.replace(/'s$/, ''))
      .filter((w) => w.length >= 3 && !GENERIC.has(w)),
  );

export interface ConditionMatch {
  same: boolean;
  /** The claimed condition names a side of a body part, and the finding does not say which side. */
  sideUnstated: boolean;
}

/** Compares two identities: families, body parts, sides. */
export function compareIdentities(a: ConditionIdentity, b: ConditionIdentity, textA = '', textB = ''): ConditionMatch {
  const no = { same: false, sideUnstated: false };
  if (a.families.size && b.families.size) {
    const shared = [...a.families].some((f) => b.families.has(f));
    const joints = [...a.families].some((f) => familyOf(f)?.joint) && [...b.families].some((f) => familyOf(f)?.joint);
    if (!shared && !joints) return no;
    if (!shared && joints && !(a.parts.size && b.parts.size)) return no;
  } else if (!a.parts.size || !b.parts.size) {
    // Neither the families nor both body parts say it: the distinguishing words must.
    const wb = words(textB);
    if (a.families.size || b.families.size || ![...words(textA)].some((w) => wb.has(w))) return no;
    return { same: true, sideUnstated: false };
  }
  if (a.parts.size && b.parts.size) {
    const pairs = [...a.parts].flatMap(([pa, sa]) => [...b.parts].filter(([pb]) => partsMeet(pa, pb)).map(([, sb]) => [sa, sb] as const));
    if (pairs.length === 0) return no;
    const agreeing = pairs.filter(([sa, sb]) => sidesAgree(sa, sb));
    if (agreeing.length === 0) return no;
    return { same: true, sideUnstated: agreeing.every(([sa, sb]) => sa.size > 0 && sb.size === 0) };
  }
  return { same: true, sideUnstated: false };
}

/** Is `finding` the condition `claimed`? */
export function matchCondition(claimed: string, finding: string, codes: readonly string[] = []): ConditionMatch {
  return compareIdentities(identify(claimed), identify(finding, codes), claimed, finding);
}

export function sameCondition(a: string, b: string): boolean {
  return matchCondition(a, b).same;
}

/**
 * A finding as an analysis reports it: its name ("Knee condition") and the sentence it came from
 * ("Left knee strain with effusion"). The sentence tells the side when the name does not.
 */
export function identifyFinding(name: string, source = '', codes: readonly string[] = []): ConditionIdentity {
  const own = identify(name, codes);
  if (!source) return own;
  const said = identify(source);
  for (const [part, sides] of own.parts) {
    if (sides.size) continue;
    const fromSource = [...said.parts].filter(([p]) => partsMeet(p, part)).flatMap(([, s]) => [...s]);
    for (const s of fromSource) sides.add(s);
    if (sides.has('left') && sides.has('right')) own.parts.set(part, new Set(['bilateral']));
  }
  return own;
}

/** Both name a side of the same body part, and the sides disagree ("right knee" and "left knee strain"). */
export function sidesConflict(a: string, b: string): boolean {
  const ia = identify(a);
  const ib = identify(b);
  for (const [pa, sa] of ia.parts) {
    for (const [pb, sb] of ib.parts) if (partsMeet(pa, pb) && sa.size && sb.size && !sidesAgree(sa, sb)) return true;
  }
  return false;
}

/** Is a finding (its name, sentence and code) the claimed condition? */
export function findingMatches(claimed: string, finding: { name: string; source?: string; diagnosticCode?: string }): ConditionMatch {
  return compareIdentities(
    identify(claimed),
    identifyFinding(finding.name, finding.source ?? '', finding.diagnosticCode ? [finding.diagnosticCode] : []),
    claimed,
    finding.name,
  );
}

/** The part of a claimed condition before "secondary to …", and the named primary after it. */
export function splitSecondary(condition: string): { condition: string; primary: string | null } {
  const m = /^(.*?)\s*[,(-]?\s*(?:secondary|due) to\s+(.+?)\)?$/i.exec(condition);
  return m ? { condition: m[1]!.trim() || condition, primary: m[2]!.trim() } : { condition, primary: null };
}

/** Lay people can observe some conditions themselves (Charles v. Principi: tinnitus; DOMAIN §10.2). */
export function layObservable(condition: string): boolean {
  return identify(condition).families.has('tinnitus');
}

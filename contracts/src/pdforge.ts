import { z } from 'zod';

export * from './pdforgeMessages';

/**
 * pdfforge: the two fillable templates of the /templates page and what they become as PDFs
 * (spec doc 2 §2.1, §2.2, §3 "Claim package form data", §4 wizard, §5 wizard rules and pick lists,
 * §7 `/api/pdforge/*`, §8 wizard toasts). One schema per template, used by the form and the server.
 */

export const PDFORGE_TEMPLATES = [
  { id: 'disability-claim-package', name: 'Disability Claim Package' },
  { id: 'nexus-letter', name: 'Nexus Letter' },
] as const;
export type PdforgeTemplateId = (typeof PDFORGE_TEMPLATES)[number]['id'];
export const PDFORGE_TEMPLATE_IDS = PDFORGE_TEMPLATES.map((t) => t.id) as [PdforgeTemplateId, ...PdforgeTemplateId[]];
export const templateName = (id: PdforgeTemplateId) => PDFORGE_TEMPLATES.find((t) => t.id === id)!.name;

/** The wizard's sections, index 0 to 6, exactly as the spec names them. */
export const WIZARD_SECTIONS = [
  'Summary & Objectives',
  'Service Timeline',
  'Current VA Ratings',
  'Claims & Evidence',
  'Previously Denied',
  'Addendum & Attachments',
  'Review & Submit',
] as const;

/** Spec doc 2 §9: the draft is saved 2 s after a change. */
export const DRAFT_AUTOSAVE_MS = 2000;
/** "a fixed prefix plus the form id" (doc 2 §4). */
export const DRAFT_STORAGE_PREFIX = 'pdfforge-draft-';

// Pick lists (doc 2 §5, §4), verbatim.
export const WIZARD_BRANCHES = [
  'United States Army',
  'Navy',
  'Marine Corps',
  'Air Force',
  'Space Force',
  'Coast Guard',
  'National Guard',
] as const;
export const DUTY_STATUSES = ['Active', 'Reserve', 'National Guard'] as const;
export const LINE_OF_DUTY = ['Y', 'N'] as const;
export const WIZARD_DOCUMENT_TYPES = [
  'Medical Record',
  'Service Treatment Record',
  'Nexus Letter',
  'DBQ',
  'Buddy Statement',
  'DD214',
  'VA Decision',
  'Other',
] as const;
export const WIZARD_CLAIM_TYPES = ['service_connection', 'increased_rating', 'secondary_connection'] as const;
export const OBJECTIVES = ['service_connection', 'increased_rating', 'secondary_connection', 'earlier_date'] as const;
export const APPEAL_STATUSES = ['not_appealed', 'appeal_window_open', 'hlr_pending', 'supplemental_pending', 'bva_pending'] as const;

/** Human labels for the snake_case option values (the values themselves are what is stored). */
export const OPTION_LABELS: Record<string, string> = {
  service_connection: 'Service connection',
  increased_rating: 'Increased rating',
  secondary_connection: 'Secondary connection',
  earlier_date: 'Earlier effective date',
  not_appealed: 'Not appealed',
  appeal_window_open: 'Appeal window open',
  hlr_pending: 'Higher-Level Review pending',
  supplemental_pending: 'Supplemental claim pending',
  bva_pending: 'Board appeal pending',
};

export const EVIDENCE_CHECKLIST_KEYS = [
  'str',
  'va_treatment',
  'private_treatment',
  'cp_exams',
  'imo',
  'veteran_statement',
  'buddy_statements',
  'employer_statements',
  'dd214',
  'lod',
  'prior_decisions',
] as const;
export type EvidenceChecklistKey = (typeof EVIDENCE_CHECKLIST_KEYS)[number];
export const EVIDENCE_CHECKLIST_LABELS: Record<EvidenceChecklistKey, string> = {
  str: 'Service treatment records (STRs)',
  va_treatment: 'VA treatment records',
  private_treatment: 'Private treatment records',
  cp_exams: 'C&P examinations',
  imo: 'Independent medical opinion (IMO) / nexus letter',
  veteran_statement: 'Veteran statement (VA Form 21-4138)',
  buddy_statements: 'Buddy statements (VA Form 21-10210)',
  employer_statements: 'Employer statements',
  dd214: 'DD214',
  lod: 'Line of duty determination',
  prior_decisions: 'Prior VA decisions',
};

/** The repeating lists of doc 2 §3 and their columns, in order. */
export const REPEATING_LISTS = {
  service_timeline_part_a: ['from', 'to', 'branch', 'unit_command', 'mos_afsc'],
  service_timeline_part_b: ['duty_status', 'deployments_operations', 'key_events_incidents', 'line_of_duty_y_n'],
  service_connected_conditions: ['condition', 'diagnostic_code', 'effective_date', 'body_system', 'evidence_references'],
  non_service_connected_deferred_optional: ['condition', 'status', 'notes'],
  effective_dates_sought: ['issue', 'effective_date_sought'],
  claims_summary: ['issue', 'type', 'diagnostic_code', 'requested', 'basis_nexus', 'evidence_ids'],
  denials_summary: ['issue', 'decision_date', 'reason_for_denial', 'appeal_status', 'new_relevant_evidence'],
  previously_considered_strategy: ['evidence_previously_considered', 'strategy_notes'],
  opinions: ['provider_name', 'credentials', 'opinion_date', 'opinion_standard', 'rationale_summary', 'evidence_ids'],
  attachments_index_a: ['id', 'document_type', 'title_description', 'source'],
  attachments_index_b: ['date', 'pages', 'file_name', 'relevant_to'],
  /** The "detailed claim item" of §3, one row per claimed issue. */
  detailed_claims: [
    'claim_type',
    'claim_issue',
    'seeking',
    'diagnosis',
    'icd',
    'onset',
    'service_event_or_primary',
    'functional_impact',
    'criteria_excerpt',
  ],
  /** Addendum: each condition in detail. */
  detailed_conditions: ['condition_name', 'frequency_duration', 'flare_ups', 'work_impact', 'adls_impact', 'assistive_devices'],
} as const;
export type RepeatingListName = keyof typeof REPEATING_LISTS;

export const COLUMN_LABELS: Record<string, string> = {
  from: 'From',
  to: 'To',
  branch: 'Branch',
  unit_command: 'Unit / command',
  mos_afsc: 'MOS / AFSC',
  duty_status: 'Duty status',
  deployments_operations: 'Deployments / operations',
  key_events_incidents: 'Key events / incidents',
  line_of_duty_y_n: 'Line of duty (Y/N)',
  condition: 'Condition',
  diagnostic_code: 'Diagnostic code',
  effective_date: 'Effective date',
  body_system: 'Body system',
  evidence_references: 'Evidence references',
  status: 'Status',
  notes: 'Notes',
  issue: 'Issue',
  effective_date_sought: 'Effective date sought',
  type: 'Type',
  requested: 'Requested',
  basis_nexus: 'Basis / nexus',
  evidence_ids: 'Evidence IDs',
  decision_date: 'Decision date',
  reason_for_denial: 'Reason for denial',
  appeal_status: 'Appeal status',
  new_relevant_evidence: 'New and relevant evidence',
  evidence_previously_considered: 'Evidence previously considered',
  strategy_notes: 'Strategy notes',
  provider_name: 'Provider',
  credentials: 'Credentials',
  opinion_date: 'Opinion date',
  opinion_standard: 'Opinion standard',
  rationale_summary: 'Rationale summary',
  id: 'ID',
  document_type: 'Document type',
  title_description: 'Title / description',
  source: 'Source',
  date: 'Date',
  pages: 'Pages',
  file_name: 'File name',
  relevant_to: 'Relevant to',
  claim_type: 'Claim type',
  claim_issue: 'Issue',
  seeking: 'Seeking (%)',
  diagnosis: 'Diagnosis',
  icd: 'ICD code',
  onset: 'Onset',
  service_event_or_primary: 'In-service event or primary condition',
  functional_impact: 'Functional impact',
  criteria_excerpt: 'Rating criteria excerpt',
  condition_name: 'Condition',
  frequency_duration: 'Frequency / duration',
  flare_ups: 'Flare-ups',
  work_impact: 'Work impact',
  adls_impact: 'Impact on daily living',
  assistive_devices: 'Assistive devices',
};

// ---------------------------------------------------------------------------------------------
// Validation (doc 2 §5). Messages are the form's own words; the spec shows no others.

export const PDFORGE_VALIDATION = {
  nameRequired: 'Veteran name is required',
  fileNumberRequired: 'VA file number is required',
  ssnRequired: 'SSN last 4 is required',
  ssnDigits: 'SSN last 4 must be at most 4 digits',
  combinedRating: 'Combined rating must be between 0 and 100',
  onsetYear: (max: number) => `Onset year must be between 1950 and ${max}`,
  tooLong: (max: number) => `At most ${max} characters`,
  tooManyRows: (max: number) => `At most ${max} rows`,
} as const;

export const MAX_TEXT = 2000;
export const MAX_LONG_TEXT = 20_000;
export const MAX_ROWS = 100;

const text = (max = MAX_TEXT) => z.string().trim().max(max, PDFORGE_VALIDATION.tooLong(max));
const optionalText = (max = MAX_TEXT) => text(max).optional().default('');
/** Number inputs arrive as strings from text fields; an empty one means "not given". */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v), schema.optional());

const row = (columns: readonly string[]) => z.object(Object.fromEntries(columns.map((c) => [c, optionalText()]))).strip();
const rows = (columns: readonly string[]) =>
  z.array(row(columns)).max(MAX_ROWS, PDFORGE_VALIDATION.tooManyRows(MAX_ROWS)).optional().default([]);

const identity = {
  veteran_full_name: text(200).min(1, PDFORGE_VALIDATION.nameRequired),
  va_file_number: text(20).min(1, PDFORGE_VALIDATION.fileNumberRequired),
  ssn_last4: z
    .string({ message: PDFORGE_VALIDATION.ssnRequired })
    .trim()
    .min(1, PDFORGE_VALIDATION.ssnRequired)
    .regex(/^\d{1,4}$/, PDFORGE_VALIDATION.ssnDigits),
};

/** Columns whose value must come from a §5 pick list (an empty cell is allowed). */
const PICK_LIST_COLUMNS: [RepeatingListName, string, readonly string[]][] = [
  ['service_timeline_part_a', 'branch', WIZARD_BRANCHES],
  ['service_timeline_part_b', 'duty_status', DUTY_STATUSES],
  ['service_timeline_part_b', 'line_of_duty_y_n', LINE_OF_DUTY],
  ['claims_summary', 'type', WIZARD_CLAIM_TYPES],
  ['detailed_claims', 'claim_type', WIZARD_CLAIM_TYPES],
  ['denials_summary', 'appeal_status', APPEAL_STATUSES],
  ['attachments_index_a', 'document_type', WIZARD_DOCUMENT_TYPES],
];

const currentYear = () => new Date().getFullYear();

/** Legacy shapes (doc 2 §3): read, then mapped into the timeline lists by `normalizeClaimPackage`. */
const legacyServicePeriod = z
  .object({ branch: optionalText(), startDate: optionalText(), endDate: optionalText(), unit: optionalText(), mos: optionalText() })
  .strip();
const legacyDeployment = z
  .object({ location: optionalText(), operation: optionalText(), startDate: optionalText(), endDate: optionalText() })
  .strip();

export const claimPackageFormSchema = z
  .object({
    ...identity,
    file_number: optionalText(20),
    report_date: optionalText(40),
    date_prepared: optionalText(40),
    condition_primary_1: optionalText(),
    condition_increase_1: z.enum(['', 'Yes', 'No']).optional().default(''),
    current_pct_1: optionalText(10),
    requested_pct_1: optionalText(10),
    condition_secondary_1: optionalText(),
    primary_condition_ref_1: optionalText(),
    condition_eed_1: optionalText(),
    objectives: z.array(z.enum(OBJECTIVES)).max(OBJECTIVES.length).optional().default([]),
    combined_rating: optionalNumber(
      z
        .number({ message: PDFORGE_VALIDATION.combinedRating })
        .int(PDFORGE_VALIDATION.combinedRating)
        .min(0, PDFORGE_VALIDATION.combinedRating)
        .max(100, PDFORGE_VALIDATION.combinedRating),
    ),
    effective_date: optionalText(40),
    bilateral_factor_info: optionalText(),
    onset_year: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ message: PDFORGE_VALIDATION.onsetYear(currentYear()) })
        .int()
        .optional(),
    ),
    sign_date: optionalText(40),
    symptoms: optionalText(MAX_LONG_TEXT),
    functional_domains: optionalText(MAX_LONG_TEXT),
    evidence_ids: optionalText(),
    veteran_statement: optionalText(MAX_LONG_TEXT),
    issue_list: optionalText(MAX_LONG_TEXT),
    condition_name: optionalText(),
    frequency_duration: optionalText(),
    flare_ups: optionalText(),
    work_impact: optionalText(),
    adls_impact: optionalText(),
    assistive_devices: optionalText(),
    evidence_checklist: z
      .object(
        Object.fromEntries(EVIDENCE_CHECKLIST_KEYS.map((k) => [k, z.boolean().optional().default(false)])) as Record<
          EvidenceChecklistKey,
          z.ZodDefault<z.ZodOptional<z.ZodBoolean>>
        >,
      )
      .strip()
      .optional()
      .default({} as never),
    service_timeline_part_a: rows(REPEATING_LISTS.service_timeline_part_a),
    service_timeline_part_b: rows(REPEATING_LISTS.service_timeline_part_b),
    service_connected_conditions: rows(REPEATING_LISTS.service_connected_conditions),
    non_service_connected_deferred_optional: rows(REPEATING_LISTS.non_service_connected_deferred_optional),
    effective_dates_sought: rows(REPEATING_LISTS.effective_dates_sought),
    claims_summary: rows(REPEATING_LISTS.claims_summary),
    denials_summary: rows(REPEATING_LISTS.denials_summary),
    previously_considered_strategy: rows(REPEATING_LISTS.previously_considered_strategy),
    opinions: rows(REPEATING_LISTS.opinions),
    attachments_index_a: rows(REPEATING_LISTS.attachments_index_a),
    attachments_index_b: rows(REPEATING_LISTS.attachments_index_b),
    detailed_claims: rows(REPEATING_LISTS.detailed_claims),
    detailed_conditions: rows(REPEATING_LISTS.detailed_conditions),
    service_periods: z.array(legacyServicePeriod).max(MAX_ROWS).optional().default([]),
    deployments: z.array(legacyDeployment).max(MAX_ROWS).optional().default([]),
    claims: z.array(z.unknown()).max(MAX_ROWS).optional().default([]),
    denied_claims: z.array(z.unknown()).max(MAX_ROWS).optional().default([]),
  })
  .strip()
  .superRefine((form, ctx) => {
    const max = currentYear();
    if (form.onset_year !== undefined && (form.onset_year < 1950 || form.onset_year > max)) {
      ctx.addIssue({ code: 'custom', path: ['onset_year'], message: PDFORGE_VALIDATION.onsetYear(max) });
    }
    for (const [list, column, options] of PICK_LIST_COLUMNS) {
      const listRows = form[list] as Record<string, string>[];
      listRows.forEach((r, i) => {
        const value = r[column] ?? '';
        if (value !== '' && !options.includes(value)) {
          ctx.addIssue({ code: 'custom', path: [list, i, column], message: `Choose one of: ${options.join(', ')}` });
        }
      });
    }
  });
export type ClaimPackageForm = z.infer<typeof claimPackageFormSchema>;
export type ClaimPackageFormInput = z.input<typeof claimPackageFormSchema>;

/**
 * Legacy `service_periods` and `deployments` fill the timeline lists when those are empty (doc 2 §3);
 * `issue_list` is the claim issues joined with commas when the user left it empty.
 */
export function normalizeClaimPackage(form: ClaimPackageForm): ClaimPackageForm {
  const out = { ...form };
  if (out.service_timeline_part_a.length === 0 && out.service_periods.length > 0) {
    out.service_timeline_part_a = out.service_periods.map((p) => ({
      from: p.startDate,
      to: p.endDate,
      branch: p.branch,
      unit_command: p.unit,
      mos_afsc: p.mos,
    }));
  }
  if (out.service_timeline_part_b.length === 0 && out.deployments.length > 0) {
    out.service_timeline_part_b = out.deployments.map((d) => ({
      duty_status: 'Active',
      deployments_operations:
        [d.operation, d.location].filter(Boolean).join(' — ') + (d.startDate || d.endDate ? ` (${d.startDate}–${d.endDate})` : ''),
      key_events_incidents: '',
      line_of_duty_y_n: 'Y',
    }));
  }
  if (!out.issue_list) out.issue_list = joinIssues(out);
  return out;
}

/** The claim issues of the form, joined with commas (doc 2 §3 `issue_list`). */
export function joinIssues(form: Pick<ClaimPackageForm, 'claims_summary' | 'detailed_claims'>): string {
  const issues = [...form.claims_summary.map((c) => c.issue), ...form.detailed_claims.map((c) => c.claim_issue)]
    .map((s) => (s ?? '').trim())
    .filter(Boolean);
  return [...new Set(issues)].join(', ');
}

/** Counts of the review step (doc 2 §2.1): service periods, claims, denied claims. */
export function reviewCounts(form: ClaimPackageFormInput) {
  const len = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return {
    servicePeriods: Math.max(len(form.service_timeline_part_a), len(form.service_periods)),
    claims: Math.max(len(form.claims_summary), len(form.detailed_claims), len(form.claims)),
    deniedClaims: Math.max(len(form.denials_summary), len(form.denied_claims)),
  };
}

// ---------------------------------------------------------------------------------------------
// Nexus letter (DOMAIN §3.2, §3.3)

/** VA's standard opinion language (DOMAIN §3.2), favourable and unfavourable, as the provider may choose. */
export const NEXUS_OPINION_STANDARDS = [
  'at least as likely as not (50 percent or greater probability)',
  'more likely than not (greater than 50 percent probability)',
  'less likely than not (less than 50 percent probability)',
] as const;
export const NEXUS_CONNECTION_TYPES = ['direct', 'secondary', 'aggravation'] as const;
export const NEXUS_CONNECTION_LABELS: Record<(typeof NEXUS_CONNECTION_TYPES)[number], string> = {
  direct: 'Direct (in-service event, injury or disease)',
  secondary: 'Secondary (proximately due to a service-connected condition)',
  aggravation: 'Aggravation (worsened beyond natural progression)',
};

export const NEXUS_VALIDATION = {
  condition: 'The claimed condition is required',
  providerName: "The provider's name is required",
  credentials: "The provider's credentials are required",
  opinionStandard: 'Choose the opinion standard',
} as const;

export const nexusLetterFormSchema = z
  .object({
    ...identity,
    date_of_birth: optionalText(40),
    condition: text(300).min(1, NEXUS_VALIDATION.condition),
    diagnosis_code: optionalText(40),
    connection_type: z.enum(NEXUS_CONNECTION_TYPES).optional().default('direct'),
    in_service_event: optionalText(MAX_LONG_TEXT),
    primary_condition: optionalText(300),
    opinion_standard: z.enum(NEXUS_OPINION_STANDARDS, { message: NEXUS_VALIDATION.opinionStandard }),
    opinion_text: optionalText(MAX_LONG_TEXT),
    rationale: optionalText(MAX_LONG_TEXT),
    factual_history: optionalText(MAX_LONG_TEXT),
    medical_literature: optionalText(MAX_LONG_TEXT),
    contrary_evidence: optionalText(MAX_LONG_TEXT),
    baseline_severity: optionalText(MAX_TEXT),
    records_reviewed: z.array(text(300)).max(MAX_ROWS, PDFORGE_VALIDATION.tooManyRows(MAX_ROWS)).optional().default([]),
    provider_name: text(200).min(1, NEXUS_VALIDATION.providerName),
    credentials: text(200).min(1, NEXUS_VALIDATION.credentials),
    specialty: optionalText(200),
    license: optionalText(200),
    contact: optionalText(500),
    opinion_date: optionalText(40),
  })
  .strip();
export type NexusLetterForm = z.infer<typeof nexusLetterFormSchema>;
export type NexusLetterFormInput = z.input<typeof nexusLetterFormSchema>;

export type NexusWeaknessCode =
  | 'speculative-wording'
  | 'unfavourable-standard'
  | 'no-rationale'
  | 'thin-rationale'
  | 'no-records-reviewed'
  | 'no-in-service-event'
  | 'no-primary-condition'
  | 'no-diagnosis-code'
  | 'no-specialty'
  | 'no-contrary-evidence'
  | 'no-baseline'
  | 'no-aggravation-statement'
  | 'no-signature-date'
  | 'no-contact';

export interface NexusWeakness {
  code: NexusWeaknessCode;
  /** "serious" weakens the letter a lot (little or no weight); "advice" adds probative value. */
  severity: 'serious' | 'advice';
  message: string;
}

const SPECULATIVE = /\b(could|may|might|possibly|possible|perhaps|cannot be ruled out|can't be ruled out|mere speculation)\b/i;

/**
 * What would weaken the letter (DOMAIN §3.3), checked before it is generated. Pure: the form and
 * the server (which prints nothing it finds here into the PDF) call the same function.
 */
export function checkNexusLetter(form: NexusLetterFormInput): NexusWeakness[] {
  const found: NexusWeakness[] = [];
  const has = (s: string | undefined) => Boolean(s && s.trim());
  const opinionWords = [form.opinion_text, form.rationale].filter(Boolean).join(' ');
  const speculative = opinionWords.match(SPECULATIVE);
  if (speculative) {
    found.push({
      code: 'speculative-wording',
      severity: 'serious',
      message: `Speculative wording ("${speculative[0]}") is given little or no weight; state the opinion in the VA standard ("at least as likely as not").`,
    });
  }
  if (form.opinion_standard?.startsWith('less likely')) {
    found.push({
      code: 'unfavourable-standard',
      severity: 'serious',
      message: 'The opinion "less likely than not" is unfavourable: it does not support service connection.',
    });
  }
  const rationale = form.rationale?.trim() ?? '';
  if (!rationale) {
    found.push({
      code: 'no-rationale',
      severity: 'serious',
      message: 'No rationale: an opinion without the medical reasoning behind it carries little weight.',
    });
  } else if (rationale.split(/\s+/).length < 25) {
    found.push({
      code: 'thin-rationale',
      severity: 'advice',
      message: "The rationale is short: explain the medical mechanism applied to this veteran's facts.",
    });
  }
  if (!form.records_reviewed?.some((r) => r.trim())) {
    found.push({
      code: 'no-records-reviewed',
      severity: 'serious',
      message: 'No records reviewed are listed (service treatment records, VA and private records, C&P exams, lay statements).',
    });
  }
  const type = form.connection_type ?? 'direct';
  if (type === 'direct' && !has(form.in_service_event)) {
    found.push({ code: 'no-in-service-event', severity: 'serious', message: 'The in-service event, injury or disease is not stated.' });
  }
  if (type !== 'direct' && !has(form.primary_condition)) {
    found.push({ code: 'no-primary-condition', severity: 'serious', message: 'The service-connected primary condition is not named.' });
  }
  if (type === 'aggravation') {
    if (!has(form.baseline_severity)) {
      found.push({
        code: 'no-baseline',
        severity: 'serious',
        message: 'An aggravation opinion needs the baseline severity before the aggravation.',
      });
    }
    if (!/aggravat|worsen/i.test(opinionWords)) {
      found.push({
        code: 'no-aggravation-statement',
        severity: 'serious',
        message: 'Aggravation must be addressed separately from causation ("aggravated beyond its natural progression").',
      });
    }
  }
  if (!has(form.diagnosis_code))
    found.push({ code: 'no-diagnosis-code', severity: 'advice', message: 'Give a clear diagnosis in ICD or DSM-5 terms.' });
  if (!has(form.specialty))
    found.push({ code: 'no-specialty', severity: 'advice', message: "State the provider's specialty and relevant experience." });
  if (!has(form.contrary_evidence)) {
    found.push({
      code: 'no-contrary-evidence',
      severity: 'advice',
      message: 'Address contrary evidence (a negative C&P opinion, gaps in treatment, other risk factors).',
    });
  }
  if (!has(form.opinion_date))
    found.push({ code: 'no-signature-date', severity: 'advice', message: 'Date the letter next to the signature.' });
  if (!has(form.contact)) found.push({ code: 'no-contact', severity: 'advice', message: "Add the provider's contact information." });
  return found;
}

// ---------------------------------------------------------------------------------------------
// API bodies (doc 2 §7)

export const generatePdfBody = z.discriminatedUnion('templateId', [
  z.object({ templateId: z.literal('disability-claim-package'), formData: claimPackageFormSchema }),
  z.object({ templateId: z.literal('nexus-letter'), formData: nexusLetterFormSchema }),
]);
export type GeneratePdfBody = z.infer<typeof generatePdfBody>;

export interface GeneratePdfResponse {
  pdfUrl: string;
  documentId: string;
}

export const aiAssistBody = z.object({
  fieldName: z.string().trim().min(1, 'fieldName is required').max(100),
  fieldDescription: z.string().trim().max(500).optional().default(''),
  context: z.record(z.string(), z.unknown()).optional().default({}),
  documentText: z.string().max(MAX_LONG_TEXT).optional().default(''),
});
export type AiAssistBody = z.infer<typeof aiAssistBody>;
export interface AiAssistResponse {
  suggestion: string;
  /** Where the suggestion came from: the veteran's claims, analyses, the form, the document text; or, for guidance, the DBQ and rating code it follows. */
  sources: string[];
  /**
   * `facts`: drawn from the veteran's own records, ready for the field. `guidance`: their records say
   * nothing about it, so this says what to write for the condition (its DBQ's topics); it is a hint
   * for the veteran, never their facts.
   */
  kind: 'facts' | 'guidance';
  engine: { name: string; model: string };
}

import {
  DRAFT_STORAGE_PREFIX,
  REPEATING_LISTS,
  combinedRating,
  type AnalysisResult,
  type Claim,
  type Document,
  type EvidenceChecklistKey,
  type PdforgeTemplateId,
  type RepeatingListName,
  type User,
} from '@cc/contracts';

/**
 * The wizard's form as it is edited: every input is text (a number field too, so an empty one
 * stays empty), lists are rows of text. The shared zod schema turns it into the generate body.
 */
export const CLAIM_TEXT_FIELDS = [
  'veteran_full_name',
  'va_file_number',
  'file_number',
  'ssn_last4',
  'report_date',
  'date_prepared',
  'condition_primary_1',
  'condition_increase_1',
  'current_pct_1',
  'requested_pct_1',
  'condition_secondary_1',
  'primary_condition_ref_1',
  'condition_eed_1',
  'combined_rating',
  'effective_date',
  'bilateral_factor_info',
  'onset_year',
  'sign_date',
  'symptoms',
  'functional_domains',
  'evidence_ids',
  'veteran_statement',
  'issue_list',
] as const;
export type ClaimTextField = (typeof CLAIM_TEXT_FIELDS)[number];
export type Row = Record<string, string>;

export type ClaimPackageDraft = Record<ClaimTextField, string> &
  Record<RepeatingListName, Row[]> & {
    objectives: string[];
    evidence_checklist: Partial<Record<EvidenceChecklistKey, boolean>>;
  };

export function emptyRow(list: RepeatingListName): Row {
  const row: Row = Object.fromEntries(REPEATING_LISTS[list].map((c) => [c, '']));
  if (list === 'service_timeline_part_b') row.line_of_duty_y_n = 'Y'; // doc 2 §5: default Y
  return row;
}

export function emptyClaimPackage(): ClaimPackageDraft {
  const text = Object.fromEntries(CLAIM_TEXT_FIELDS.map((f) => [f, ''])) as Record<ClaimTextField, string>;
  const lists = Object.fromEntries(Object.keys(REPEATING_LISTS).map((l) => [l, []])) as unknown as Record<RepeatingListName, Row[]>;
  return { ...text, ...lists, objectives: [], evidence_checklist: {} };
}

export const NEXUS_TEXT_FIELDS = [
  'veteran_full_name',
  'va_file_number',
  'ssn_last4',
  'date_of_birth',
  'condition',
  'diagnosis_code',
  'connection_type',
  'in_service_event',
  'primary_condition',
  'opinion_standard',
  'opinion_text',
  'rationale',
  'factual_history',
  'medical_literature',
  'contrary_evidence',
  'baseline_severity',
  'provider_name',
  'credentials',
  'specialty',
  'license',
  'contact',
  'opinion_date',
] as const;
export type NexusTextField = (typeof NEXUS_TEXT_FIELDS)[number];
export type NexusDraft = Record<NexusTextField, string> & { records_reviewed: string[] };

export function emptyNexusLetter(): NexusDraft {
  const text = Object.fromEntries(NEXUS_TEXT_FIELDS.map((f) => [f, ''])) as Record<NexusTextField, string>;
  return {
    ...text,
    connection_type: 'direct',
    opinion_standard: 'at least as likely as not (50 percent or greater probability)',
    records_reviewed: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Drafts in localStorage (doc 2 §4): a fixed prefix plus the form id.

export const draftKey = (templateId: PdforgeTemplateId) => `${DRAFT_STORAGE_PREFIX}${templateId}`;

/** The stored draft over an empty form, so a draft from an older form still opens; null when none. */
export function loadDraft<T extends object>(templateId: PdforgeTemplateId, empty: T, storage: Storage = window.localStorage): T | null {
  try {
    const raw = storage.getItem(draftKey(templateId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return { ...empty, ...(parsed as Partial<T>) };
  } catch {
    return null;
  }
}

export function saveDraft(templateId: PdforgeTemplateId, draft: object, storage: Storage = window.localStorage): boolean {
  try {
    storage.setItem(draftKey(templateId), JSON.stringify(draft));
    return true;
  } catch {
    return false; // storage full or disabled: the form still works, only the draft is not kept
  }
}

export function clearDraft(templateId: PdforgeTemplateId, storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(draftKey(templateId));
  } catch {
    // nothing to do
  }
}

// ---------------------------------------------------------------------------------------------
// Prefill (doc 2 §2.1) from the user, and beyond the spec from their claims and documents.

const today = () => new Date().toISOString().slice(0, 10);

export function veteranName(user: Pick<User, 'firstName' | 'lastName' | 'name'> | undefined): string {
  if (!user) return '';
  const full = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return full || user.name?.trim() || '';
}

/** Claim types of the wizard from a tracked claim's condition type. */
const claimTypeOf = (c: Claim): string =>
  c.conditionType === 'secondary'
    ? 'secondary_connection'
    : c.ratingPercentage !== null && c.isApproved
      ? 'increased_rating'
      : 'service_connection';

export function prefillClaimPackage(user: User | undefined, claims: readonly Claim[], documents: readonly Document[]): ClaimPackageDraft {
  const form = emptyClaimPackage();
  form.veteran_full_name = veteranName(user);
  form.va_file_number = user?.vaFileNumber ?? '';
  form.file_number = user?.vaFileNumber ?? '';
  form.ssn_last4 = user?.ssnLast4 ?? '';
  form.date_prepared = today();
  form.report_date = today();
  const approved = claims.filter((c) => c.isApproved && c.ratingPercentage !== null);
  const open = claims.filter((c) => !c.isApproved && c.status !== 'denied');
  const denied = claims.filter((c) => c.status === 'denied');
  form.service_connected_conditions = approved.map((c) => ({
    ...emptyRow('service_connected_conditions'),
    condition: c.condition,
    evidence_references: `Claim ${c.claimNumber}`,
  }));
  if (approved.length > 0) {
    const combined = combinedRating(approved.map((c) => c.ratingPercentage ?? 0));
    form.combined_rating = String(combined.rating);
  } else if (user?.disabilityRating !== null && user?.disabilityRating !== undefined) {
    form.combined_rating = String(user.disabilityRating);
  }
  form.claims_summary = open.map((c) => ({ ...emptyRow('claims_summary'), issue: c.condition, type: claimTypeOf(c) }));
  form.denials_summary = denied.map((c) => ({
    ...emptyRow('denials_summary'),
    issue: c.condition,
    decision_date: c.updatedAt.slice(0, 10),
    appeal_status: 'appeal_window_open',
  }));
  form.objectives = [...new Set(open.map(claimTypeOf))];
  if (open[0]) form.condition_primary_1 = open[0].condition;
  form.attachments_index_b = documents.map((d) => ({
    ...emptyRow('attachments_index_b'),
    date: d.uploadedAt.slice(0, 10),
    file_name: d.fileName,
    relevant_to: d.claimCondition ?? '',
  }));
  form.attachments_index_a = documents.map((d, i) => ({
    ...emptyRow('attachments_index_a'),
    id: `E${i + 1}`,
    document_type: guessDocumentType(d.fileName, d.aiAnalysisResults),
    title_description: d.fileName,
    source: 'Uploaded by the veteran',
  }));
  return form;
}

export function prefillNexusLetter(user: User | undefined, claims: readonly Claim[]): NexusDraft {
  const form = emptyNexusLetter();
  form.veteran_full_name = veteranName(user);
  form.va_file_number = user?.vaFileNumber ?? '';
  form.ssn_last4 = user?.ssnLast4 ?? '';
  const open = claims.find((c) => !c.isApproved);
  if (open) {
    form.condition = open.condition;
    if (open.conditionType === 'secondary') form.connection_type = 'secondary';
  }
  return form;
}

/** What a link into the nexus letter brings (the evidence map's next step: `?template=nexus-letter&condition=…`). */
export interface NexusLink {
  condition: string;
  claimId: string | null;
  connection: 'direct' | 'secondary' | null;
  primary: string | null;
}

/** The link's part of the address, or null when it names no condition. */
export function nexusLinkOf(params: URLSearchParams): NexusLink | null {
  const condition = params.get('condition')?.trim();
  if (!condition) return null;
  const connection = params.get('connection');
  return {
    condition: condition.slice(0, 200),
    claimId: params.get('claimId'),
    connection: connection === 'secondary' || connection === 'direct' ? connection : null,
    primary: params.get('primary')?.trim().slice(0, 200) || null,
  };
}

/**
 * The letter a link opens: the saved draft when it is about the same condition (work is not thrown
 * away), otherwise the fresh prefill; then the link's condition and theory over it.
 */
export function nexusLetterForLink(
  link: NexusLink,
  stored: NexusDraft | null,
  fresh: NexusDraft,
): { draft: NexusDraft; fromDraft: boolean } {
  const same = stored !== null && stored.condition.trim().toLowerCase() === link.condition.toLowerCase();
  const base = same ? stored : fresh;
  const draft: NexusDraft = { ...base, condition: link.condition };
  if (link.connection) draft.connection_type = link.connection;
  if (link.primary) draft.primary_condition = link.primary;
  return { draft, fromDraft: same };
}

/** One of the §5 document types from a document's name or its analysis. */
export function guessDocumentType(fileName: string, result?: AnalysisResult | null): string {
  const text = `${fileName} ${result?.documentType ?? ''}`.toLowerCase();
  if (/nexus|medical opinion|imo/.test(text)) return 'Nexus Letter';
  if (/dbq|questionnaire/.test(text)) return 'DBQ';
  if (/dd-?214/.test(text)) return 'DD214';
  if (/buddy|lay statement/.test(text)) return 'Buddy Statement';
  if (/\bstr\b|service treatment/.test(text)) return 'Service Treatment Record';
  if (/decision|rating decision/.test(text)) return 'VA Decision';
  if (/medical|treatment|record|clinic|note/.test(text)) return 'Medical Record';
  return 'Other';
}

// ---------------------------------------------------------------------------------------------
// Document auto-fill (doc 2 §2.1 section index 5).

const hasRow = (rows: Row[], column: string, value: string) =>
  rows.some((r) => (r[column] ?? '').trim().toLowerCase() === value.trim().toLowerCase());

/**
 * What an analyzed document adds to the form: its conditions (with codes) to the detailed
 * conditions and claims, dated entries to the attachments index, providers to the opinions, its
 * nexus opinion and evidence to the checklist. Existing rows are kept; nothing is added twice.
 */
export function applyAnalysis(
  form: ClaimPackageDraft,
  document: Pick<Document, 'fileName' | 'uploadedAt'>,
  result: AnalysisResult,
): { form: ClaimPackageDraft; added: number } {
  const next: ClaimPackageDraft = { ...form, evidence_checklist: { ...form.evidence_checklist } };
  let added = 0;
  for (const finding of result.conditionFindings) {
    if (!hasRow(next.detailed_conditions, 'condition_name', finding.name)) {
      next.detailed_conditions = [...next.detailed_conditions, { ...emptyRow('detailed_conditions'), condition_name: finding.name }];
      added++;
    }
    if (!hasRow(next.detailed_claims, 'claim_issue', finding.name)) {
      const progression = result.medicalTimeline?.conditionProgression.find((p) => p.condition === finding.name);
      next.detailed_claims = [
        ...next.detailed_claims,
        {
          ...emptyRow('detailed_claims'),
          claim_issue: finding.name,
          diagnosis: finding.name,
          icd: finding.icd10 ?? '',
          onset: progression?.firstMention ?? '',
          service_event_or_primary: result.serviceConnectionEvidence?.find((e) => e.condition === finding.name)?.inServiceEvent ?? '',
        },
      ];
      added++;
    }
    const claim = next.claims_summary.find((r) => (r.issue ?? '').toLowerCase() === finding.name.toLowerCase());
    if (claim && !claim.diagnostic_code && finding.diagnosticCode) {
      next.claims_summary = next.claims_summary.map((r) => (r === claim ? { ...r, diagnostic_code: finding.diagnosticCode ?? '' } : r));
      added++;
    }
  }
  const type = guessDocumentType(document.fileName, result);
  if (!hasRow(next.attachments_index_b, 'file_name', document.fileName)) {
    const dates = (result.medicalTimeline?.timelineEvents ?? []).map((e) => e.date).sort();
    next.attachments_index_b = [
      ...next.attachments_index_b,
      {
        ...emptyRow('attachments_index_b'),
        date:
          dates.length > 0 ? `${dates[0]}${dates.length > 1 ? ` to ${dates[dates.length - 1]}` : ''}` : document.uploadedAt.slice(0, 10),
        file_name: document.fileName,
        relevant_to: result.relevantConditions.join(', '),
      },
    ];
    added++;
  }
  const nexus = result.nexusEvaluation;
  if (nexus?.doctorQualifications.name && !hasRow(next.opinions, 'provider_name', nexus.doctorQualifications.name)) {
    next.opinions = [
      ...next.opinions,
      {
        ...emptyRow('opinions'),
        provider_name: nexus.doctorQualifications.name,
        credentials: nexus.doctorQualifications.credentials.join(', '),
        opinion_standard: nexus.requiredLanguageFound[0] ?? nexus.classification,
        rationale_summary: nexus.hasMedicalRationale ? nexus.medicalRationale.slice(0, 500) : '',
      },
    ];
    added++;
  }
  const providers = new Set((result.medicalTimeline?.timelineEvents ?? []).map((e) => e.provider).filter((p): p is string => Boolean(p)));
  for (const provider of providers) {
    if (!hasRow(next.opinions, 'provider_name', provider) && !nexus) {
      next.previously_considered_strategy = hasRow(
        next.previously_considered_strategy,
        'evidence_previously_considered',
        `${document.fileName} (${provider})`,
      )
        ? next.previously_considered_strategy
        : [
            ...next.previously_considered_strategy,
            { evidence_previously_considered: `${document.fileName} (${provider})`, strategy_notes: '' },
          ];
    }
  }
  const check = (key: EvidenceChecklistKey) => {
    if (!next.evidence_checklist[key]) {
      next.evidence_checklist[key] = true;
      added++;
    }
  };
  if (type === 'Nexus Letter') check('imo');
  if (type === 'Service Treatment Record') check('str');
  if (type === 'Buddy Statement') check('buddy_statements');
  if (type === 'DD214') check('dd214');
  if (type === 'VA Decision') check('prior_decisions');
  if (type === 'DBQ') check('cp_exams');
  if (type === 'Medical Record') check(/\bva\b|veterans affairs/i.test(result.documentType) ? 'va_treatment' : 'private_treatment');
  return { form: next, added };
}

/** Review step values: empty reads "Not provided" (doc 2 §2.1). */
export const orNotProvided = (value: string | undefined) => (value && value.trim() ? value : 'Not provided');

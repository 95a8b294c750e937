import {
  COLUMN_LABELS,
  EVIDENCE_CHECKLIST_KEYS,
  EVIDENCE_CHECKLIST_LABELS,
  NEXUS_CONNECTION_LABELS,
  OPTION_LABELS,
  REPEATING_LISTS,
  WIZARD_SECTIONS,
  checkNexusLetter,
  normalizeClaimPackage,
  templateName,
  type ClaimPackageForm,
  type GeneratePdfBody,
  type NexusLetterForm,
  type RepeatingListName,
} from '@cc/contracts';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { configuredPdfmake, formatReportDate, printable } from '../report/pdfBlocks';

/**
 * The PDFs of the two pdfforge templates (spec doc 2 §2.1, §2.2). The definitions are pure (form
 * data in, pdfmake definition out); `renderTemplatePdf` renders them. The SSN is printed only as
 * its last four digits: the form never holds more, and the printed mask says so.
 */

export interface TemplatePdfInput {
  body: GeneratePdfBody;
  generatedAt: Date;
}

const PRODUCT = 'Claims Copilot';
const PAGE_WIDTH = 612;
const SIDE_MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * SIDE_MARGIN;
const NOT_PROVIDED = 'Not provided';

const show = (value: string | number | undefined | null): string => {
  const text = value === undefined || value === null ? '' : printable(String(value)).trim();
  return text === '' ? NOT_PROVIDED : text;
};
const label = (value: string) => OPTION_LABELS[value] ?? value;
export const maskedSsn = (last4: string) => `XXX-XX-${last4.padStart(4, 'X')}`;

function field(name: string, value: string | number | undefined | null): Content {
  return { text: [{ text: `${name}: `, bold: true, color: '#3d4754' }, { text: show(value) }], margin: [0, 0, 0, 4] };
}

function paragraph(name: string, value: string): Content[] {
  if (!value.trim()) return [];
  return [
    { text: name, style: 'subHeading' },
    { text: printable(value), margin: [0, 0, 0, 6] },
  ];
}

/** A numbered part in the table of contents; the package starts each on a new page, the letter runs on. */
function part(index: number, title: string, body: Content[], newPage = true): Content[] {
  return [
    {
      text: `Part ${index}. ${title}`,
      style: 'partHeading',
      tocItem: true,
      ...(newPage || index === 1 ? { pageBreak: 'before' } : { margin: [0, 18, 0, 10] }),
    } as Content,
    ...(body.length > 0 ? body : [{ text: 'Nothing entered for this part.', italics: true, color: '#555f6b' } as Content]),
  ];
}

/** A repeating list as a table with one column per field; an empty list says so. */
function listTable(title: string, list: RepeatingListName, rows: Record<string, string>[]): Content[] {
  const columns = REPEATING_LISTS[list];
  const heading: Content = { text: title, style: 'subHeading' };
  if (rows.length === 0) return [heading, { text: 'None listed.', italics: true, color: '#555f6b', margin: [0, 0, 0, 6] }];
  const header: TableCell[] = columns.map((c) => ({ text: COLUMN_LABELS[c] ?? c, style: 'tableHeader', fillColor: '#e8eef5' }));
  const body: TableCell[][] = rows.map((r) => columns.map((c) => ({ text: printable(label(r[c] ?? '')) })));
  return [
    heading,
    {
      table: { headerRows: 1, widths: columns.map(() => '*'), body: [header, ...body], dontBreakRows: true },
      layout: { hLineColor: () => '#b8c4d2', vLineColor: () => '#b8c4d2', paddingTop: () => 3, paddingBottom: () => 3 },
      style: 'table',
    },
  ];
}

function cover(title: string, lines: [string, string][], generatedAt: Date): Content {
  return {
    stack: [
      { text: title, style: 'title' },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 2, lineColor: '#1f3a5f' }], margin: [0, 0, 0, 24] },
      ...lines.map(([k, v]) => field(k, v)),
      field('Prepared', formatReportDate(generatedAt)),
      {
        text: 'Prepared by the veteran with Claims Copilot. This package is not a VA form and is not filed with the VA by this application.',
        style: 'note',
        margin: [0, 30, 0, 0],
      },
    ],
  };
}

function signatureBlock(name: string, date: string, role: string): Content {
  return {
    unbreakable: true,
    margin: [0, 24, 0, 0],
    stack: [
      {
        text: 'I certify that the statements in this document are true and correct to the best of my knowledge and belief.',
        margin: [0, 0, 0, 28],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 260, y2: 0, lineWidth: 1 }] },
      { text: `Signature — ${printable(name)}, ${role}`, margin: [0, 4, 0, 12] },
      { text: `Date: ${show(date)}` },
    ],
  };
}

const toc: Content = { toc: { title: { text: 'Table of Contents', style: 'partHeading' } }, pageBreak: 'before' } as Content;

function footerFor(templateTitle: string) {
  return (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: `${PRODUCT} — ${templateTitle}`, style: 'footer' },
      { text: `Page ${currentPage} of ${pageCount}`, style: 'footer', alignment: 'right' },
    ],
    margin: [SIDE_MARGIN, 18, SIDE_MARGIN, 0],
  });
}

function claimPackageContent(raw: ClaimPackageForm): Content[] {
  const form = normalizeClaimPackage(raw);
  const checklist: Content = {
    table: {
      widths: [20, '*'],
      body: EVIDENCE_CHECKLIST_KEYS.map((k) => [
        { text: form.evidence_checklist[k] ? '[X]' : '[ ]', bold: true },
        { text: `${EVIDENCE_CHECKLIST_LABELS[k]} — ${form.evidence_checklist[k] ? 'included' : 'not included'}` },
      ]),
    },
    layout: 'noBorders',
    style: 'table',
  };
  return [
    ...part(1, WIZARD_SECTIONS[0], [
      field('Veteran', form.veteran_full_name),
      field('VA file number', form.va_file_number),
      field('Claim file number', form.file_number),
      field('SSN (last four only)', maskedSsn(form.ssn_last4)),
      field('Report date', form.report_date),
      field('Date prepared', form.date_prepared),
      field('Objectives', form.objectives.map(label).join(', ')),
      field('Issues claimed', form.issue_list),
      field('Primary condition', form.condition_primary_1),
      field('Increase sought', form.condition_increase_1),
      field(
        'Current / requested rating',
        form.current_pct_1 || form.requested_pct_1 ? `${show(form.current_pct_1)}% → ${show(form.requested_pct_1)}%` : '',
      ),
      field(
        'Secondary condition',
        form.condition_secondary_1 ? `${form.condition_secondary_1} (secondary to ${show(form.primary_condition_ref_1)})` : '',
      ),
      field('Earlier effective date sought for', form.condition_eed_1),
      ...paragraph('Veteran statement', form.veteran_statement),
    ]),
    ...part(2, WIZARD_SECTIONS[1], [
      ...listTable('Service timeline — part A', 'service_timeline_part_a', form.service_timeline_part_a),
      ...listTable('Service timeline — part B', 'service_timeline_part_b', form.service_timeline_part_b),
    ]),
    ...part(3, WIZARD_SECTIONS[2], [
      field('Combined rating', form.combined_rating === undefined ? '' : `${form.combined_rating}%`),
      field('Effective date', form.effective_date),
      field('Bilateral factor', form.bilateral_factor_info),
      ...listTable('Service-connected conditions', 'service_connected_conditions', form.service_connected_conditions),
      ...listTable(
        'Non-service-connected, deferred or optional',
        'non_service_connected_deferred_optional',
        form.non_service_connected_deferred_optional,
      ),
      ...listTable('Effective dates sought', 'effective_dates_sought', form.effective_dates_sought),
    ]),
    ...part(4, WIZARD_SECTIONS[3], [
      ...listTable('Claims summary', 'claims_summary', form.claims_summary),
      ...listTable('Medical opinions', 'opinions', form.opinions),
      field('Onset year', form.onset_year),
      field('Evidence IDs', form.evidence_ids),
      ...paragraph('Symptoms', form.symptoms),
      ...paragraph('Functional domains', form.functional_domains),
    ]),
    ...part(5, WIZARD_SECTIONS[4], [...listTable('Denials summary', 'denials_summary', form.denials_summary)]),
    ...part(6, WIZARD_SECTIONS[5], [
      ...listTable('Attachments index — part A', 'attachments_index_a', form.attachments_index_a),
      ...listTable('Attachments index — part B', 'attachments_index_b', form.attachments_index_b),
      ...listTable('Detailed conditions', 'detailed_conditions', form.detailed_conditions),
      ...listTable('Detailed claims', 'detailed_claims', form.detailed_claims),
      ...listTable('Previously considered evidence strategy', 'previously_considered_strategy', form.previously_considered_strategy),
      { text: 'Evidence checklist', style: 'subHeading' },
      checklist,
    ]),
    ...part(7, WIZARD_SECTIONS[6], [
      field('Veteran', form.veteran_full_name),
      field('VA file number', form.va_file_number),
      field('SSN (last four only)', maskedSsn(form.ssn_last4)),
      field('Service periods', form.service_timeline_part_a.length),
      field('Claims', Math.max(form.claims_summary.length, form.detailed_claims.length)),
      field('Denied claims', form.denials_summary.length),
      signatureBlock(form.veteran_full_name, form.sign_date, 'Veteran'),
    ]),
  ];
}

function nexusContent(form: NexusLetterForm): Content[] {
  const connection = NEXUS_CONNECTION_LABELS[form.connection_type];
  const basis =
    form.connection_type === 'direct'
      ? `the in-service event, injury or disease described below`
      : `the veteran's service-connected ${form.primary_condition}`;
  const conclusion =
    form.connection_type === 'aggravation'
      ? `It is my medical opinion that the veteran's ${form.condition} is ${form.opinion_standard} aggravated beyond its natural progression by ${basis}.`
      : `It is my medical opinion that the veteran's ${form.condition} is ${form.opinion_standard} ${form.connection_type === 'secondary' ? 'proximately due to or the result of' : 'caused by or related to'} ${basis}.`;
  const weaknesses = checkNexusLetter(form);
  return [
    ...part(1, 'Veteran and claimed condition', [
      field('Veteran', form.veteran_full_name),
      field('VA file number', form.va_file_number),
      field('SSN (last four only)', maskedSsn(form.ssn_last4)),
      field('Date of birth', form.date_of_birth),
      field('Claimed condition', form.condition),
      field('Diagnosis (ICD / DSM-5)', form.diagnosis_code),
      field('Theory of service connection', connection),
      ...(form.connection_type === 'direct'
        ? paragraph('In-service event, injury or disease', form.in_service_event)
        : [field('Service-connected primary condition', form.primary_condition)]),
      ...paragraph('Factual history', form.factual_history),
    ]),
    ...part(
      2,
      'Records reviewed',
      [
        form.records_reviewed.length > 0
          ? { ul: form.records_reviewed.map((r) => printable(r)), margin: [0, 0, 0, 6] }
          : { text: NOT_PROVIDED, italics: true },
      ],
      false,
    ),
    ...part(
      3,
      'Medical opinion',
      [
        { text: printable(conclusion), bold: true, margin: [0, 0, 0, 8] },
        ...paragraph('Opinion', form.opinion_text),
        ...paragraph('Rationale', form.rationale),
        ...paragraph('Medical literature', form.medical_literature),
        ...paragraph('Contrary evidence considered', form.contrary_evidence),
        ...(form.connection_type === 'aggravation' ? [field('Baseline severity', form.baseline_severity)] : []),
      ],
      false,
    ),
    ...part(
      4,
      'Provider and signature',
      [
        field('Provider', form.provider_name),
        field('Credentials', form.credentials),
        field('Specialty', form.specialty),
        field('License', form.license),
        field('Contact', form.contact),
        signatureBlock(form.provider_name, form.opinion_date, form.credentials),
        ...(weaknesses.length > 0
          ? [
              { text: 'Checklist before signing (not part of the opinion)', style: 'subHeading', margin: [0, 24, 0, 4] } as Content,
              { ul: weaknesses.map((w) => w.message), style: 'note' } as Content,
            ]
          : []),
      ],
      false,
    ),
  ];
}

export function templatePdfDefinition({ body, generatedAt }: TemplatePdfInput): TDocumentDefinitions {
  const title = templateName(body.templateId);
  const form = body.formData;
  const coverLines: [string, string][] =
    body.templateId === 'disability-claim-package'
      ? [
          ['Veteran', show(form.veteran_full_name)],
          ['VA file number', show(form.va_file_number)],
          ['SSN (last four only)', maskedSsn(form.ssn_last4)],
        ]
      : [
          ['Veteran', show(form.veteran_full_name)],
          ['VA file number', show(form.va_file_number)],
          ['SSN (last four only)', maskedSsn(form.ssn_last4)],
          ['Condition', show(body.formData.condition)],
          ['Provider', `${show(body.formData.provider_name)}, ${show(body.formData.credentials)}`],
        ];
  return {
    info: {
      title: `${title}: ${printable(form.veteran_full_name)}`,
      subject: title,
      creator: PRODUCT,
      producer: PRODUCT,
      creationDate: generatedAt,
    },
    pageSize: 'LETTER',
    pageMargins: [SIDE_MARGIN, 54, SIDE_MARGIN, 60],
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.2, color: '#1a1a1a' },
    styles: {
      title: { fontSize: 26, bold: true, color: '#1f3a5f', margin: [0, 90, 0, 10] },
      partHeading: { fontSize: 17, bold: true, color: '#1f3a5f', margin: [0, 0, 0, 10] },
      subHeading: { fontSize: 12, bold: true, color: '#2b3f57', margin: [0, 8, 0, 4] },
      table: { fontSize: 9, margin: [0, 2, 0, 8] },
      tableHeader: { bold: true, color: '#1f2a37' },
      note: { fontSize: 9.5, color: '#3d4754' },
      footer: { fontSize: 9, color: '#555f6b' },
    },
    footer: footerFor(title),
    content: [
      cover(title, coverLines, generatedAt),
      toc,
      ...(body.templateId === 'disability-claim-package' ? claimPackageContent(body.formData) : nexusContent(body.formData)),
    ],
  };
}

export async function renderTemplatePdf(input: TemplatePdfInput): Promise<Buffer> {
  const pdfmake = await configuredPdfmake();
  return pdfmake.createPdf(templatePdfDefinition(input)).getBuffer();
}

/** "Disability Claim Package - Jane Doe - 2026-05-01.pdf" */
export function templateFileName(body: GeneratePdfBody, generatedAt: Date): string {
  const name = body.formData.veteran_full_name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${templateName(body.templateId)} - ${name} - ${generatedAt.toISOString().slice(0, 10)}.pdf`;
}

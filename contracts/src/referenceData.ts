import { z } from 'zod';
import contentionTypesJson from '../reference-data/contention-types.json';
import dbqsJson from '../reference-data/dbqs.json';
import diagnosticCodesJson from '../reference-data/diagnostic-codes.json';
import disabilitiesJson from '../reference-data/disabilities.json';
import serviceBranchesJson from '../reference-data/service-branches.json';
import specialCircumstancesJson from '../reference-data/special-circumstances.json';
import treatmentCentersJson from '../reference-data/treatment-centers.json';
import vaFormsJson from '../reference-data/va-forms.json';
import averageDaysJson from '../reference-data/va-average-days-to-complete.json';
import type { NationalAverageDaysToComplete } from './analytics';
import { facilityLocatorUrl, type ReferenceItem, type ReferenceList } from './reference';

/**
 * The bundled reference data (contracts/reference-data, copied from the project's shared data; its
 * README says where each file comes from). Server-side only: the frontend asks the API. Each file is
 * checked against its shape when first used, so a broken copy fails loudly at start, not halfway
 * through a request.
 */

const disabilitySchema = z.object({
  name: z.string(),
  classificationCode: z.string(),
  classification: z.string(),
  diagnosticCodes: z.array(z.string()).optional(),
  dbq: z.string().optional(),
  pactPresumptive: z.string().optional(),
  synonyms: z.array(z.string()).optional(),
});
const diagnosticCodeSchema = z.object({
  diagnosticCode: z.string(),
  name: z.string(),
  classificationCode: z.string(),
  classification: z.string(),
});
const codeNameSchema = z.object({ code: z.string(), name: z.string() });
const contentionTypeSchema = codeNameSchema.extend({ active: z.boolean(), endDate: z.string().optional() });
const treatmentCenterSchema = codeNameSchema.extend({ state: z.string(), stateName: z.string(), type: z.string() });
const specialCircumstanceSchema = codeNameSchema.extend({ source: z.string() });

export const bundledDbqSchema = z.object({
  formNumber: z.string(),
  title: z.string(),
  category: z.string(),
  conditionGroup: z.string(),
  pdfUrl: z.string(),
});
export type BundledDbq = z.infer<typeof bundledDbqSchema>;

export const bundledVaFormSchema = z.object({
  form_name: z.string(),
  title: z.string(),
  purpose: z.string(),
  valid_pdf: z.boolean(),
  url: z.string(),
  pdf_url: z.string().optional(),
  status: z.string().optional(),
});
export type BundledVaForm = z.infer<typeof bundledVaFormSchema>;

const blank = {
  code: null,
  description: null,
  category: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  phone: null,
  website: null,
  hours: null,
  services: [],
} satisfies Omit<ReferenceItem, 'id' | 'name'>;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function disabilities(): ReferenceItem[] {
  const ratedIssue = new Map(
    z
      .array(diagnosticCodeSchema)
      .parse(diagnosticCodesJson)
      .map((dc) => [dc.diagnosticCode, dc.name]),
  );
  return z
    .array(disabilitySchema)
    .parse(disabilitiesJson)
    .map((d) => {
      const codes = d.diagnosticCodes ?? [];
      const single = codes.length === 1 && codes[0] !== 'Multiple' ? codes[0]! : null;
      const described = [
        single
          ? `Diagnostic code ${single}${ratedIssue.has(single) ? ` (${ratedIssue.get(single)})` : ''}`
          : codes.includes('Multiple')
            ? 'Rated under several diagnostic codes'
            : null,
        d.dbq ? `DBQ: ${d.dbq}` : null,
        d.pactPresumptive ? `PACT Act presumptive: ${d.pactPresumptive}` : null,
      ].filter((part): part is string => part !== null);
      return {
        ...blank,
        id: slug(d.name),
        name: d.name,
        code: single,
        description: described.length > 0 ? `${described.join('. ')}.` : null,
        category: d.classification,
        synonyms: d.synonyms ?? [],
        diagnosticCodes: codes,
        dbq: d.dbq ?? null,
        pactPresumptive: d.pactPresumptive ?? null,
      };
    });
}

function serviceBranches(): ReferenceItem[] {
  return z
    .array(codeNameSchema)
    .parse(serviceBranchesJson)
    .map((b) => ({ ...blank, id: slug(b.code), name: b.name, code: b.code }));
}

function contentionTypes(): ReferenceItem[] {
  return z
    .array(contentionTypeSchema)
    .parse(contentionTypesJson)
    .map((c) => ({
      ...blank,
      id: c.code,
      name: c.name,
      code: c.code,
      category: c.active ? 'Active classification' : `Historical classification (ended ${c.endDate ?? 'unknown'})`,
      active: c.active,
      endDate: c.endDate ?? null,
    }));
}

function treatmentCenters(): ReferenceItem[] {
  return z
    .array(treatmentCenterSchema)
    .parse(treatmentCentersJson)
    .map((t) => ({
      ...blank,
      id: t.code,
      name: t.name,
      code: t.code,
      category: t.type,
      state: t.state,
      stateName: t.stateName,
      type: t.type,
      facilityLocatorUrl: facilityLocatorUrl(t.code),
    }));
}

function specialCircumstances(): ReferenceItem[] {
  return z
    .array(specialCircumstanceSchema)
    .parse(specialCircumstancesJson)
    .map((s) => ({
      ...blank,
      id: s.code,
      name: s.name,
      code: s.code,
      category: s.source,
      description: `Source: ${s.source}.`,
      source: s.source,
    }));
}

const LOADERS: Record<ReferenceList, () => ReferenceItem[]> = {
  disabilities,
  'service-branches': serviceBranches,
  'contention-types': contentionTypes,
  'treatment-centers': treatmentCenters,
  'special-circumstances': specialCircumstances,
};

const loaded = new Map<ReferenceList, readonly ReferenceItem[]>();

/** One reference list, loaded and checked once per process. */
export function referenceList(list: ReferenceList): readonly ReferenceItem[] {
  let items = loaded.get(list);
  if (!items) {
    items = Object.freeze(LOADERS[list]());
    loaded.set(list, items);
  }
  return items;
}

let dbqs: readonly BundledDbq[] | undefined;
/** The DBQ catalogue as VA published it (the sync's source when no DBQ page is configured). */
export function bundledDbqs(): readonly BundledDbq[] {
  dbqs ??= Object.freeze(z.array(bundledDbqSchema).parse(dbqsJson));
  return dbqs;
}

let forms: readonly BundledVaForm[] | undefined;
/** The VA forms used in disability claims, without revision dates (the VA Forms API has those). */
export function bundledVaForms(): readonly BundledVaForm[] {
  forms ??= Object.freeze(z.array(bundledVaFormSchema).parse(vaFormsJson));
  return forms;
}

const nationalAverageSchema = z.object({
  averageDays: z.number().positive(),
  period: z.string().regex(/^\d{4}-\d{2}$/),
  periodLabel: z.string(),
  measure: z.string(),
  sourceUrl: z.url(),
  sourceText: z.url(),
});

let averageDays: NationalAverageDaysToComplete | undefined;
/** VA's published national average days to complete disability-related claims, for the month it measures. */
export function nationalAverageDaysToComplete(): NationalAverageDaysToComplete {
  averageDays ??= Object.freeze(nationalAverageSchema.parse(averageDaysJson));
  return averageDays;
}

import { z } from 'zod';
import { readBodyText } from '@cc/platform';

/**
 * The VA Forms API (Lighthouse, `GET <base>/forms`, header `apikey`): `{data: [{id, type: "va_form",
 * attributes: {form_name, url, title, last_revision_on, valid_pdf, form_type, form_details_url,
 * deleted_at, pages, …}}]}`. Only what the catalogue shows is read; the rest is ignored.
 */
export const vaFormsApiAttributes = z.object({
  form_name: z.string(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  last_revision_on: z.string().nullish(),
  valid_pdf: z.boolean().nullish(),
  form_type: z.string().nullish(),
  form_details_url: z.string().nullish(),
  deleted_at: z.string().nullish(),
  pages: z.number().int().nullish(),
});
export type VaFormsApiAttributes = z.infer<typeof vaFormsApiAttributes>;

const answerSchema = z.object({
  data: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), attributes: vaFormsApiAttributes })),
});

export interface VaFormsApiForm {
  id: string;
  attributes: VaFormsApiAttributes;
}

export class VaFormsApiError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VaFormsApiError';
  }
}

export interface VaFormsApiConfig {
  /** The forms index, e.g. https://api.va.gov/services/va_forms/v0/forms. */
  url: string;
  apiKey: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Aborts the request (the app is stopping). */
  signal?: AbortSignal;
}

/** Every form the API lists; a failure of any kind (network, status, size, shape) is a VaFormsApiError. */
export async function fetchVaForms(config: VaFormsApiConfig): Promise<VaFormsApiForm[]> {
  const maxBytes = config.maxBytes ?? 20 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(config.url, {
      headers: { apikey: config.apiKey, accept: 'application/json' },
      signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs ?? 30_000), ...(config.signal ? [config.signal] : [])]),
    });
  } catch (cause) {
    throw new VaFormsApiError(`The VA Forms API could not be reached (${(cause as Error).message})`, { cause });
  }
  if (!response.ok) throw new VaFormsApiError(`The VA Forms API answered ${response.status}`);
  let text: string;
  try {
    text = await readBodyText(response, maxBytes);
  } catch (error) {
    throw new VaFormsApiError(`The VA Forms API answer could not be read (${(error as Error).message})`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new VaFormsApiError('The VA Forms API did not answer with JSON', { cause });
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success)
    throw new VaFormsApiError(`The VA Forms API answered in an unknown format (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data.data;
}

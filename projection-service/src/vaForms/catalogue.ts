import type { Knex } from 'knex';
import type { VaForm, VaFormsAnswer } from '@cc/contracts';
import { bundledVaForms, type BundledVaForm } from '@cc/contracts/referenceData';
import type { Logger } from '@cc/platform';
import { fetchVaForms, VaFormsApiError, type VaFormsApiAttributes, type VaFormsApiConfig, type VaFormsApiForm } from './vaFormsApi';

const key = (formName: string) => formName.trim().toLowerCase();

/**
 * One form of the catalogue: the bundled entry (which forms, what each is for, superseded or legacy)
 * with what the VA Forms API says of it when it was read (title, edition date, PDF, form type).
 */
export function mergeVaForm(bundled: BundledVaForm, api?: { id: string; attributes: VaFormsApiAttributes }): VaForm {
  const a = api?.attributes;
  return {
    id: api?.id ?? bundled.form_name,
    type: 'va_form',
    attributes: {
      form_name: bundled.form_name,
      title: a?.title || bundled.title,
      form_type: a?.form_type ?? null,
      // A form the API marks deleted has no PDF to give, whatever its flag says.
      valid_pdf: a ? a.valid_pdf === true && !a.deleted_at : bundled.valid_pdf,
      revision_date: a?.last_revision_on ?? null,
      url: a?.url || bundled.pdf_url || bundled.url,
      form_details_url: a?.form_details_url || bundled.url,
      purpose: bundled.purpose,
      status: bundled.status ?? null,
      pages: a?.pages ?? null,
    },
  };
}

/** `GET /api/va-forms/`: the catalogue, with the API's figures when a refresh has ever succeeded. */
export async function vaFormsAnswer(knex: Knex): Promise<VaFormsAnswer> {
  const rows: { form_name: string; api_id: string; attributes: VaFormsApiAttributes; fetched_at: Date }[] =
    await knex('va_forms_api').select();
  const byName = new Map(rows.map((r) => [r.form_name, { id: r.api_id, attributes: r.attributes }]));
  const refreshedAt = rows.reduce<Date | null>((latest, r) => (!latest || r.fetched_at > latest ? r.fetched_at : latest), null);
  return {
    data: bundledVaForms().map((form) => mergeVaForm(form, byName.get(key(form.form_name)))),
    meta: { source: rows.length > 0 ? 'va-forms-api' : 'bundled', refreshedAt: refreshedAt?.toISOString() ?? null },
  };
}

/**
 * Keeps the API's answer for the forms of the catalogue, replacing the previous one in one
 * transaction. An answer that names none of them is refused (the last good one stays).
 */
export async function storeVaForms(knex: Knex, forms: readonly VaFormsApiForm[], now: Date): Promise<number> {
  const wanted = new Set(bundledVaForms().map((f) => key(f.form_name)));
  const rows = new Map<string, { form_name: string; api_id: string; attributes: string; fetched_at: Date }>();
  for (const form of forms) {
    const name = key(form.attributes.form_name);
    if (wanted.has(name) && !rows.has(name))
      rows.set(name, { form_name: name, api_id: form.id, attributes: JSON.stringify(form.attributes), fetched_at: now });
  }
  if (rows.size === 0) throw new VaFormsApiError('The VA Forms API answer lists none of the catalogue’s forms');
  await knex.transaction(async (trx) => {
    await trx('va_forms_api').del();
    await trx('va_forms_api').insert([...rows.values()]);
  });
  return rows.size;
}

export interface VaFormsRefresh {
  /** Reads the API now; resolves with the number of forms kept, or the error (already logged). */
  refreshNow(): Promise<number | VaFormsApiError>;
  /** Stops the timer, aborts a refresh under way and waits for it. */
  stop(): Promise<void>;
}

export const VA_FORMS_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * With VA_FORMS_API_URL and VA_API_KEY: a refresh at start (not awaited, so an unreachable API never
 * delays the app) and then daily. A failed refresh keeps the last good answer, or the bundled
 * catalogue when there never was one, and logs one line.
 */
export function startVaFormsRefresh(options: {
  knex: Knex;
  config: VaFormsApiConfig;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
}): VaFormsRefresh {
  const now = options.now ?? (() => new Date());
  let running: Promise<number | VaFormsApiError> | undefined;
  const stopping = new AbortController();
  const refreshNow = () => {
    running ??= (async () => {
      try {
        const kept = await storeVaForms(options.knex, await fetchVaForms({ ...options.config, signal: stopping.signal }), now());
        options.logger.info({ forms: kept }, 'VA forms refreshed from the VA Forms API');
        return kept;
      } catch (error) {
        if (stopping.signal.aborted) return new VaFormsApiError('Stopped');
        const failure =
          error instanceof VaFormsApiError
            ? error
            : new VaFormsApiError(`Storing the VA forms failed (${(error as Error).message})`, { cause: error });
        options.logger.warn({ err: failure.message }, 'VA Forms API refresh failed; showing the last good list (or the bundled catalogue)');
        return failure;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  void refreshNow();
  const timer = setInterval(() => void refreshNow(), options.intervalMs ?? VA_FORMS_REFRESH_INTERVAL_MS);
  timer.unref();
  return {
    refreshNow,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

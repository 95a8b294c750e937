/**
 * Official VA forms (spec doc 2 §2.2, §3 "VA form", §7 `GET /api/va-forms/`): the answer has the
 * shape of the VA Forms API (`{data: [{id, type: "va_form", attributes}]}`), whether it was
 * refreshed from that API or comes from the bundled catalogue.
 */

export interface VaFormAttributes {
  form_name: string;
  title: string;
  /** The VA Forms API's form type (e.g. "benefit"); null when only the bundled catalogue is known. */
  form_type: string | null;
  /** False: there is no PDF to download ("Download Unavailable"). */
  valid_pdf: boolean;
  /** The date of the current edition (YYYY-MM-DD), from the VA Forms API; null when unknown. */
  revision_date: string | null;
  /** The PDF when there is one, else the form's page on VA.gov. */
  url: string;
  /** The form's page on VA.gov (Find a VA form). */
  form_details_url: string;
  /** What the form is for in a disability claim. */
  purpose: string | null;
  /** "superseded" or "legacy" for a form that should no longer be used. */
  status: string | null;
  pages: number | null;
}

export interface VaForm {
  id: string;
  type: 'va_form';
  attributes: VaFormAttributes;
}

export interface VaFormsAnswer {
  data: VaForm[];
  meta: {
    /** Where the figures come from: the VA Forms API, or the bundled catalogue. */
    source: 'va-forms-api' | 'bundled';
    /** When the VA Forms API was last read successfully (ISO time), or null. */
    refreshedAt: string | null;
  };
}

/** VA's own form search, for every form this catalogue does not list. */
export const FIND_A_FORM_URL = 'https://www.va.gov/find-forms/';

import type { VaForm } from '@cc/contracts';

/** Pure helpers of the forms page (unit tested in format.test.ts). */

/** The three tabs, named as in spec doc 2 §9. */
export const FORM_TABS = [
  { value: 'va-forms', label: 'Official VA Forms' },
  { value: 'dbqs', label: 'DBQ Forms' },
  { value: 'pdfforge', label: 'Fillable Templates' },
] as const;

export type FormTab = (typeof FORM_TABS)[number]['value'];

export function isFormTab(value: string | null): value is FormTab {
  return FORM_TABS.some((tab) => tab.value === value);
}

/** Forms whose number, title or purpose holds every word of the search, case-insensitively. */
export function filterVaForms(forms: readonly VaForm[], search: string): VaForm[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...forms];
  return forms.filter((form) => {
    const { form_name, title, purpose } = form.attributes;
    const text = `${form_name} ${title} ${purpose ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** "12 downloads", "1 download". */
export function downloadsText(count: number): string {
  return `${new Intl.NumberFormat('en-US').format(count)} ${count === 1 ? 'download' : 'downloads'}`;
}

import type { VaForm } from '@cc/contracts';
import { downloadsText, filterVaForms, isFormTab } from './format';

const form = (form_name: string, title: string, purpose: string | null = null): VaForm => ({
  id: form_name,
  type: 'va_form',
  attributes: {
    form_name,
    title,
    purpose,
    form_type: null,
    valid_pdf: true,
    revision_date: null,
    url: 'https://www.va.gov/',
    form_details_url: 'https://www.va.gov/',
    status: null,
    pages: null,
  },
});

describe('forms page helpers', () => {
  const forms = [
    form('21-526EZ', 'Application for Disability Compensation'),
    form('20-0995', 'Supplemental Claim', 'New and relevant evidence'),
    form('21-4138', 'Statement in Support of Claim'),
  ];

  it('searches number, title and purpose, every word, any case', () => {
    expect(filterVaForms(forms, '').map((f) => f.id)).toEqual(['21-526EZ', '20-0995', '21-4138']);
    expect(filterVaForms(forms, '526ez').map((f) => f.id)).toEqual(['21-526EZ']);
    expect(filterVaForms(forms, 'RELEVANT evidence').map((f) => f.id)).toEqual(['20-0995']);
    expect(filterVaForms(forms, 'claim support').map((f) => f.id)).toEqual(['21-4138']);
    expect(filterVaForms(forms, 'pension')).toEqual([]);
  });

  it('knows the three tabs by their spec names', () => {
    expect(['va-forms', 'dbqs', 'pdfforge'].every(isFormTab)).toBe(true);
    expect(isFormTab('forms')).toBe(false);
    expect(isFormTab(null)).toBe(false);
  });

  it('counts downloads', () => {
    expect(downloadsText(1)).toBe('1 download');
    expect(downloadsText(1234)).toBe('1,234 downloads');
  });
});

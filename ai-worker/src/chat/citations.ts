import type { Citation } from '@cc/contracts';

/**
 * Citations as DOMAIN.md gives them: 38 CFR sections (eCFR), VA forms (VA.gov's Find-a-Form page
 * for the number, DOMAIN §4's URL pattern), DBQs (DOMAIN §5's PDF pattern), statutes and cases.
 */
export const cfr = (section: string, title?: string): Citation => ({
  kind: 'regulation',
  label: `38 CFR ${section}`,
  ...(title ? { title } : {}),
  // eCFR addresses a section by its number; a paragraph like "(b)(2)" is part of the same page.
  url: `https://www.ecfr.gov/current/title-38/section-${section.replace(/\(.*$/, '').replace(/[–-].*$/, '')}`,
});

export const form = (number: string, title?: string): Citation => ({
  kind: 'form',
  label: `VA Form ${number}`,
  ...(title ? { title } : {}),
  url: `https://www.va.gov/find-forms/about-form-${number.toLowerCase()}/`,
});

export const dbq = (number: string, title: string): Citation => ({
  kind: 'form',
  label: `DBQ ${number}`,
  title,
  url: `https://www.vba.va.gov/pubs/forms/VBA-${number}-ARE.pdf`,
});

export const usc = (section: string, title?: string): Citation => ({
  kind: 'statute',
  label: `38 U.S.C. ${section}`,
  ...(title ? { title } : {}),
});

export const caseLaw = (label: string, title?: string): Citation => ({ kind: 'case', label, ...(title ? { title } : {}) });

export const vaPage = (label: string, url?: string): Citation => ({ kind: 'va-page', label, ...(url ? { url } : {}) });

export const CRISIS_LINE: Citation = { kind: 'va-page', label: 'Veterans Crisis Line', url: 'https://www.veteranscrisisline.net' };

/** One citation per label, in first-seen order. */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.kind}:${c.label}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The sources block every answer ends with (see contracts `SOURCES_HEADING`). */
export function sourcesMarkdown(citations: readonly Citation[]): string {
  return citations
    .map((c) => {
      const label = c.url ? `[${c.label}](${c.url})` : c.label;
      return `- ${label}${c.title ? ` — ${c.title}` : ''}`;
    })
    .join('\n');
}

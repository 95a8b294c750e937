import type { DbqSourceEntry } from '../dbqSource';

/**
 * Pages in the format of VA's public DBQ page, for tests: the Markdown-with-HTML source
 * (vagov-content `pages/disability/dbq-questionnaires/forms.md`: one accordion per body system, a
 * table of condition group, form number and PDF link) and two HTML renderings of it.
 */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

function byCategory(entries: readonly DbqSourceEntry[]): Map<string, DbqSourceEntry[]> {
  const groups = new Map<string, DbqSourceEntry[]>();
  for (const entry of entries) groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  return groups;
}

export function dbqMarkdownPage(entries: readonly DbqSourceEntry[]): string {
  const sections = [...byCategory(entries)].map(
    ([category, rows], i) => `<li>
<button class="usa-button-unstyled usa-accordion-button" aria-controls="category-${i}"><b>${category}</b></button>
<div id="category-${i}" class="usa-accordion-content">

| Conditions and symptoms | VA form number | DBQ form (PDF) |
| --- | --- | --- |
${rows.map((r) => `| **${r.conditionGroup ?? ''}** <br> Includes:<ul><li>related symptoms</li></ul> | ${r.dbqId} | [${r.title}](${r.fileUrl}) |`).join('\n')}

</div>
</li>`,
  );
  return `---
layout: page-breadcrumbs.html
title: VA DBQ Forms
---

<div class="va-introtext">

Find the DBQ form you need.

</div>

### On this page:
- [Find VA DBQ forms by condition or symptom](#find)
- [How to submit DBQ forms to us for review](#submit)

<span id="find"></a>
## Find VA DBQ forms by condition or symptom

<ul class="usa-accordion">
${sections.join('\n')}
</ul>

<span id="submit"></a>
## How to submit DBQ forms to us for review

Send the completed form with your claim (see [VA Form 21-526EZ](https://www.vba.va.gov/pubs/forms/VBA-21-526EZ-ARE.pdf)).
`;
}

/** The HTML VA.gov builds from the source: accordion buttons and real tables. */
export function dbqHtmlPage(entries: readonly DbqSourceEntry[]): string {
  const sections = [...byCategory(entries)].map(
    (
      [category, rows],
      i,
    ) => `<li><h3 class="usa-accordion__heading"><button class="usa-button-unstyled usa-accordion-button" aria-controls="c${i}"><b>${escapeHtml(category)}</b></button></h3>
<div id="c${i}" class="usa-accordion-content"><table><thead><tr><th>Conditions and symptoms</th><th>VA form number</th><th>DBQ form (PDF)</th></tr></thead><tbody>
${rows.map((r) => `<tr><td><strong>${escapeHtml(r.conditionGroup ?? '')}</strong><br> Includes related symptoms</td><td>${r.dbqId}</td><td><a href="${r.fileUrl}">${escapeHtml(r.title)}</a></td></tr>`).join('\n')}
</tbody></table></div></li>`,
  );
  return `<!DOCTYPE html><html lang="en"><head><title>VA DBQ Forms | Veterans Affairs</title></head><body>
<h1>Find and submit VA DBQ forms</h1><h2 id="find">Find VA DBQ forms by condition or symptom</h2>
<ul class="usa-accordion">${sections.join('\n')}</ul>
<h2 id="submit">How to submit DBQ forms to us for review</h2><p>Mail them with your claim.</p></body></html>`;
}

/** Newer VA.gov pages: `<va-accordion-item header="…">`, links relative to the site. */
export function dbqWebComponentPage(entries: readonly DbqSourceEntry[]): string {
  const sections = [...byCategory(entries)].map(
    ([category, rows]) => `<va-accordion-item header="${escapeHtml(category)}"><table>
${rows.map((r) => `<tr><td><b>${escapeHtml(r.conditionGroup ?? '')}</b></td><td>${r.dbqId}</td><td><a class="link" href="${r.fileUrl.replace('https://www.vba.va.gov', '')}">${escapeHtml(r.title)}</a></td></tr>`).join('\n')}
</table></va-accordion-item>`,
  );
  return `<html><body><h2>Find VA DBQ forms</h2><va-accordion>${sections.join('\n')}</va-accordion></body></html>`;
}

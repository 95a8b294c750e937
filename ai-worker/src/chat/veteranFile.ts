import { ANALYSIS_TYPE_LABELS, CLAIM_STATUS_LABELS, type Citation, type VeteranFile } from '@cc/contracts';
import { claimCitation, documentCitation } from './tools/types';

export interface FileSection {
  markdown: string;
  citations: Citation[];
}

/** "What is the status of my claims?": each claim with its status, days pending, rating and next action. */
export function claimsOverview(file: VeteranFile): FileSection {
  if (file.claims.length === 0) {
    return {
      markdown:
        'You have no claims in your Claims Tracker yet. Add one on the Claims page and I can follow its status, days pending and rating with you.',
      citations: [{ kind: 'app-page', label: 'Claims Tracker', url: '/claims' }],
    };
  }
  const lines = [`You are tracking ${file.claims.length} claim${file.claims.length === 1 ? '' : 's'}:`];
  for (const c of file.claims) {
    const parts = [CLAIM_STATUS_LABELS[c.status]];
    if (c.status === 'approved' || c.status === 'denied') parts.push(`decided after ${c.daysPending} days`);
    else parts.push(`${c.daysPending} day${c.daysPending === 1 ? '' : 's'} pending`);
    if (c.ratingPercentage !== null) parts.push(`rated ${c.ratingPercentage}%`);
    lines.push(`- **Claim ${c.claimNumber} — ${c.condition}**: ${parts.join(', ')}${c.nextAction ? `. Next action: ${c.nextAction}` : ''}`);
  }
  const oldest = file.claims
    .filter((c) => c.status !== 'approved' && c.status !== 'denied')
    .sort((a, b) => b.daysPending - a.daysPending)[0];
  if (oldest)
    lines.push(
      '',
      `Your oldest pending claim, ${oldest.claimNumber}, has been pending ${oldest.daysPending} days. Evidence gathering is usually the longest step, and new evidence sends a claim back to it.`,
    );
  return { markdown: lines.join('\n'), citations: file.claims.map(claimCitation) };
}

/** "What do my documents show?": each document, and what its latest analysis found. */
export function documentsOverview(file: VeteranFile): FileSection {
  if (file.documents.length === 0) {
    return {
      markdown:
        'You have not uploaded any documents yet. On the Documents page you can store your records and run an AI analysis on PDF and text files.',
      citations: [{ kind: 'app-page', label: 'Document Repository', url: '/documents' }],
    };
  }
  const lines = [`You have ${file.documents.length} document${file.documents.length === 1 ? '' : 's'}:`];
  const cited: Citation[] = [];
  for (const d of file.documents) {
    cited.push(documentCitation(d));
    const a = d.analysis;
    if (!a) {
      lines.push(`- **${d.fileName}** — not analysed yet${d.processingStatus === 'processing' ? ' (an analysis is running)' : ''}.`);
      continue;
    }
    const facts = [`${ANALYSIS_TYPE_LABELS[a.type]}: ${a.documentType}`];
    if (a.conditions.length) facts.push(`conditions: ${a.conditions.join(', ')}`);
    if (a.nexusStrength && a.nexusStrength !== 'none') facts.push(`nexus opinion: ${a.nexusStrength}`);
    if (a.missing.length) facts.push(`missing: ${a.missing.slice(0, 3).join('; ')}`);
    lines.push(`- **${d.fileName}** — ${facts.join('; ')}.`);
  }
  return { markdown: lines.join('\n'), citations: cited };
}

/** "What should I do next?": next actions of pending claims and gaps the analyses found. */
export function nextSteps(file: VeteranFile): FileSection | undefined {
  const lines: string[] = [];
  const citations: Citation[] = [];
  for (const c of file.claims) {
    if (c.nextAction && c.status !== 'approved' && c.status !== 'denied') {
      lines.push(`- Claim ${c.claimNumber} (${c.condition}): ${c.nextAction}`);
      citations.push(claimCitation(c));
    }
  }
  for (const d of file.documents) {
    for (const gap of d.analysis?.missing.slice(0, 2) ?? []) {
      lines.push(`- From "${d.fileName}": ${gap}`);
      if (!citations.some((x) => x.label === d.fileName)) citations.push(documentCitation(d));
    }
  }
  if (lines.length === 0) return undefined;
  return { markdown: ['Next steps from your own file:', ...lines].join('\n'), citations };
}

/** The file as plain text, for a hosted model's context. */
export function fileAsContext(file: VeteranFile): string {
  const lines = [`Veteran's first name: ${file.firstName ?? 'not given'}`];
  lines.push(file.claims.length ? 'Claims in the tracker:' : 'Claims in the tracker: none');
  for (const c of file.claims) {
    lines.push(
      `- [Claim ${c.claimNumber}] ${c.condition} (${c.conditionType}); status ${CLAIM_STATUS_LABELS[c.status]}; ${c.daysPending} days pending; rating ${c.ratingPercentage ?? 'none'}%; filed ${c.filedAt.slice(0, 10)}${c.decidedAt ? `; decided ${c.decidedAt.slice(0, 10)}` : ''}${c.decisionDate ? `; decision letter dated ${c.decisionDate}` : ''}${c.nextAction ? `; next action: ${c.nextAction}` : ''}`,
    );
  }
  lines.push(file.documents.length ? 'Documents:' : 'Documents: none');
  for (const d of file.documents) {
    const a = d.analysis;
    lines.push(
      `- [${d.fileName}] uploaded ${d.uploadedAt.slice(0, 10)}` +
        (a
          ? `; analysed (${a.type}): ${a.documentType}; conditions: ${a.conditions.join(', ') || 'none'}; nexus: ${a.nexusStrength ?? 'n/a'}; missing: ${a.missing.join('; ') || 'none'}`
          : '; not analysed'),
    );
  }
  return lines.join('\n');
}

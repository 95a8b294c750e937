import type { NextStep } from '@cc/contracts';
import { dbqForCondition } from './conditions';
import type { EvidenceClaim } from './types';

/** The next steps the map offers: links into the app that do them. */

export function uploadStep(claim: EvidenceClaim, label: string): NextStep {
  return { kind: 'upload', label, href: `/documents?upload=1&claimId=${encodeURIComponent(claim.claimId)}` };
}

export function formStep(form: string, label: string, kind: NextStep['kind'] = 'va-form'): NextStep {
  return { kind, label, href: `/templates?tab=va-forms&form=${encodeURIComponent(form)}` };
}

export function dbqStep(condition: string, codes: readonly string[]): NextStep {
  const dbq = dbqForCondition(condition, codes);
  if (dbq)
    return {
      kind: 'dbq',
      label: `Ask your doctor to complete DBQ ${dbq.formNumber} (${dbq.title})`,
      href: `/templates?tab=dbqs&dbq=${encodeURIComponent(dbq.formNumber)}`,
    };
  return {
    kind: 'dbq',
    label: `Find the DBQ for ${condition} for your doctor to complete`,
    href: `/templates?tab=dbqs&q=${encodeURIComponent(condition)}`,
  };
}

export function nexusLetterStep(claim: EvidenceClaim, condition: string, label: string, primary?: string): NextStep {
  const params = new URLSearchParams({ tab: 'pdfforge', template: 'nexus-letter', claimId: claim.claimId, condition });
  if (claim.conditionType === 'secondary') {
    params.set('connection', 'secondary');
    if (primary) params.set('primary', primary);
  }
  return { kind: 'nexus-letter', label, href: `/templates?${params.toString()}` };
}

/** A lay statement of what happened (21-4138), or one from someone who saw it (21-10210). */
export function layStatementStep(): NextStep {
  return formStep(
    '21-10210',
    'Write a statement of what happened in service (VA Form 21-4138) or ask a fellow service member for one (21-10210)',
    'lay-statement',
  );
}

import { type ConditionDef } from './conditions';

/** What a document's author can prove: a lay person, the service's own records, or a clinician. */

export type DocumentSource = 'lay' | 'service-record' | 'medical';

export function documentSource(documentType: string): DocumentSource {
  if (documentType === 'Lay / buddy statement') return 'lay';
  if (documentType === 'Service treatment record') return 'service-record';
  return 'medical';
}

/** "Knee condition", "PTSD and Tinnitus", "A, B and C". */
export function conditionList(conditions: readonly ConditionDef[]): string {
  const names = conditions.map((c) => c.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Why element 1 is missing, in words a veteran can act on. */
export function missingDiagnosisReason(e: { source: DocumentSource; conditions: readonly ConditionDef[] }): string {
  const named = conditionList(e.conditions);
  if (named && e.source === 'lay')
    return `This is a lay statement: it can describe ${named} and when it began, but only a medical professional can diagnose it.`;
  if (named && e.source === 'service-record')
    return `These service records show ${named} during service; they cannot show that it is diagnosed now.`;
  return 'No condition is diagnosed in this document.';
}

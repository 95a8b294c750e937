import type { EvidenceItem, LegalTopic } from '@cc/contracts';
import type { EvidenceAnalysis } from './types';

/** Who wrote a document, and which of its sentences the analysis kept: what the rules read. */

export type DocumentSource = 'lay' | 'service-record' | 'medical';

/** Who wrote the document: a lay person can describe, not diagnose or opine (DOMAIN §3.3, §10.2). */
export function documentSource(documentType: string): DocumentSource {
  if (/\blay\b|buddy|statement in support|personal statement|21-4138|21-10210|21-0781/i.test(documentType)) return 'lay';
  if (/service treatment record|service record|personnel record|DD[- ]?214|\bSTR\b/i.test(documentType)) return 'service-record';
  return 'medical';
}

/** A VA (or VA-contracted) examination: a C&P exam or a DBQ completed for VA (38 CFR 3.304(f)(3)). */
export function isVaExamination(documentType: string): boolean {
  return /\bC&P\b|compensation and pension|disability benefits questionnaire|\bDBQ\b/i.test(documentType);
}

export const itemOf = (a: EvidenceAnalysis, quote: string): EvidenceItem => ({
  documentId: a.documentId,
  fileName: a.fileName,
  analysisId: a.analysisId,
  analysisType: a.analysisType,
  quote,
});

export const has = (s: string | undefined): s is string => typeof s === 'string' && s.trim().length > 0;

export const uniqueItems = (items: EvidenceItem[]) => [...new Map(items.map((i) => [`${i.documentId}\u0000${i.quote}`, i])).values()];

/** The sentences of one topic the analysis kept for the legal rules. */
export function legalSentences(a: EvidenceAnalysis, topic: LegalTopic): string[] {
  return (a.result.legalSentences ?? []).filter((s) => s.topic === topic && has(s.source)).map((s) => s.source);
}

/** Every sentence the analysis quoted, in a stable order, without repeats. */
export function sentencesOf(a: EvidenceAnalysis): string[] {
  const r = a.result;
  const all = [
    ...r.conditionFindings.map((f) => f.source),
    ...(r.serviceConnectionEvidence ?? []).flatMap((e) => [e.source, e.inServiceEvent]),
    ...(r.medicalTimeline?.timelineEvents ?? []).map((e) => e.source),
    ...(r.nexusEvaluation?.phrases ?? []).map((p) => p.source),
    r.nexusEvaluation?.nexusOpinion,
    ...(r.legalSentences ?? []).map((s) => s.source),
  ];
  return [...new Set(all.filter(has))];
}

/** Sentences that describe service: in-service events, timeline in-service events and service sentences. */
export function serviceSentencesOf(a: EvidenceAnalysis): string[] {
  const r = a.result;
  const all = [
    ...(r.serviceConnectionEvidence ?? []).map((e) => e.source),
    ...(r.medicalTimeline?.timelineEvents ?? []).filter((e) => e.eventType === 'in-service').map((e) => e.source),
    ...legalSentences(a, 'service'),
  ];
  return [...new Set(all.filter(has))];
}

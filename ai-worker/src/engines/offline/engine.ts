import { ANALYSIS_SECTIONS, type AnalysisResult, type AnalysisType } from '@cc/contracts';
import { type AnalysisEngine } from '../types';
import { detectConditions } from './conditions';
import { detectDocumentType } from './document-type';
import { assessElements } from './elements';
import { analyzeMissingEvidence } from './missing';
import { legalSentences } from './legal';
import { evaluateNexus } from './nexus';
import { analyzeSecondary } from './secondary';
import { serviceConnectionEvidence } from './service';
import { splitSentences } from './text';
import { buildTimeline } from './timeline';

/** How a classification reads to a veteran (American spelling; the enum values stay as DOMAIN §3.2 names them). */
const CLASSIFICATION_WORDS = {
  favourable: 'favorable',
  unfavourable: 'unfavorable',
  speculative: 'speculative',
  'non-opinion': 'a non-opinion',
  none: 'absent',
} as const;

export const OFFLINE_ENGINE_NAME = 'offline';
/** Bump when a rule table changes, so stored results say which rules produced them. */
export const OFFLINE_ENGINE_MODEL = 'rules-2026.1';

/** Runs every rule module on the text; `analyze` then keeps the sections the analysis type asks for. */
export function analyzeOffline(text: string, analysisType: AnalysisType): AnalysisResult {
  const sentences = splitSentences(text);
  const { findings, mentions } = detectConditions(sentences);
  const nexus = evaluateNexus(sentences);
  const documentType = detectDocumentType(text);
  const timeline = buildTimeline(sentences, mentions, documentType);
  const elements = assessElements(sentences, mentions, nexus.evaluation.classification, documentType);
  const missing = analyzeMissingEvidence(sentences, elements, timeline);
  const favourableSentences = nexus.opinions.filter((o) => o.classification === 'favourable').map((o) => o.sentence);
  const service = serviceConnectionEvidence(
    sentences,
    mentions,
    { classification: nexus.evaluation.classification, favourableSentences },
    elements,
  );
  const wanted = new Set(ANALYSIS_SECTIONS[analysisType]);
  const secondary = wanted.has('secondaryConditionsAnalysis') ? analyzeSecondary(sentences, mentions) : undefined;

  const keyFindings: string[] = [];
  for (const f of findings)
    keyFindings.push(`Condition: ${f.name}${f.diagnosticCode ? ` (DC ${f.diagnosticCode})` : ''}${f.icd10 ? `, ICD-10 ${f.icd10}` : ''}`);
  const ev = nexus.evaluation;
  if (ev.classification !== 'none') {
    keyFindings.push(
      `Nexus opinion is ${CLASSIFICATION_WORDS[ev.classification]}${ev.phrases[0] ? ` ("${ev.phrases[0].phrase}")` : ''}; strength ${ev.overallStrength}`,
    );
  }
  for (const s of service.filter((x) => x.connectionType === 'presumptive'))
    keyFindings.push(`Presumptive: ${s.condition} (${s.inServiceEvent})`);
  const inService = service.find((s) => s.inServiceEvent && s.connectionType !== 'presumptive');
  if (inService) keyFindings.push(`In-service event: ${inService.inServiceEvent}`);
  for (const g of timeline.treatmentGaps)
    keyFindings.push(`Treatment gap for ${g.condition}: ${g.duration} (${g.startDate} to ${g.endDate})`);

  const missingInformation = missing.documentationGaps.filter((g) => g.importance !== 'helpful').map((g) => g.missingItem);
  const suggestedActions = [
    ...missing.documentationGaps.filter((g) => g.importance === 'critical').map((g) => g.howToObtain),
    ...(ev.classification !== 'none' ? ev.improvementSuggestions.slice(0, 3) : []),
    ...missing.documentationGaps.filter((g) => g.importance !== 'critical').map((g) => g.howToObtain),
  ];

  const result: AnalysisResult = {
    analysisType,
    engine: { name: OFFLINE_ENGINE_NAME, model: OFFLINE_ENGINE_MODEL },
    documentType,
    relevantConditions: findings.map((f) => f.name),
    conditionFindings: findings,
    keyFindings,
    missingInformation: [...new Set(missingInformation)],
    suggestedActions: [...new Set(suggestedActions)].slice(0, 8),
  };
  if (wanted.has('serviceConnectionEvidence')) result.serviceConnectionEvidence = service;
  if (wanted.has('nexusEvaluation')) result.nexusEvaluation = ev;
  if (wanted.has('medicalTimeline')) result.medicalTimeline = timeline;
  if (wanted.has('missingEvidenceAnalysis')) result.missingEvidenceAnalysis = missing;
  if (secondary) result.secondaryConditionsAnalysis = secondary;
  const legal = legalSentences(sentences, mentions);
  if (legal.length) result.legalSentences = legal;
  return result;
}

/** Deterministic, no-network engine built from the rule tables in this folder. */
export function createOfflineEngine(): AnalysisEngine {
  return {
    name: OFFLINE_ENGINE_NAME,
    model: OFFLINE_ENGINE_MODEL,
    analyze: async ({ text, analysisType }) => analyzeOffline(text, analysisType),
  };
}

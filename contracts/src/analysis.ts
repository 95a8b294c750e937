import { z } from 'zod';

export * from './analysisMessages';

/**
 * AI document analysis: the nine analysis types (spec doc 0 §9) and the result shape
 * (spec doc 0 §3 "AI analysis result").
 *
 * Where the spec lists an enum as "a, b, other" it only names some values; the remaining values
 * below (weak, poor, insufficient, helpful, none) are our choice and are documented per field.
 *
 * Provenance: every finding read from the document text carries `source`, the sentence it came
 * from, so the UI can show the evidence behind each finding. For conditions we keep
 * `relevantConditions` as plain strings (what the spec's results dialog lists) and add a parallel
 * `conditionFindings` array (one entry per condition name in `relevantConditions`, same order)
 * with diagnostic code, ICD-10 code and source sentence.
 */

export const ANALYSIS_TYPES = [
  'general',
  'medical',
  'disability',
  'evidence',
  'service-connection',
  'nexus-letter',
  'timeline',
  'missing-evidence',
  'secondary-conditions',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const ANALYSIS_TYPE_LABELS: Record<AnalysisType, string> = {
  general: 'General Analysis',
  medical: 'Medical Records Analysis',
  disability: 'Disability Rating Assessment',
  evidence: 'Evidence Extraction',
  'service-connection': 'Service Connection Analyzer',
  'nexus-letter': 'Nexus Letter Evaluator',
  timeline: 'Medical Timeline Builder',
  'missing-evidence': 'Missing Evidence Detector',
  'secondary-conditions': 'Secondary Conditions Finder',
};

export const analysisTypeSchema = z.enum(ANALYSIS_TYPES);

/** Spec doc 1 §5 and §9, the AI policy: analysis reads PDF and TXT files of at most 10MB. */
export const MAX_ANALYSIS_BYTES = 10 * 1024 * 1024;

/** Optional sections each analysis type must produce (the base fields are always present). */
export type AnalysisSection =
  'serviceConnectionEvidence' | 'nexusEvaluation' | 'medicalTimeline' | 'missingEvidenceAnalysis' | 'secondaryConditionsAnalysis';

export const ANALYSIS_SECTIONS: Record<AnalysisType, readonly AnalysisSection[]> = {
  general: ['serviceConnectionEvidence'],
  medical: ['medicalTimeline'],
  disability: ['serviceConnectionEvidence', 'missingEvidenceAnalysis'],
  evidence: ['serviceConnectionEvidence'],
  'service-connection': ['serviceConnectionEvidence', 'nexusEvaluation'],
  'nexus-letter': ['nexusEvaluation'],
  timeline: ['medicalTimeline'],
  'missing-evidence': ['missingEvidenceAnalysis'],
  'secondary-conditions': ['secondaryConditionsAnalysis'],
};

/** The sentence a finding was read from. */
const source = z.string();

export const conditionFindingSchema = z.object({
  name: z.string().min(1),
  /** VA diagnostic code (38 CFR Part 4), e.g. "9411". */
  diagnosticCode: z.string().optional(),
  /** ICD-10-CM code, either found in the text or the usual code for the condition. */
  icd10: z.string().optional(),
  source,
});
export type ConditionFinding = z.infer<typeof conditionFindingSchema>;

/**
 * DOMAIN §3.2 and §10.7: favourable, unfavourable, speculative, non-opinion ("cannot resolve without
 * resort to mere speculation", "I cannot state that…"); `none` when no opinion language is present.
 */
export const NEXUS_CLASSIFICATIONS = ['favourable', 'unfavourable', 'speculative', 'non-opinion', 'none'] as const;
export type NexusClassification = (typeof NEXUS_CLASSIFICATIONS)[number];

export const serviceConnectionEvidenceSchema = z.object({
  condition: z.string(),
  /** Spec: strong, moderate, other. `weak` is the remaining value. */
  evidenceStrength: z.enum(['strong', 'moderate', 'weak']),
  /** direct, secondary, presumptive, aggravation or unknown. */
  connectionType: z.enum(['direct', 'secondary', 'presumptive', 'aggravation', 'unknown']),
  /** The in-service event, injury, disease or exposure; empty when none was found. */
  inServiceEvent: z.string(),
  reasoning: z.string(),
  /** Sentence the in-service event came from. */
  source: z.string().optional(),
});

export const nexusPhraseSchema = z.object({
  phrase: z.string(),
  /** The phrase as it reads in its sentence, negation applied ("probably not" is unfavourable). */
  classification: z.enum(['favourable', 'unfavourable', 'speculative', 'non-opinion']),
  source,
});

export const nexusEvaluationSchema = z.object({
  /** Spec: strong, moderate, weak, other. `none` = the document holds no nexus opinion. */
  overallStrength: z.enum(['strong', 'moderate', 'weak', 'none']),
  /** True when a favourable legal-standard phrase ("at least as likely as not" etc.) is present. */
  hasRequiredLanguage: z.boolean(),
  requiredLanguageFound: z.array(z.string()),
  missingRequiredLanguage: z.array(z.string()),
  doctorQualifications: z.object({
    name: z.string().optional(),
    credentials: z.array(z.string()),
    boardCertification: z.string().optional(),
    specialty: z.string().optional(),
    summary: z.string(),
    source: z.string().optional(),
  }),
  /** The opinion sentence that decides the document (its conclusion), or an empty string. */
  nexusOpinion: z.string(),
  classification: z.enum(NEXUS_CLASSIFICATIONS),
  phrases: z.array(nexusPhraseSchema),
  /** Summary of the rationale found, or an empty string. */
  medicalRationale: z.string(),
  hasMedicalRationale: z.boolean(),
  strengthFactors: z.array(z.string()),
  weaknessFactors: z.array(z.string()),
  improvementSuggestions: z.array(z.string()),
});

export const timelineEventSchema = z.object({
  /** ISO date, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  eventType: z.enum(['in-service', 'diagnosis', 'treatment', 'examination', 'surgery', 'imaging', 'decision', 'statement', 'other']),
  description: z.string(),
  provider: z.string().optional(),
  significance: z.string(),
  conditions: z.array(z.string()),
  source,
});

export const medicalTimelineSchema = z.object({
  continuityOfCare: z.object({
    /** Spec: excellent, good, fair, other. `poor` is the remaining value. */
    overallAssessment: z.enum(['excellent', 'good', 'fair', 'poor']),
    strengthFactors: z.array(z.string()),
    concerningGaps: z.array(z.string()),
  }),
  timelineEvents: z.array(timelineEventSchema),
  conditionProgression: z.array(
    z.object({ condition: z.string(), firstMention: z.string(), progression: z.string(), currentStatus: z.string() }),
  ),
  treatmentGaps: z.array(
    z.object({ condition: z.string(), duration: z.string(), startDate: z.string(), endDate: z.string(), impact: z.string() }),
  ),
});

export const missingEvidenceAnalysisSchema = z.object({
  overallCompleteness: z.object({
    /** Spec: complete, mostly-complete, incomplete, other. `insufficient` is the remaining value. */
    rating: z.enum(['complete', 'mostly-complete', 'incomplete', 'insufficient']),
    percentComplete: z.number().min(0).max(100),
    criticalMissing: z.array(z.string()),
    summary: z.string(),
  }),
  documentationGaps: z.array(
    z.object({
      category: z.string(),
      /** Spec: critical, important, other. `helpful` is the remaining value. */
      importance: z.enum(['critical', 'important', 'helpful']),
      missingItem: z.string(),
      impact: z.string(),
      howToObtain: z.string(),
    }),
  ),
  requiredDBQElements: z.array(z.object({ element: z.string(), present: z.boolean(), details: z.string() })),
  additionalEvidenceNeeded: z.array(
    z.object({
      evidenceType: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
      purpose: z.string(),
      specificRequests: z.array(z.string()),
    }),
  ),
});

export const secondaryConditionsAnalysisSchema = z.object({
  overallAnalysis: z.object({
    totalPotentialClaims: z.number().int().min(0),
    summary: z.string(),
    estimatedAdditionalCompensation: z.string(),
    highPriorityClaims: z.array(z.string()),
  }),
  identifiedPrimaryConditions: z.array(
    z.object({
      condition: z.string(),
      serviceConnected: z.boolean(),
      /** Percentage when the text states one, otherwise null. */
      currentRating: z.number().int().min(0).max(100).nullable(),
      source,
    }),
  ),
  potentialSecondaryConditions: z.array(
    z.object({
      secondaryCondition: z.string(),
      causedByPrimary: z.string(),
      likelihood: z.enum(['high', 'moderate', 'low']),
      medicalConnection: z.string(),
      commonPatterns: z.array(z.string()),
      evidenceNeeded: z.array(z.string()),
      /** True when the document already mentions the secondary condition. */
      documented: z.boolean(),
      source,
    }),
  ),
  medicalConnections: z.array(
    z.object({
      fromCondition: z.string(),
      toCondition: z.string(),
      relationshipType: z.enum(['causation', 'aggravation', 'stated-in-document']),
      explanation: z.string(),
      source: z.string().optional(),
    }),
  ),
  claimRecommendations: z.array(
    z.object({
      recommendedClaim: z.string(),
      estimatedRating: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
      rationale: z.string(),
      requiredEvidence: z.array(z.string()),
    }),
  ),
});

/**
 * Sentences the legal rules read again (docs/legal-rules.md): where and when the veteran served, a
 * PTSD stressor, an audiogram's lines, a TBI's severity, when a condition began.
 */
export const LEGAL_TOPICS = ['service', 'stressor', 'hearing-test', 'tbi', 'onset'] as const;
export type LegalTopic = (typeof LEGAL_TOPICS)[number];
export const legalSentenceSchema = z.object({ topic: z.enum(LEGAL_TOPICS), source });
export type LegalSentence = z.infer<typeof legalSentenceSchema>;

export const analysisResultSchema = z
  .object({
    analysisType: analysisTypeSchema,
    engine: z.object({ name: z.string().min(1), model: z.string().min(1) }),
    documentType: z.string(),
    relevantConditions: z.array(z.string()),
    conditionFindings: z.array(conditionFindingSchema),
    keyFindings: z.array(z.string()),
    missingInformation: z.array(z.string()),
    suggestedActions: z.array(z.string()),
    serviceConnectionEvidence: z.array(serviceConnectionEvidenceSchema).optional(),
    nexusEvaluation: nexusEvaluationSchema.optional(),
    medicalTimeline: medicalTimelineSchema.optional(),
    missingEvidenceAnalysis: missingEvidenceAnalysisSchema.optional(),
    secondaryConditionsAnalysis: secondaryConditionsAnalysisSchema.optional(),
    legalSentences: z.array(legalSentenceSchema).optional(),
  })
  .superRefine((r, ctx) => {
    for (const section of ANALYSIS_SECTIONS[r.analysisType]) {
      if (r[section] === undefined) {
        ctx.addIssue({ code: 'custom', path: [section], message: `${section} is required for ${r.analysisType} analysis` });
      }
    }
    if (r.conditionFindings.length !== r.relevantConditions.length) {
      ctx.addIssue({ code: 'custom', path: ['conditionFindings'], message: 'conditionFindings must parallel relevantConditions' });
    }
  });
export type AnalysisResult = z.infer<typeof analysisResultSchema>;
export type NexusEvaluation = z.infer<typeof nexusEvaluationSchema>;
export type MedicalTimeline = z.infer<typeof medicalTimelineSchema>;
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export type MissingEvidenceAnalysis = z.infer<typeof missingEvidenceAnalysisSchema>;
export type SecondaryConditionsAnalysis = z.infer<typeof secondaryConditionsAnalysisSchema>;
export type ServiceConnectionEvidence = z.infer<typeof serviceConnectionEvidenceSchema>;

/** Spec doc 1 §7: the client sends `documentText` too; it is ignored, the stored file's own text is analysed. */
export const analyzeDocumentBody = z.object({
  analysisType: z.enum(ANALYSIS_TYPES, {
    message: `analysisType must be one of: ${ANALYSIS_TYPES.join(', ')}`,
  }),
});
export type AnalyzeDocumentBody = z.infer<typeof analyzeDocumentBody>;

/** A processing analysis older than this may be asked for again (its worker is assumed lost). */
export const STALE_ANALYSIS_MS = 15 * 60 * 1000;

/** The calendar month (UTC) an analysis counts against, `YYYY-MM`. */
export const analysisMonth = (at: Date) => at.toISOString().slice(0, 7);

/** Spec doc 1 §3 "AI profile". */
export interface AiProfile {
  potentialConditions: { condition: string; confidence: number }[];
  secondaryConditions: { secondaryCondition: string; primaryCondition: string }[];
  existingConditions: { condition: string; currentRating: number | null; potentialIncrease: boolean }[];
}

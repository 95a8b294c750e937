/// <reference types="jest" />
import { analysisTypeLabel, ANALYSIS_TYPES, summariseAnalysis } from './analysis';

describe('analysis types', () => {
  it('lists the nine types of the spec with their labels', () => {
    expect(ANALYSIS_TYPES.map((t) => `${t.value}=${t.label}`)).toEqual([
      'general=General Analysis',
      'medical=Medical Records Analysis',
      'disability=Disability Rating Assessment',
      'evidence=Evidence Extraction',
      'service-connection=Service Connection Analyzer',
      'nexus-letter=Nexus Letter Evaluator',
      'timeline=Medical Timeline Builder',
      'missing-evidence=Missing Evidence Detector',
      'secondary-conditions=Secondary Conditions Finder',
    ]);
    expect(analysisTypeLabel('nexus-letter')).toBe('Nexus Letter Evaluator');
    expect(analysisTypeLabel('other')).toBe('other');
  });
});

describe('analysis summary', () => {
  it('is empty for anything but an object', () => {
    expect(summariseAnalysis(null)).toEqual({ documentType: null, analysisType: null, sections: [] });
    expect(summariseAnalysis('text')).toEqual({ documentType: null, analysisType: null, sections: [] });
  });

  it('lists the general fields, reading objects by their main field', () => {
    const summary = summariseAnalysis({
      analysisType: 'medical',
      documentType: 'Medical record',
      relevantConditions: [{ condition: 'Tinnitus', confidence: 0.9 }, 'PTSD'],
      keyFindings: ['Noise exposure documented', ''],
      missingInformation: [],
      suggestedActions: 'Request a nexus letter',
    });
    expect(summary.documentType).toBe('Medical record');
    expect(summary.analysisType).toBe('Medical Records Analysis');
    expect(summary.sections).toEqual([
      { title: 'Relevant Conditions', items: ['Tinnitus', 'PTSD'] },
      { title: 'Key Findings', items: ['Noise exposure documented'] },
      { title: 'Suggested Actions', items: ['Request a nexus letter'] },
    ]);
  });

  it('puts the headline figures of specialised analyses in an overview', () => {
    const summary = summariseAnalysis({
      serviceConnectionEvidence: [{ condition: 'Knee', evidenceStrength: 'strong' }],
      nexusEvaluation: { overallStrength: 'moderate' },
      medicalTimeline: { continuityOfCare: { overallAssessment: 'good' } },
      missingEvidenceAnalysis: { overallCompleteness: { rating: 'mostly-complete', percentComplete: 80 } },
      secondaryConditionsAnalysis: { overallAnalysis: { totalPotentialClaims: 3 } },
    });
    expect(summary.sections).toEqual([
      {
        title: 'Overview',
        items: [
          'Service connection evidence for Knee: strong',
          'Nexus letter strength: moderate',
          'Continuity of care: good',
          'Evidence completeness: mostly-complete (80%)',
          'Potential secondary claims: 3',
        ],
      },
    ]);
  });
});

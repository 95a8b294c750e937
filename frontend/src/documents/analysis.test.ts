/// <reference types="jest" />
import type { AnalysisResult } from '@cc/contracts';
import {
  analysisHeader,
  analysisSections,
  completenessText,
  humanize,
  sortTimelineEvents,
  sourceQuote,
  type Block,
  type ResultSection,
} from './analysisSections';
import { analysisCaveat, analysisTypeLabel, ANALYSIS_TYPES, isAnalysisType } from './analysisTypes';

const base: AnalysisResult = {
  analysisType: 'general',
  engine: { name: 'Offline rules engine', model: 'rules-2025.1' },
  documentType: 'Medical record',
  relevantConditions: ['PTSD', 'Tinnitus'],
  conditionFindings: [
    { name: 'PTSD', diagnosticCode: '9411', icd10: 'F43.10', source: 'Diagnosed with PTSD in 2019.' },
    { name: 'Tinnitus', source: 'Reports ringing in both ears.' },
  ],
  keyFindings: ['Noise exposure documented', '  ', 'Noise exposure documented'],
  missingInformation: [],
  suggestedActions: ['Request a nexus letter'],
};

const section = (sections: ResultSection[], key: string) => sections.find((s) => s.key === key);
const block = (s: ResultSection | undefined, label: string): Block | undefined => s?.blocks.find((b) => b.label === label);

describe('analysis types', () => {
  it('lists the nine types of the spec with their labels and a description each', () => {
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
    for (const type of ANALYSIS_TYPES) expect(type.description.length).toBeGreaterThan(20);
    expect(analysisTypeLabel('nexus-letter')).toBe('Nexus Letter Evaluator');
    expect(analysisTypeLabel('other')).toBe('other');
    expect(analysisTypeLabel(null)).toBe('');
    expect(isAnalysisType('timeline')).toBe(true);
    expect(isAnalysisType('Timeline')).toBe(false);
  });

  it('warns about files the analysis probably cannot read', () => {
    const doc = { fileName: 'letter.pdf', fileType: 'application/pdf', detectedType: 'application/pdf', fileSize: 1000 };
    expect(analysisCaveat(doc)).toBeNull();
    expect(analysisCaveat({ ...doc, fileName: 'notes.txt', fileType: 'text/plain', detectedType: 'text/plain; charset=utf-8' })).toBeNull();
    expect(analysisCaveat({ ...doc, fileName: 'scan.png', fileType: 'image/png', detectedType: 'image/png' })).toMatch(
      /not a PDF or text file/,
    );
    expect(analysisCaveat({ ...doc, fileSize: 11 * 1024 * 1024 })).toMatch(/larger than 10MB/);
  });
});

describe('analysis header', () => {
  it('names the type, the date and the engine', () => {
    expect(analysisHeader({ ...base, analysisType: 'nexus-letter' }, { analyzedAt: '2025-03-05T12:00:00Z' })).toEqual({
      typeLabel: 'Nexus Letter Evaluator',
      analyzedOn: expect.stringMatching(/^Mar 0[56], 2025$/),
      producedBy: 'Produced by Offline rules engine (rules-2025.1)',
    });
  });

  it('leaves out what is unknown', () => {
    expect(analysisHeader(null, { analysisType: 'timeline', analyzedAt: null })).toEqual({
      typeLabel: 'Medical Timeline Builder',
      analyzedOn: '',
      producedBy: '',
    });
  });
});

describe('analysis sections', () => {
  it('is empty without a result', () => {
    expect(analysisSections(null)).toEqual([]);
    expect(analysisSections(undefined)).toEqual([]);
  });

  it('shows the base fields, leaving out empty lists, blanks and repeats', () => {
    const sections = analysisSections(base);
    expect(sections.map((s) => s.key)).toEqual(['summary', 'key-findings', 'suggested-actions']);
    expect(sections.map((s) => s.title)).toEqual(['Summary', 'Key Findings', 'Suggested Actions']);
    expect(section(sections, 'key-findings')?.blocks).toEqual([{ kind: 'list', label: '', items: ['Noise exposure documented'] }]);
  });

  it('lists the conditions with their codes and the sentence each came from', () => {
    const summary = section(analysisSections(base), 'summary');
    expect(summary?.blocks).toEqual([
      { kind: 'text', label: 'Document type', text: 'Medical record' },
      {
        kind: 'conditions',
        label: 'Relevant conditions',
        conditions: [
          { name: 'PTSD', codes: ['DC 9411', 'ICD-10 F43.10'], source: 'Diagnosed with PTSD in 2019.' },
          { name: 'Tinnitus', codes: [], source: 'Reports ringing in both ears.' },
        ],
      },
    ]);
  });

  it('shows service connection evidence with strength, connection type and source', () => {
    const sections = analysisSections({
      ...base,
      serviceConnectionEvidence: [
        {
          condition: 'Tinnitus',
          evidenceStrength: 'strong',
          connectionType: 'direct',
          inServiceEvent: 'Artillery noise',
          reasoning: 'Exposure and symptoms documented.',
          source: 'Served as a cannoneer.',
        },
        { condition: 'Knee', evidenceStrength: 'weak', connectionType: 'unknown', inServiceEvent: '', reasoning: '' },
      ],
    });
    const rows = block(section(sections, 'service-connection'), '');
    expect(section(sections, 'service-connection')?.title).toBe('Service Connection Evidence');
    expect(rows).toEqual({
      kind: 'rows',
      label: '',
      rows: [
        {
          title: 'Tinnitus',
          status: { text: 'Strong evidence', tone: 'positive' },
          details: [
            { label: 'Connection type', text: 'Direct' },
            { label: 'In-service event', text: 'Artillery noise' },
            { label: 'Reasoning', text: 'Exposure and symptoms documented.' },
          ],
          lists: [],
          source: 'Served as a cannoneer.',
        },
        {
          title: 'Knee',
          status: { text: 'Weak evidence', tone: 'negative' },
          details: [
            { label: 'Connection type', text: 'Not determined' },
            { label: 'In-service event', text: 'None found in this document' },
          ],
          lists: [],
        },
      ],
    });
  });

  it('evaluates a nexus letter: strength, required language, phrases, doctor, opinion and factors', () => {
    const sections = analysisSections({
      ...base,
      analysisType: 'nexus-letter',
      nexusEvaluation: {
        overallStrength: 'moderate',
        hasRequiredLanguage: true,
        requiredLanguageFound: ['at least as likely as not'],
        missingRequiredLanguage: [],
        doctorQualifications: {
          name: 'Dr. Jane Roe',
          credentials: ['MD'],
          specialty: 'Audiology',
          summary: 'Audiologist who examined the veteran',
          source: 'Jane Roe, MD, audiologist.',
        },
        nexusOpinion: 'It is at least as likely as not that tinnitus is due to service.',
        classification: 'favourable',
        phrases: [{ phrase: 'at least as likely as not', classification: 'favourable', source: 'It is at least as likely as not…' }],
        medicalRationale: '',
        hasMedicalRationale: false,
        strengthFactors: ['Uses the legal standard'],
        weaknessFactors: ['No rationale'],
        improvementSuggestions: ['Add a medical rationale citing literature'],
      },
    });
    const nexus = section(sections, 'nexus-evaluation');
    expect(nexus?.title).toBe('Nexus Letter Evaluation');
    expect(nexus?.blocks.map((b) => `${b.kind}:${b.label}`)).toEqual([
      'status:Overall strength',
      'status:Required legal language',
      'list:Required language found',
      'rows:Opinion',
      'rows:Opinion phrases',
      'status:Medical rationale',
      'rows:Doctor qualifications',
      'list:What makes it stronger',
      'list:What weakens it',
      'list:How to improve it',
    ]);
    expect(block(nexus, 'Overall strength')).toEqual({
      kind: 'status',
      label: 'Overall strength',
      status: { text: 'Moderate', tone: 'caution' },
    });
    expect(block(nexus, 'Required legal language')).toMatchObject({ status: { text: 'Found', tone: 'positive' } });
    expect(block(nexus, 'Opinion')).toMatchObject({
      rows: [{ title: 'It is at least as likely as not that tinnitus is due to service.', status: { text: 'Favorable' } }],
    });
    expect(block(nexus, 'Opinion phrases')).toMatchObject({
      rows: [{ title: 'at least as likely as not', status: { text: 'Favorable' }, source: 'It is at least as likely as not…' }],
    });
    expect(block(nexus, 'Medical rationale')).toMatchObject({ status: { text: 'No rationale found', tone: 'negative' } });
    expect(block(nexus, 'Doctor qualifications')).toMatchObject({
      rows: [
        {
          title: 'Audiologist who examined the veteran',
          details: [
            { label: 'Name', text: 'Dr. Jane Roe' },
            { label: 'Credentials', text: 'MD' },
            { label: 'Specialty', text: 'Audiology' },
          ],
          source: 'Jane Roe, MD, audiologist.',
        },
      ],
    });
  });

  it('says when a nexus letter has no opinion and no legal language', () => {
    const nexus = section(
      analysisSections({
        ...base,
        nexusEvaluation: {
          overallStrength: 'none',
          hasRequiredLanguage: false,
          requiredLanguageFound: [],
          missingRequiredLanguage: ['at least as likely as not'],
          doctorQualifications: { credentials: [], summary: '' },
          nexusOpinion: '',
          classification: 'none',
          phrases: [],
          medicalRationale: 'Cites noise exposure records.',
          hasMedicalRationale: true,
          strengthFactors: [],
          weaknessFactors: [],
          improvementSuggestions: [],
        },
      }),
      'nexus-evaluation',
    );
    expect(nexus?.blocks).toEqual([
      { kind: 'status', label: 'Overall strength', status: { text: 'No nexus opinion found', tone: 'neutral' } },
      { kind: 'status', label: 'Required legal language', status: { text: 'Not found', tone: 'negative' } },
      { kind: 'list', label: 'Missing required language', items: ['at least as likely as not'] },
      { kind: 'status', label: 'Opinion', status: { text: 'No opinion statement found', tone: 'negative' } },
      { kind: 'text', label: 'Medical rationale', text: 'Cites noise exposure records.' },
    ]);
  });

  it('builds the medical timeline in date order with provider, significance and gaps', () => {
    const sections = analysisSections({
      ...base,
      analysisType: 'timeline',
      medicalTimeline: {
        continuityOfCare: { overallAssessment: 'fair', strengthFactors: ['Regular VA visits'], concerningGaps: ['No care 2015-2018'] },
        timelineEvents: [
          {
            date: '2019-06-01',
            eventType: 'diagnosis',
            description: 'PTSD diagnosed',
            provider: 'VA Mental Health',
            significance: 'Current diagnosis',
            conditions: ['PTSD'],
            source: 'Diagnosed with PTSD.',
          },
          {
            date: '2010-02-03',
            eventType: 'in-service',
            description: 'IED blast',
            significance: 'In-service event',
            conditions: [],
            source: 'Exposed to an IED blast.',
          },
        ],
        conditionProgression: [{ condition: 'PTSD', firstMention: '2019-06-01', progression: 'Worsening', currentStatus: 'In treatment' }],
        treatmentGaps: [
          { condition: 'PTSD', duration: '3 years', startDate: '2015-01-01', endDate: '2018-01-01', impact: 'Weakens continuity' },
        ],
      },
    });
    const timeline = section(sections, 'medical-timeline');
    expect(timeline?.title).toBe('Medical Timeline');
    expect(block(timeline, 'Continuity of care')).toMatchObject({ status: { text: 'Fair', tone: 'caution' } });
    const events = block(timeline, 'Events');
    expect(events?.kind === 'rows' && events.rows.map((r) => r.title)).toEqual(['Feb 03, 2010 · In service', 'Jun 01, 2019 · Diagnosis']);
    expect(events?.kind === 'rows' && events.rows[1]).toEqual({
      title: 'Jun 01, 2019 · Diagnosis',
      details: [
        { label: 'What happened', text: 'PTSD diagnosed' },
        { label: 'Provider', text: 'VA Mental Health' },
        { label: 'Why it matters', text: 'Current diagnosis' },
        { label: 'Conditions', text: 'PTSD' },
      ],
      lists: [],
      source: 'Diagnosed with PTSD.',
    });
    expect(block(timeline, 'Condition progression')).toMatchObject({
      rows: [
        {
          title: 'PTSD',
          details: [
            { label: 'First mentioned', text: 'Jun 01, 2019' },
            { label: 'Progression', text: 'Worsening' },
            { label: 'Current status', text: 'In treatment' },
          ],
        },
      ],
    });
    expect(block(timeline, 'Treatment gaps')).toMatchObject({
      rows: [
        {
          title: 'PTSD',
          details: [
            { label: 'Gap', text: '3 years, Jan 01, 2015 to Jan 01, 2018' },
            { label: 'Impact', text: 'Weakens continuity' },
          ],
        },
      ],
    });
  });

  it('sorts timeline events by date, keeping the order of equal dates', () => {
    const events = [
      { date: '2020-01-01', id: 'a' },
      { date: '2001-05-05', id: 'b' },
      { date: '2020-01-01', id: 'c' },
    ];
    expect(sortTimelineEvents(events).map((e) => e.id)).toEqual(['b', 'a', 'c']);
  });

  it('shows missing evidence: completeness, gaps with how to obtain, DBQ elements present or missing', () => {
    const sections = analysisSections({
      ...base,
      analysisType: 'missing-evidence',
      missingEvidenceAnalysis: {
        overallCompleteness: {
          rating: 'mostly-complete',
          percentComplete: 80,
          criticalMissing: ['Nexus opinion'],
          summary: 'Most evidence is there.',
        },
        documentationGaps: [
          {
            category: 'Medical opinion',
            importance: 'critical',
            missingItem: 'Nexus letter',
            impact: 'Claim may be denied',
            howToObtain: 'Ask your doctor',
          },
        ],
        requiredDBQElements: [
          { element: 'Diagnosis', present: true, details: 'F43.10' },
          { element: 'Functional impact', present: false, details: '' },
        ],
        additionalEvidenceNeeded: [
          {
            evidenceType: 'Buddy statement',
            priority: 'medium',
            purpose: 'Corroborate the event',
            specificRequests: ['Ask a unit member'],
          },
        ],
      },
    });
    const missing = section(sections, 'missing-evidence');
    expect(missing?.title).toBe('Missing Evidence');
    expect(block(missing, 'Completeness')).toEqual({
      kind: 'status',
      label: 'Completeness',
      status: { text: 'Mostly complete (80%)', tone: 'caution' },
    });
    expect(block(missing, 'Critical missing evidence')).toMatchObject({ items: ['Nexus opinion'] });
    expect(block(missing, 'Documentation gaps')).toMatchObject({
      rows: [
        {
          title: 'Nexus letter',
          status: { text: 'Critical' },
          details: [
            { label: 'Category', text: 'Medical opinion' },
            { label: 'Impact', text: 'Claim may be denied' },
            { label: 'How to obtain', text: 'Ask your doctor' },
          ],
        },
      ],
    });
    expect(block(missing, 'DBQ elements')).toMatchObject({
      rows: [
        { title: 'Diagnosis', status: { text: 'Present', tone: 'positive' }, details: [{ label: 'Details', text: 'F43.10' }] },
        { title: 'Functional impact', status: { text: 'Missing', tone: 'negative' }, details: [] },
      ],
    });
    expect(block(missing, 'Additional evidence needed')).toMatchObject({
      rows: [
        { title: 'Buddy statement', status: { text: 'Medium priority' }, lists: [{ label: 'Ask for', items: ['Ask a unit member'] }] },
      ],
    });
  });

  it('words completeness as rating and percent', () => {
    expect(completenessText({ rating: 'incomplete', percentComplete: 42.4 })).toBe('Incomplete (42%)');
    expect(completenessText({ rating: 'complete', percentComplete: 100 })).toBe('Complete (100%)');
  });

  it('shows secondary conditions with likelihood, what they are secondary to and the evidence needed', () => {
    const sections = analysisSections({
      ...base,
      analysisType: 'secondary-conditions',
      secondaryConditionsAnalysis: {
        overallAnalysis: {
          totalPotentialClaims: 2,
          summary: 'Two likely secondaries.',
          estimatedAdditionalCompensation: '',
          highPriorityClaims: ['Sleep apnea'],
        },
        identifiedPrimaryConditions: [{ condition: 'PTSD', serviceConnected: true, currentRating: 50, source: 'PTSD rated 50%.' }],
        potentialSecondaryConditions: [
          {
            secondaryCondition: 'Sleep apnea',
            causedByPrimary: 'PTSD',
            likelihood: 'high',
            medicalConnection: 'Hyperarousal disrupts sleep',
            commonPatterns: [],
            evidenceNeeded: ['Sleep study'],
            documented: true,
            source: 'Snoring and apneas reported.',
          },
        ],
        medicalConnections: [
          { fromCondition: 'PTSD', toCondition: 'Sleep apnea', relationshipType: 'aggravation', explanation: 'Worsens it' },
        ],
        claimRecommendations: [
          {
            recommendedClaim: 'Sleep apnea secondary to PTSD',
            estimatedRating: '50%',
            priority: 'high',
            rationale: 'Strong literature',
            requiredEvidence: ['Sleep study', 'Nexus letter'],
          },
        ],
      },
    });
    const secondary = section(sections, 'secondary-conditions');
    expect(secondary?.blocks.map((b) => b.label)).toEqual([
      'Potential secondary claims',
      'Overall',
      'High-priority claims',
      'Primary conditions',
      'Potential secondary conditions',
      'Medical connections',
      'Claim recommendations',
    ]);
    expect(block(secondary, 'Primary conditions')).toMatchObject({
      rows: [
        {
          title: 'PTSD',
          status: { text: 'Service-connected' },
          details: [{ label: 'Current rating', text: '50%' }],
          source: 'PTSD rated 50%.',
        },
      ],
    });
    expect(block(secondary, 'Potential secondary conditions')).toMatchObject({
      rows: [
        {
          title: 'Sleep apnea',
          status: { text: 'High likelihood', tone: 'positive' },
          details: [
            { label: 'Secondary to', text: 'PTSD' },
            { label: 'Medical connection', text: 'Hyperarousal disrupts sleep' },
            { label: 'In this document', text: 'Already mentioned' },
          ],
          lists: [{ label: 'Evidence needed', items: ['Sleep study'] }],
          source: 'Snoring and apneas reported.',
        },
      ],
    });
    expect(block(secondary, 'Medical connections')).toMatchObject({
      rows: [
        {
          title: 'PTSD → Sleep apnea',
          details: [
            { label: 'Relationship', text: 'Makes worse (aggravation)' },
            { label: 'Explanation', text: 'Worsens it' },
          ],
        },
      ],
    });
    expect(block(secondary, 'Claim recommendations')).toMatchObject({
      rows: [
        {
          title: 'Sleep apnea secondary to PTSD',
          status: { text: 'High priority' },
          lists: [{ label: 'Evidence required', items: ['Sleep study', 'Nexus letter'] }],
        },
      ],
    });
  });

  it('keeps the fixed section order and skips an empty evidence list', () => {
    const sections = analysisSections({
      ...base,
      missingInformation: ['Date of onset'],
      serviceConnectionEvidence: [],
      secondaryConditionsAnalysis: {
        overallAnalysis: { totalPotentialClaims: 0, summary: '', estimatedAdditionalCompensation: '', highPriorityClaims: [] },
        identifiedPrimaryConditions: [],
        potentialSecondaryConditions: [],
        medicalConnections: [],
        claimRecommendations: [],
      },
    });
    expect(sections.map((s) => s.key)).toEqual([
      'summary',
      'key-findings',
      'missing-information',
      'suggested-actions',
      'secondary-conditions',
    ]);
  });
});

describe('wording helpers', () => {
  it('humanizes enum values and quotes sources', () => {
    expect(humanize('mostly-complete')).toBe('Mostly complete');
    expect(humanize('in_service')).toBe('In service');
    expect(humanize('')).toBe('');
    expect(sourceQuote(' Diagnosed with PTSD. ')).toBe('From the document: “Diagnosed with PTSD.”');
  });
});

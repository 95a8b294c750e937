import { type MedicalTimeline, type MissingEvidenceAnalysis } from '@cc/contracts';
import { hasInServiceElement, hasNexusElement, type ServiceConnectionElements } from './elements';
import { conditionList, missingDiagnosisReason } from './source';
import { type Sentence } from './text';

/**
 * Missing evidence: the three elements of direct service connection (DOMAIN §3.1), the DBQ for each
 * condition (DOMAIN §5) with the rating criteria it must document (DOMAIN §7), and the VA forms
 * that obtain what is missing (DOMAIN §4).
 */

const PRIVATE_PROVIDER =
  /\b(?:Dr\.\s+[A-Z][a-zA-Z'-]+|(?:[A-Z][A-Za-z'-]+\s+){1,3}(?:Clinic|Hospital|Family Practice|Sleep Center|Medical Group|Orthopedics))\b/;
const VA_PROVIDER = /\b(VA Medical Center|VAMC|CBOC|VA clinic|VA )\b/;

type Gap = MissingEvidenceAnalysis['documentationGaps'][number];
const PRIORITY: Record<Gap['importance'], 'high' | 'medium' | 'low'> = { critical: 'high', important: 'medium', helpful: 'low' };

export function analyzeMissingEvidence(
  sentences: Sentence[],
  elements: ServiceConnectionElements,
  timeline: MedicalTimeline,
): MissingEvidenceAnalysis {
  const text = sentences.map((s) => s.text).join('\n');
  const { conditions, nexus } = elements;
  const gaps: Gap[] = [];
  const hasDiagnosis = elements.diagnosed.length > 0;
  const hasInService = hasInServiceElement(elements);
  const hasNexus = hasNexusElement(elements);

  // Each of the three elements of service connection (DOMAIN §3.1) that this document lacks is critical.
  if (!hasDiagnosis) {
    const undiagnosed = conditionList(conditions);
    const dbqs = [...new Set(conditions.map((c) => c.dbq).filter(Boolean))];
    gaps.push({
      category: 'Current diagnosis',
      importance: 'critical',
      missingItem: undiagnosed ? `A current diagnosis of ${undiagnosed} by a medical professional` : 'A current diagnosis',
      impact: `Service connection needs a current disability (element 1). ${missingDiagnosisReason(elements)}`,
      howToObtain: `See your VA or private provider and ask them to record the diagnosis in your treatment records (ICD-10 or DSM-5 terms); ${
        dbqs.length ? `a DBQ (${dbqs.join('; ')})` : 'a DBQ (21-0960 series)'
      } records it in VA's format, and a VA C&P examination can diagnose it once you file.`,
    });
  }
  if (!hasInService) {
    gaps.push({
      category: 'In-service event',
      importance: 'critical',
      missingItem: 'Evidence of an in-service event, injury, disease or exposure',
      impact: 'Direct service connection needs an in-service event (element 2).',
      howToObtain:
        'Service treatment and personnel records (request your C-file with VA Form 20-10206); buddy or witness statements on VA Form 21-10210; your own statement on VA Form 21-4138.',
    });
  }
  if (!hasNexus) {
    gaps.push({
      category: 'Medical nexus',
      importance: 'critical',
      missingItem:
        elements.source === 'lay'
          ? 'A medical nexus opinion (a lay statement cannot link the condition to service)'
          : nexus === 'speculative'
            ? 'A nexus opinion in non-speculative language (the current one says "may"/"could"/"possibly")'
            : nexus === 'unfavourable'
              ? 'A favorable nexus opinion (the current one is less than 50% probability)'
              : 'A medical nexus opinion',
      impact: 'Service connection needs a medical link between the condition and service or a service-connected condition (element 3).',
      howToObtain:
        'Ask a treating physician or specialist for a letter concluding "at least as likely as not (50 percent or greater probability)", with records reviewed, rationale and credentials.',
    });
  }
  if (conditions.some((c) => c.name === 'PTSD') && !/\bstressors?\b/i.test(text)) {
    gaps.push({
      category: 'Stressor',
      importance: 'important',
      missingItem: 'Details of the in-service stressor',
      impact: 'PTSD claims need a described in-service stressor.',
      howToObtain: 'VA Form 21-0781, Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s).',
    });
  }
  for (const g of timeline.treatmentGaps) {
    gaps.push({
      category: 'Continuity of treatment',
      importance: 'important',
      missingItem: `Records for ${g.condition} between ${g.startDate} and ${g.endDate} (${g.duration})`,
      impact: g.impact,
      howToObtain: 'Private records: VA Form 21-4142 with 21-4142a; VA records: ask VA to obtain them; explain the gap on VA Form 21-4138.',
    });
  }
  const privateMatch = PRIVATE_PROVIDER.exec(text);
  if (privateMatch && !VA_PROVIDER.test(privateMatch[0])) {
    gaps.push({
      category: 'Private treatment records',
      importance: 'helpful',
      missingItem: `Complete treatment records from ${privateMatch[0]}`,
      impact: 'Private records can document onset, continuity and severity.',
      howToObtain:
        'VA Form 21-4142 (Authorization to Disclose Information to VA) and 21-4142a (General Release for Medical Provider Information) let VA request them.',
    });
  }

  const requiredDBQElements: MissingEvidenceAnalysis['requiredDBQElements'] = [];
  const dbqMentioned = /\b(DBQ|Disability Benefits Questionnaire)\b/i.test(text);
  for (const c of conditions) {
    if (!c.dbq) continue;
    requiredDBQElements.push({
      element: `${c.name}: DBQ ${c.dbq}`,
      present: dbqMentioned,
      details: dbqMentioned ? 'A DBQ is part of this document' : 'No DBQ in this document',
    });
    for (const e of c.dbqElements ?? []) {
      const present = e.pattern.test(text);
      requiredDBQElements.push({
        element: `${c.name}: ${e.element}`,
        present,
        details: present ? 'Documented' : `Not documented; needed to rate ${c.name}${c.ratingLevels ? ` (${c.ratingLevels})` : ''}`,
      });
      if (!present) {
        gaps.push({
          category: 'Rating criteria',
          importance: 'important',
          missingItem: `${c.name}: ${e.element}`,
          impact: `VA rates ${c.name} on these findings${c.ratingLevels ? ` (${c.ratingLevels})` : ''}.`,
          howToObtain: `Ask your provider to complete DBQ ${c.dbq}.`,
        });
      }
    }
  }
  if (requiredDBQElements.length) {
    const signed = /\b(signature|signed)\b/i.test(text);
    requiredDBQElements.push({
      element: 'Provider signature section completed',
      present: signed,
      details: signed ? 'Signature found' : 'Providers must complete the final signature section',
    });
  }

  const core = [hasDiagnosis, hasInService, hasNexus];
  const dbqPresent = requiredDBQElements.filter((e) => e.present).length;
  const coreScore = (core.filter(Boolean).length / core.length) * 70;
  const dbqScore = requiredDBQElements.length ? (dbqPresent / requiredDBQElements.length) * 30 : 30 * (core.every(Boolean) ? 1 : 0.5);
  const percentComplete = Math.round(coreScore + dbqScore);
  const rating: MissingEvidenceAnalysis['overallCompleteness']['rating'] =
    percentComplete >= 90 ? 'complete' : percentComplete >= 70 ? 'mostly-complete' : percentComplete >= 40 ? 'incomplete' : 'insufficient';
  const criticalMissing = gaps.filter((g) => g.importance === 'critical').map((g) => g.missingItem);
  return {
    overallCompleteness: {
      rating,
      percentComplete,
      criticalMissing,
      summary: criticalMissing.length
        ? `${criticalMissing.length} critical item(s) missing: ${criticalMissing.join('; ')}.`
        : `The three service-connection elements are addressed; ${gaps.length} other gap(s) found.`,
    },
    documentationGaps: gaps,
    requiredDBQElements,
    additionalEvidenceNeeded: gaps.map((g) => ({
      evidenceType: g.category,
      priority: PRIORITY[g.importance],
      purpose: g.impact,
      specificRequests: [g.missingItem, g.howToObtain],
    })),
  };
}

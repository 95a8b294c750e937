import { type NexusClassification } from '@cc/contracts';
import { type ConditionDef, type ConditionMention } from './conditions';
import { type PresumptionFinding } from '@cc/contracts/reading';
import { inServiceSentences, presumptionsIn } from './inService';
import { documentSource, type DocumentSource } from './source';
import { type Sentence } from './text';

/**
 * The three elements of direct service connection (DOMAIN §3.1: a current disability, an
 * in-service event, a nexus), decided once per document so that the missing-evidence and the
 * service-connection analyses judge them alike.
 */

export interface ServiceConnectionElements {
  source: DocumentSource;
  /** Conditions named in the document, whether or not it diagnoses them. */
  conditions: ConditionDef[];
  /**
   * Element 1: conditions the document shows as current diagnoses. A lay person can describe
   * symptoms but not diagnose, and service records show a diagnosis during service, not now.
   */
  diagnosed: ConditionDef[];
  /** Element 2: sentences describing an in-service event, injury, disease or exposure. */
  inService: Sentence[];
  /**
   * Presumptive service (DOMAIN §9, §10.4) for a condition named here: a presumed one stands in for
   * elements 2 and 3; an assumed one (no dates, dates that may miss the window, a qualifier not
   * shown) shows the service but not yet the link.
   */
  presumptive: PresumptionFinding[];
  /** A claim secondary to a service-connected condition: that condition stands in for element 2. */
  secondaryClaim: boolean;
  /** Element 3 as this document gives it: a lay opinion is not a medical nexus. */
  nexus: NexusClassification;
}

/** "secondary to", or a condition already service-connected (not "not service-connected"). */
const SECONDARY = /\bsecondary to\b|(?<!\bnot |\bnon-?)\bservice[- ]connected\b/i;

export function assessElements(
  sentences: Sentence[],
  mentions: ConditionMention[],
  nexus: NexusClassification,
  documentType: string,
): ServiceConnectionElements {
  const source = documentSource(documentType);
  const conditions = [...new Map(mentions.map((m) => [m.def.name, m.def])).values()];
  return {
    source,
    conditions,
    diagnosed: source === 'medical' ? conditions : [],
    inService: inServiceSentences(sentences),
    presumptive: conditions.flatMap((c) =>
      presumptionsIn(
        sentences,
        c,
        mentions.filter((m) => m.def === c).map((m) => m.sentence),
      ),
    ),
    secondaryClaim: sentences.some((s) => SECONDARY.test(s.text)),
    nexus: source === 'lay' ? 'none' : nexus,
  };
}

export const hasInServiceElement = (e: ServiceConnectionElements) => e.inService.length > 0 || e.presumptive.length > 0 || e.secondaryClaim;
export const hasNexusElement = (e: ServiceConnectionElements) =>
  e.nexus === 'favourable' || e.presumptive.some((p) => p.status === 'presumed');

import type { SecondaryConditionsAnalysis } from '../analysis';
import type { ClaimStatus } from '../claimVocabulary';
import { sameCondition, splitSecondary } from '../reading';
import { SECONDARY_PAIRS } from './secondaryPairs';
import type { SecondarySuggestion } from './types';

/**
 * Secondary conditions worth claiming: the secondary-conditions analysis findings (each with the
 * sentence it was read from) whose primary is one the veteran has service connected (an approved
 * claim) or has claimed (a pending one). A secondary condition is service connected only through its
 * named primary (38 CFR 3.310(a); DOMAIN.md §10.6), so a finding whose primary is denied or not
 * claimed is left out, as is one already claimed. Each says which DOMAIN.md §6 pair it matches.
 */

export interface SecondaryClaim {
  id: string;
  claimNumber: string;
  condition: string;
  status: ClaimStatus;
}

export interface SecondaryFindingSource {
  documentId: string;
  fileName: string;
  analysis: SecondaryConditionsAnalysis;
}

const matches = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() || sameCondition(a, b);

function domainPair(primary: string, secondary: string) {
  const pair = SECONDARY_PAIRS.find(
    (p) => p.primaries.some((x) => matches(primary, x)) && p.secondaries.some((x) => matches(secondary, x)),
  );
  return pair ? { row: pair.row, mechanism: pair.mechanism, regulation: pair.regulation } : null;
}

export function secondarySuggestions(claims: readonly SecondaryClaim[], sources: readonly SecondaryFindingSource[]): SecondarySuggestion[] {
  const claimedConditions = claims.map((c) => splitSecondary(c.condition).condition);
  const suggestions: SecondarySuggestion[] = [];
  for (const { documentId, fileName, analysis } of sources) {
    for (const finding of analysis.potentialSecondaryConditions) {
      const quote = finding.source.trim();
      if (!quote) continue;
      const primaryClaim = claims.find(
        (c) => c.status !== 'denied' && matches(splitSecondary(c.condition).condition, finding.causedByPrimary),
      );
      if (!primaryClaim) continue;
      if (claimedConditions.some((c) => matches(c, finding.secondaryCondition))) continue;
      if (suggestions.some((s) => matches(s.secondary, finding.secondaryCondition) && s.primaryClaim.claimId === primaryClaim.id)) continue;
      const serviceConnected = primaryClaim.status === 'approved';
      const pair = domainPair(primaryClaim.condition, finding.secondaryCondition);
      const hook = pair?.regulation ? ` The link is written into the law: ${pair.regulation}.` : '';
      suggestions.push({
        secondary: finding.secondaryCondition,
        primary: primaryClaim.condition,
        primaryClaim: {
          claimId: primaryClaim.id,
          claimNumber: primaryClaim.claimNumber,
          status: serviceConnected ? 'service-connected' : 'claimed',
        },
        domainPair: pair,
        why: `${
          serviceConnected
            ? `${primaryClaim.condition} is service connected, so a condition it causes or worsens can be service connected too`
            : `${primaryClaim.condition} is claimed and not yet decided; a secondary condition is granted only once it is service connected`
        } (38 CFR 3.310(a); aggravation, 3.310(b)). It needs a current diagnosis and a medical opinion linking it to ${primaryClaim.condition}.${hook}${
          pair ? ` A common pattern (DOMAIN.md §6, row ${pair.row}): ${pair.mechanism}.` : ''
        }`,
        evidenceNeeded: finding.evidenceNeeded,
        source: { documentId, fileName, quote },
      });
    }
  }
  return suggestions;
}

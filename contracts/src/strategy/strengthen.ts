import { EVIDENCE_ELEMENTS, EVIDENCE_ELEMENT_LABELS, readinessOf, type EvidenceMap, type EvidenceState } from '../evidence';
import type { StrengthenStep } from './types';

/** States that need no more work: the map scores them in full. */
const SETTLED: ReadonlySet<EvidenceState> = new Set(['proven', 'not-needed', 'established']);

/**
 * What to strengthen first on an open claim: each element the map does not yet score in full,
 * ordered by the readiness it would add if proven (the map's own formula, README "Evidence
 * readiness"), then in the order VA needs them (diagnosis, event, nexus: DOMAIN §3.1, Shedden).
 * A decided claim has no steps here: its next move is a decision review.
 *
 * Also the list of "strategy steps not done" a digest can name.
 */
export function openStrategySteps(map: Pick<EvidenceMap, 'claimId' | 'stage' | 'readiness' | 'elements'>): StrengthenStep[] {
  if (map.stage !== 'building') return [];
  const states = map.elements.map((e) => e.state);
  return map.elements
    .map((element, index) => ({ element, index }))
    .filter(({ element }) => !SETTLED.has(element.state))
    .map(({ element, index }) => {
      const readinessAfter = readinessOf(states.map((s, i) => (i === index ? 'proven' : s)));
      const actions = element.nextSteps.length
        ? element.nextSteps
        : [
            {
              kind: 'upload' as const,
              label: 'Upload a document that shows it',
              href: `/documents?upload=1&claimId=${encodeURIComponent(map.claimId)}`,
            },
          ];
      return {
        element: element.element,
        title: EVIDENCE_ELEMENT_LABELS[element.element],
        state: element.state,
        reason: element.reason,
        gain: readinessAfter - map.readiness,
        readinessAfter,
        actions,
      };
    })
    .sort((a, b) => b.gain - a.gain || EVIDENCE_ELEMENTS.indexOf(a.element) - EVIDENCE_ELEMENTS.indexOf(b.element));
}

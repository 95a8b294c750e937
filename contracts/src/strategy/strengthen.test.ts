import type { EvidenceElement, EvidenceMap, EvidenceState } from '../evidence';
import { openStrategySteps } from './strengthen';

const element = (name: EvidenceElement['element'], state: EvidenceState, reason = `${name} is ${state}`): EvidenceElement => ({
  element: name,
  state,
  reason,
  items: [],
  nextSteps: [{ kind: 'upload', label: `Upload for ${name}`, href: `/documents?upload=1&claimId=c1&for=${name}` }],
});

const map = (stage: EvidenceMap['stage'], readiness: number, states: [EvidenceState, EvidenceState, EvidenceState]) => ({
  claimId: 'c1',
  stage,
  readiness,
  elements: [element('diagnosis', states[0]), element('in-service', states[1]), element('nexus', states[2])],
});

describe('what to strengthen first on an open claim', () => {
  it.each([
    // [case, readiness, states, expected order with gains]
    [
      'a diagnosis, no event, a speculative nexus: the event adds most',
      50,
      ['proven', 'missing', 'weak'],
      [
        ['in-service', 33],
        ['nexus', 17],
      ],
    ],
    [
      'nothing yet: diagnosis, event, nexus in the order VA needs them',
      0,
      ['missing', 'missing', 'missing'],
      [
        ['diagnosis', 33],
        ['in-service', 33],
        ['nexus', 33],
      ],
    ],
    [
      'an opinion against the claim outweighs a weak event',
      50,
      ['proven', 'weak', 'against'],
      [
        ['nexus', 33],
        ['in-service', 17],
      ],
    ],
    ['a presumed event needs nothing; an unverified finding is work to do', 67, ['proven', 'not-needed', 'unverified'], [['nexus', 33]]],
    ['every element proven or presumed: nothing left', 100, ['proven', 'not-needed', 'proven'], []],
  ] as const)('%s', (_case, readiness, states, expected) => {
    const steps = openStrategySteps(map('building', readiness, [...states]));
    expect(steps.map((s) => [s.element, s.gain])).toEqual(expected.map(([e, g]) => [e, g]));
    for (const step of steps) {
      expect(step.readinessAfter).toBe(readiness + step.gain);
      expect(step.actions[0]!.href).toMatch(/^\//);
      expect(step.reason).toBe(`${step.element} is ${step.state}`);
    }
  });

  it('gives no steps for a decided claim: its next move is a decision review', () => {
    expect(openStrategySteps(map('denied', 33, ['proven', 'missing', 'missing']))).toEqual([]);
    expect(openStrategySteps(map('granted', 100, ['established', 'established', 'established']))).toEqual([]);
  });

  it('links an element without a next step of its own to the upload for this claim', () => {
    const bare = { ...map('building', 0, ['missing', 'missing', 'missing']) };
    bare.elements = bare.elements.map((e) => ({ ...e, nextSteps: [] }));
    expect(openStrategySteps(bare)[0]!.actions).toEqual([
      { kind: 'upload', label: 'Upload a document that shows it', href: '/documents?upload=1&claimId=c1' },
    ]);
  });
});

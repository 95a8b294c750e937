import type { ClaimReadiness } from '@cc/contracts';
import {
  claimsStillNeeding,
  documentFilePath,
  evidenceTabPath,
  needsAction,
  readinessBand,
  readinessLabel,
  readinessSentence,
  reasonLead,
} from './format';

const row = (id: string, readiness: number, stage: ClaimReadiness['stage'] = 'building'): ClaimReadiness => ({
  id,
  claimNumber: id,
  condition: 'Knee',
  stage,
  readiness,
  readinessReason: 'Needs a nexus opinion.',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('evidence formatting', () => {
  it('links to the Evidence tab of a claim and to a stored file', () => {
    expect(evidenceTabPath('a b')).toBe('/claims?claim=a+b&tab=evidence');
    expect(documentFilePath('d/1')).toBe('/api/documents/d%2F1/file');
  });

  it('bands readiness and says it in words', () => {
    expect([0, 17, 33, 50, 67, 83, 100].map(readinessBand)).toEqual(['low', 'low', 'low', 'partial', 'partial', 'partial', 'ready']);
    expect(readinessSentence(row('x', 33))).toBe('33 of 100 ready: Needs a nexus opinion.');
  });

  it('keeps the server order of the claims that still need something; a granted claim needs nothing, a denied one a Supplemental Claim', () => {
    expect(claimsStillNeeding([row('a', 0), row('b', 50), row('c', 100)]).map((r) => r.id)).toEqual(['a', 'b']);
    expect(claimsStillNeeding([row('g', 100, 'granted'), row('d', 100, 'denied'), row('e', 33, 'denied')]).map((r) => r.id)).toEqual([
      'd',
      'e',
    ]);
  });

  it('names a decided claim in words, never by the number alone', () => {
    expect(readinessLabel({ readiness: 100, stage: 'granted' })).toBe('Service connected by VA');
    expect(readinessLabel({ readiness: 33, stage: 'denied' })).toBe('Denied · Supplemental Claim: not ready');
    expect(readinessLabel({ readiness: 67, stage: 'building' })).toBe('Partly ready');
    expect(readinessSentence(row('y', 67, 'denied'))).toBe('67 of 100 ready for a Supplemental Claim: Needs a nexus opinion.');
  });

  it('asks for a next step for weak, missing, against and unverified elements, and says why in words', () => {
    expect((['proven', 'weak', 'missing', 'against', 'unverified', 'not-needed', 'established'] as const).map(needsAction)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(reasonLead('against')).toBe('Against your claim: ');
    expect(reasonLead('proven')).toBeNull();
  });
});

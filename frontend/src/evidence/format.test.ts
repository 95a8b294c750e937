import type { ClaimReadiness } from '@cc/contracts';
import { claimsStillNeeding, documentFilePath, evidenceTabPath, needsAction, readinessBand, readinessSentence } from './format';

const row = (id: string, readiness: number): ClaimReadiness => ({ id, claimNumber: id, condition: 'Knee', readiness, readinessReason: 'Needs a nexus opinion.', updatedAt: '2025-01-01T00:00:00.000Z' });

describe('evidence formatting', () => {
  it('links to the Evidence tab of a claim and to a stored file', () => {
    expect(evidenceTabPath('a b')).toBe('/claims?claim=a+b&tab=evidence');
    expect(documentFilePath('d/1')).toBe('/api/documents/d%2F1/file');
  });

  it('bands readiness and says it in words', () => {
    expect([0, 17, 33, 50, 67, 83, 100].map(readinessBand)).toEqual(['low', 'low', 'low', 'partial', 'partial', 'partial', 'ready']);
    expect(readinessSentence(row('x', 33))).toBe('33 of 100 ready: Needs a nexus opinion.');
  });

  it('keeps the server order of the claims that still need something', () => {
    expect(claimsStillNeeding([row('a', 0), row('b', 50), row('c', 100)]).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('asks for a next step only for weak and missing elements', () => {
    expect((['proven', 'weak', 'missing', 'not-needed'] as const).map(needsAction)).toEqual([false, true, true, false]);
  });
});

import type { RecordedEvent } from '@cc/platform';
import { analysisAwaitsAnswer } from './analysisProgress';

const event = (type: string, data: Record<string, unknown> = {}) => ({ type, data }) as unknown as RecordedEvent;

describe('whether an analysis still waits for its answer', () => {
  const requested = (analysisId: string) => event('DocumentAnalysisRequested', { analysisId });

  it('waits once asked for, until answered either way', () => {
    expect(analysisAwaitsAnswer([event('DocumentRegistered'), requested('a')], 'a')).toBe(true);
    expect(analysisAwaitsAnswer([requested('a'), event('DocumentAnalysisCompleted', { analysisId: 'a' })], 'a')).toBe(false);
    expect(analysisAwaitsAnswer([requested('a'), event('DocumentAnalysisFailed', { analysisId: 'a' })], 'a')).toBe(false);
  });

  it('does not wait when replaced by a newer request, when the document is deleted, or when never asked', () => {
    expect(analysisAwaitsAnswer([requested('a'), requested('b')], 'a')).toBe(false);
    expect(analysisAwaitsAnswer([requested('a'), event('DocumentDeleted')], 'a')).toBe(false);
    expect(analysisAwaitsAnswer([event('DocumentRegistered')], 'a')).toBe(false);
  });

  it('is not answered by the outcome of another analysis', () => {
    expect(analysisAwaitsAnswer([requested('a'), event('DocumentAnalysisCompleted', { analysisId: 'other' })], 'a')).toBe(true);
  });
});

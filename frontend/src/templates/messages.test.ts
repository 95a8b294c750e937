import { syncSummary } from './messages';

describe('forms messages', () => {
  it('gives the sync counts', () => {
    expect(syncSummary({ added: 1, updated: 2, retired: 0, source: 'VA website' })).toBe('Added 1, updated 2, retired 0 (VA website)');
  });
});

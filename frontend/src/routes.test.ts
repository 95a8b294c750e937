/// <reference types="jest" />
import { isSignedInPath } from './routes';

describe('signed-in routes', () => {
  it('covers the dashboard and planned pages, with sub-paths', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/documents',
      '/claims/42',
      '/templates',
      '/benefits-learning-center',
      '/calculators',
      '/ai-copilot',
      '/admin',
      '/help',
      '/checkout',
    ]) {
      expect(isSignedInPath(path)).toBe(true);
    }
  });

  it('leaves public and unknown paths out', () => {
    for (const path of ['/login', '/privacy-policy', '/terms-and-conditions', '/ai-policy', '/nope', '/documentsx']) {
      expect(isSignedInPath(path)).toBe(false);
    }
  });
});

/// <reference types="jest" />
import { entryFor, isSignedInPath } from './routes';

describe('signed-in routes', () => {
  it('covers the dashboard and every built page, with sub-paths', () => {
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

describe('which tree serves a first load', () => {
  it('serves the public pages without the app, signed in or not', () => {
    for (const path of ['/login', '/privacy-policy', '/terms-and-conditions', '/ai-policy', '/forgot-password', '/reset-password']) {
      for (const session of ['pending', 'signed-in', 'signed-out'] as const) expect(entryFor(path, session)).toBe('public');
    }
  });

  it('waits at / for the sign-in check: the landing page or the dashboard', () => {
    expect(entryFor('/', 'pending')).toBe('pending');
    expect(entryFor('/', 'signed-out')).toBe('public');
    expect(entryFor('/', 'signed-in')).toBe('app');
  });

  it('starts the app for signed-in pages, deep links and unknown paths alike', () => {
    for (const path of ['/dashboard', '/claims/42', '/ai-copilot', '/console/users', '/nope', '/__boom', '/login/extra']) {
      expect(entryFor(path, 'pending')).toBe('app');
    }
  });
});

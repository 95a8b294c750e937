import { canAccessConsole, isStaff, visibleSections } from './access';

describe('console access (what the console shows; the server checks the same permissions)', () => {
  it('shows each role its sections', () => {
    expect(visibleSections('adjudicators').map((s) => s.resource)).toEqual(['claims', 'users']);
    expect(visibleSections('support').map((s) => s.resource)).toEqual(['support-requests', 'projections', 'dead-letters', 'events']);
    expect(visibleSections('administrators').map((s) => s.resource)).toEqual([
      'claims',
      'support-requests',
      'access-log',
      'users',
      'projections',
      'dead-letters',
      'events',
    ]);
    expect(visibleSections('pro')).toEqual([]);
    expect(visibleSections(undefined)).toEqual([]);
  });

  it('lets only administrators change tiers and open personal data', () => {
    expect(canAccessConsole('administrators', 'users', 'edit')).toBe(true);
    expect(canAccessConsole('adjudicators', 'users', 'edit')).toBe(false);
    expect(canAccessConsole('adjudicators', 'users', 'list')).toBe(true);
    expect(canAccessConsole('administrators', 'events', 'reveal')).toBe(true);
    expect(canAccessConsole('support', 'events', 'reveal')).toBe(false);
    expect(canAccessConsole('support', 'events', 'show')).toBe(true);
    expect(canAccessConsole('administrators', 'unknown', 'list')).toBe(false);
    expect(canAccessConsole('support', 'support-requests', 'list')).toBe(true);
    expect(canAccessConsole('administrators', 'support-requests', 'show')).toBe(true);
    expect(canAccessConsole('adjudicators', 'support-requests', 'list')).toBe(false);
  });

  it('shows "Staff console" only to staff', () => {
    expect(['free', 'basic', 'pro', 'transitioning', 'medical'].map((t) => isStaff(t as never))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['adjudicators', 'administrators', 'support'].map((t) => isStaff(t as never))).toEqual([true, true, true]);
  });
});

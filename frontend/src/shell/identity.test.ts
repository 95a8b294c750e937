/// <reference types="jest" />
import { branchLabel, initials, veteranLine } from './identity';

describe('header identity', () => {
  it('labels known branch ids and keeps free text', () => {
    expect(branchLabel('air-force')).toBe('Air Force');
    expect(branchLabel('army')).toBe('Army');
    expect(branchLabel('Marine Corps')).toBe('Marine Corps');
  });

  it('defaults the service line to US Veteran', () => {
    expect(veteranLine(undefined)).toBe('US Veteran');
    expect(veteranLine({ branchOfService: null })).toBe('US Veteran');
    expect(veteranLine({ branchOfService: '  ' })).toBe('US Veteran');
    expect(veteranLine({ branchOfService: 'navy' })).toBe('Navy Veteran');
  });

  it('derives avatar initials from the display name', () => {
    expect(initials({ firstName: 'Alex', lastName: 'Rivera', email: 'a@x.org' })).toBe('AR');
    expect(initials({ firstName: null, lastName: null, email: 'jane.doe@x.org' })).toBe('JD');
    expect(initials(undefined)).toBe('V');
  });
});

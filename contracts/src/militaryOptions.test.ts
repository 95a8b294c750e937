import { AWARDS } from './militaryOptions';
import { profileBody } from './settings';

describe('the profile awards list', () => {
  it('names each award once and keeps "Other" last', () => {
    expect(new Set(AWARDS).size).toBe(AWARDS.length);
    expect(AWARDS.at(-1)).toBe('Other');
  });

  // A sample across the Air Force Personnel Center's "Decorations and Ribbons" page: current
  // names, World War II and Korea awards, foreign and NATO medals.
  it.each([
    'Remote Combat Effects Campaign Medal',
    'Nuclear Deterrence Operations Service Medal',
    'Air and Space Commendation Medal',
    'Korean Defense Service Medal',
    'Antarctica Service Medal',
    'World War II Victory Medal',
    'Army Good Conduct Medal',
    'Republic of Vietnam Gallantry Cross with Palm',
    'Non-Article 5 NATO Medal (ISAF)',
  ])('lists %s and a profile may save it', (award) => {
    expect(AWARDS).toContain(award);
    expect(profileBody.parse({ name: 'Morgan Reyes', awards: [award] }).awards).toEqual([award]);
  });

  it('keeps the names a veteran may already have saved', () => {
    for (const award of ['Silver Star', 'Air Force Commendation Medal', 'Kuwait Liberation Medal (Saudi Arabia)', 'Good Conduct Medal'])
      expect(AWARDS).toContain(award);
  });
});

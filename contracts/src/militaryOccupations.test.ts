import { BRANCHES_WITH_OCCUPATIONS, loadMilitaryOccupations, occupationLabel, type MilitaryOccupation } from './militaryOccupations';

const labels = (list: readonly MilitaryOccupation[]) => list.map(occupationLabel);

describe('the MOS pick lists per branch', () => {
  it('lists the Army, the Navy, the Air Force and the Marine Corps, each from its own public source', () => {
    expect([...BRANCHES_WITH_OCCUPATIONS].sort()).toEqual(['air-force', 'army', 'marines', 'navy']);
  });

  // Row counts as extracted from each source (contracts/reference-data/README.md).
  it.each([
    ['army', 453, ['11B Infantryman', '68W Combat Medic Specialist', '88M Motor Transport Operator']],
    [
      'navy',
      104,
      ['HM Hospital Corpsman', "ABE Aviation Boatswain's Mate (Launching and Recovery Equipment)", 'CWT Cyber Warfare Technician'],
    ],
    ['air-force', 272, ['1N0X1 All Source Intelligence Analyst', '3P0X1 Security Forces', '11FX Fighter Pilot']],
    ['marines', 767, ['0311 Rifleman', '0331 Machine Gunner', '0802 Field Artillery Officer', '5811 Military Police']],
  ])('%s: %i entries, with its well-known occupations', async (branch, count, known) => {
    const list = await loadMilitaryOccupations(branch);
    expect(list).toHaveLength(count);
    expect(labels(list)).toEqual(expect.arrayContaining(known));
  });

  it.each(['army', 'navy', 'air-force', 'marines'])('%s: every entry has a code, a title and a group, and none repeats', async (branch) => {
    const list = await loadMilitaryOccupations(branch);
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) {
      expect(entry.code).toMatch(/^[0-9A-Z]{2,5}$/);
      expect(entry.title).toBe(entry.title.trim());
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.group.length).toBeGreaterThan(0);
    }
    expect(new Set(labels(list)).size).toBe(list.length);
  });

  it("keeps each source's grouping: Marine Corps occupational fields, Air Force officer and enlisted", async () => {
    const marines = await loadMilitaryOccupations('marines');
    expect(marines.find((o) => o.code === '0311')).toEqual({
      code: '0311',
      title: 'Rifleman',
      group: 'Occupational field 03, Infantry (enlisted)',
    });
    const airForce = await loadMilitaryOccupations('air-force');
    expect(new Set(airForce.map((o) => o.group))).toEqual(new Set(['Enlisted', 'Officer']));
  });

  it.each(['coast-guard', 'space-force', '', null, undefined, 'toString'])(
    'has no list for %p: the profile takes free text',
    async (branch) => {
      await expect(loadMilitaryOccupations(branch)).resolves.toEqual([]);
    },
  );
});

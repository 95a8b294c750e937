import type { BRANCH_OPTIONS } from './users';

/** One occupation of a branch's pick list (the code, e.g. "11B", and its title). */
export interface MilitaryOccupation {
  code: string;
  title: string;
  /** The DoD occupation group it belongs to, e.g. "Infantry, General". */
  group: string;
}

/** How an occupation is kept in the profile's free-text `mos` field: "11B Infantryman". */
export const occupationLabel = (occupation: Pick<MilitaryOccupation, 'code' | 'title'>) => `${occupation.code} ${occupation.title}`;

/**
 * The branches with a public occupation list in the reference data (see contracts/reference-data
 * README): only the Army's, from the Census Bureau's Veteran Employment Outcomes labels. For the
 * other branches, and for any occupation not listed, the profile takes free text.
 */
export const BRANCHES_WITH_OCCUPATIONS = ['army'] as const satisfies readonly (typeof BRANCH_OPTIONS)[number][];

/**
 * The branch's pick list, loaded on demand (a separate chunk in the frontend, so the first load
 * does not carry it); empty for a branch without a public list.
 */
export async function loadMilitaryOccupations(branch: string | null | undefined): Promise<readonly MilitaryOccupation[]> {
  if (branch !== 'army') return [];
  return (await import('../reference-data/army-occupations.json')).default;
}

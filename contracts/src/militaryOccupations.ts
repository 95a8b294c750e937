import type { BRANCH_OPTIONS } from './users';

/** One occupation of a branch's pick list (the code, e.g. "11B", and its title). */
export interface MilitaryOccupation {
  code: string;
  title: string;
  /**
   * The grouping its source gives it: a DoD occupation group for the Army ("Infantry, General"),
   * an occupational field for the Marine Corps, officer or enlisted for the Air Force, and
   * "Enlisted rating" for the Navy.
   */
  group: string;
}

type Branch = (typeof BRANCH_OPTIONS)[number];

/** How an occupation is kept in the profile's free-text `mos` field: "11B Infantryman". */
export const occupationLabel = (occupation: Pick<MilitaryOccupation, 'code' | 'title'>) => `${occupation.code} ${occupation.title}`;

/**
 * Each branch's public occupation list (sources in contracts/reference-data/README.md), imported
 * on demand so the frontend fetches a branch's list, a chunk of its own, only when it is needed.
 * The Coast Guard and the Space Force have none: no public, sourced list was found for them.
 */
const OCCUPATION_LISTS = {
  army: () => import('../reference-data/army-occupations.json'),
  navy: () => import('../reference-data/navy-occupations.json'),
  'air-force': () => import('../reference-data/air-force-occupations.json'),
  marines: () => import('../reference-data/marine-corps-occupations.json'),
} satisfies Partial<Record<Branch, () => Promise<{ default: readonly MilitaryOccupation[] }>>>;

/** The branches with a pick list; for the others, and for any occupation not listed, the profile takes free text. */
export const BRANCHES_WITH_OCCUPATIONS = Object.keys(OCCUPATION_LISTS) as readonly (keyof typeof OCCUPATION_LISTS)[];

/** A typical entry of each listed branch, for the field's hint ("e.g. 0311 Rifleman"). */
export const OCCUPATION_EXAMPLES: Record<keyof typeof OCCUPATION_LISTS, string> = {
  army: '11B Infantryman',
  navy: 'HM Hospital Corpsman',
  'air-force': '1N0X1 All Source Intelligence Analyst',
  marines: '0311 Rifleman',
};

const hasList = (branch: string | null | undefined): branch is keyof typeof OCCUPATION_LISTS =>
  typeof branch === 'string' && Object.hasOwn(OCCUPATION_LISTS, branch);

/** The branch's pick list, loaded on demand; empty for a branch without a public list. */
export async function loadMilitaryOccupations(branch: string | null | undefined): Promise<readonly MilitaryOccupation[]> {
  if (!hasList(branch)) return [];
  return (await OCCUPATION_LISTS[branch]()).default;
}

/** The listed branch's typical entry for the field's hint; undefined for a branch without a list. */
export const occupationExample = (branch: string | null | undefined): string | undefined =>
  hasList(branch) ? OCCUPATION_EXAMPLES[branch] : undefined;

/**
 * The Benefits Learning Center's reference lists (spec doc 2 §2.3, §3 "Reference item"): one item
 * shape for all five, with null where the source has nothing (the treatment-center source has no
 * addresses, phones or websites: those are never made up). The data is in
 * `contracts/reference-data` (see its README); `referenceData.ts` loads it on the server.
 */

export const REFERENCE_LISTS = [
  'disabilities',
  'service-branches',
  'contention-types',
  'treatment-centers',
  'special-circumstances',
] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

export const REFERENCE_LIST_LABELS: Record<ReferenceList, string> = {
  disabilities: 'Disabilities',
  'service-branches': 'Service branches',
  'contention-types': 'Contention types',
  'treatment-centers': 'Treatment centers',
  'special-circumstances': 'Special circumstances',
};

export interface ReferenceItem {
  /** Unique within its list. */
  id: string;
  name: string;
  code: string | null;
  description: string | null;
  category: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  services: string[];
  /** Other names the VA lists for a condition (disabilities). */
  synonyms?: string[];
  /** Diagnostic codes of the rating schedule (disabilities); "Multiple" when several apply. */
  diagnosticCodes?: string[];
  /** The DBQ the VA names for the condition (disabilities). */
  dbq?: string | null;
  /** PACT Act presumptive: "yes", "no" or a qualified answer (disabilities). */
  pactPresumptive?: string | null;
  /** Contention types: whether the VA still uses the classification, and since when it does not. */
  active?: boolean;
  endDate?: string | null;
  /** Treatment centers: the state's name and the facility type. */
  stateName?: string | null;
  type?: string | null;
  /** VA's facility locator page for the station, where its address, phone and hours are. */
  facilityLocatorUrl?: string | null;
  /** Where the entry comes from (special circumstances). */
  source?: string | null;
}

export interface ReferenceListResponse {
  items: ReferenceItem[];
  totalItems: number;
}

/** Spec doc 2 §2.3: the branch filter is derived from keywords in the name. */
export const BRANCH_FILTERS = ['Army', 'Navy', 'Air Force', 'Marines', 'Coast Guard', 'General VA'] as const;
export type BranchFilter = (typeof BRANCH_FILTERS)[number];

const BRANCH_KEYWORDS: [Exclude<BranchFilter, 'General VA'>, RegExp][] = [
  ['Army', /\barmy\b/i],
  ['Navy', /\bnav(y|al)\b/i],
  ['Air Force', /\bair\s*force\b/i],
  ['Marines', /\bmarines?\b/i],
  ['Coast Guard', /\bcoast\s*guard\b/i],
];

/** The branch an item's name speaks of; "General VA" when it names none. */
export function branchOf(name: string): BranchFilter {
  return BRANCH_KEYWORDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'General VA';
}

/** The learning center searches these fields, case-insensitively. */
function haystack(item: ReferenceItem): string {
  return [
    item.name,
    item.code,
    item.description,
    item.category,
    item.city,
    item.state,
    item.stateName,
    item.type,
    item.dbq,
    ...(item.synonyms ?? []),
    ...(item.diagnosticCodes ?? []),
  ]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join('\n')
    .toLowerCase();
}

/** Every word of the search must appear somewhere in the item (so "knee left" finds "…knee…, left"). */
export function matchesSearch(item: ReferenceItem, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = haystack(item);
  return words.every((word) => text.includes(word));
}

/** VA's facility locator page of a VHA station (the pattern VA's own pages link to). */
export const facilityLocatorUrl = (stationCode: string) =>
  `https://www.va.gov/find-locations/facility/vha_${encodeURIComponent(stationCode)}`;

/** VA's facility locator, for searching by place. */
export const FACILITY_LOCATOR_URL = 'https://www.va.gov/find-locations/';

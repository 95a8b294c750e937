/**
 * The lowest compensable (10 % or more) level of a diagnostic code, only where DOMAIN.md §7 gives
 * the code's levels (38 CFR Part 4). A code not here (hearing loss, rated by table; prostate cancer,
 * rated on residuals; every code DOMAIN does not list) has no level this app can assume.
 * Where a level differs by side or by dominant hand, the lower one is kept.
 */
export const LOWEST_COMPENSABLE_LEVEL: Readonly<Record<string, { level: number; section: string }>> = {
  // Mental disorders, General Rating Formula (§4.130; DOMAIN §7.1); eating disorders have their own.
  ...Object.fromEntries(['9411', '9400', '9434', '9440', '9432', '9412'].map((dc) => [dc, { level: 10, section: 'DOMAIN.md §7.1' }])),
  '9520': { level: 10, section: 'DOMAIN.md §7.1' },
  '9521': { level: 10, section: 'DOMAIN.md §7.1' },
  // Ear (§4.85–4.87; DOMAIN §7.2).
  '6260': { level: 10, section: 'DOMAIN.md §7.2' },
  '6204': { level: 10, section: 'DOMAIN.md §7.2' },
  '6205': { level: 30, section: 'DOMAIN.md §7.2' },
  // Respiratory (§4.97; DOMAIN §7.3).
  '6847': { level: 30, section: 'DOMAIN.md §7.3' },
  '6602': { level: 10, section: 'DOMAIN.md §7.3' },
  '6604': { level: 10, section: 'DOMAIN.md §7.3' },
  '6522': { level: 10, section: 'DOMAIN.md §7.3' },
  ...Object.fromEntries(['6510', '6511', '6512', '6513', '6514'].map((dc) => [dc, { level: 10, section: 'DOMAIN.md §7.3' }])),
  // Neurological (§4.124a; DOMAIN §7.4).
  '8100': { level: 10, section: 'DOMAIN.md §7.4' },
  '8045': { level: 10, section: 'DOMAIN.md §7.4' },
  '8520': { level: 10, section: 'DOMAIN.md §7.4' },
  '8620': { level: 10, section: 'DOMAIN.md §7.4' },
  '8720': { level: 10, section: 'DOMAIN.md §7.4' },
  '8515': { level: 10, section: 'DOMAIN.md §7.4' },
  '8521': { level: 10, section: 'DOMAIN.md §7.4' },
  // Musculoskeletal (§4.71a, 2021 revision; DOMAIN §7.5).
  '5237': { level: 10, section: 'DOMAIN.md §7.5' },
  '5242': { level: 10, section: 'DOMAIN.md §7.5' },
  '5243': { level: 10, section: 'DOMAIN.md §7.5' },
  '5003': { level: 10, section: 'DOMAIN.md §7.5' },
  '5260': { level: 10, section: 'DOMAIN.md §7.5' },
  '5261': { level: 10, section: 'DOMAIN.md §7.5' },
  '5257': { level: 10, section: 'DOMAIN.md §7.5' },
  '5258': { level: 20, section: 'DOMAIN.md §7.5' },
  '5259': { level: 10, section: 'DOMAIN.md §7.5' },
  '5201': { level: 20, section: 'DOMAIN.md §7.5' },
  '5252': { level: 10, section: 'DOMAIN.md §7.5' },
  '5271': { level: 10, section: 'DOMAIN.md §7.5' },
  '5276': { level: 10, section: 'DOMAIN.md §7.5' },
  '5269': { level: 10, section: 'DOMAIN.md §7.5' },
  '5284': { level: 10, section: 'DOMAIN.md §7.5' },
  '5025': { level: 10, section: 'DOMAIN.md §7.5' },
  // Cardiovascular (§4.104; DOMAIN §7.6).
  '7101': { level: 10, section: 'DOMAIN.md §7.6' },
  '7005': { level: 10, section: 'DOMAIN.md §7.6' },
  // Endocrine (§4.119; DOMAIN §7.7).
  '7913': { level: 10, section: 'DOMAIN.md §7.7' },
  // Digestive (§4.114, May 19, 2024 revision; DOMAIN §7.8): GERD is rated under 7203.
  '7206': { level: 10, section: 'DOMAIN.md §7.8' },
  '7203': { level: 10, section: 'DOMAIN.md §7.8' },
  '7319': { level: 10, section: 'DOMAIN.md §7.8' },
  '7336': { level: 10, section: 'DOMAIN.md §7.8' },
  // Genitourinary (§4.115b; DOMAIN §7.9).
  '7522': { level: 20, section: 'DOMAIN.md §7.9' },
  // Skin (§4.118; DOMAIN §7.10).
  '7804': { level: 10, section: 'DOMAIN.md §7.10' },
  '7806': { level: 10, section: 'DOMAIN.md §7.10' },
};

/** The lowest known level among a claim's codes, or null when DOMAIN gives none of them. */
export function lowestCompensableLevel(codes: readonly string[]): { code: string; level: number; section: string } | null {
  let best: { code: string; level: number; section: string } | null = null;
  for (const code of codes) {
    const known = LOWEST_COMPENSABLE_LEVEL[code];
    if (known && (!best || known.level < best.level)) best = { code, ...known };
  }
  return best;
}

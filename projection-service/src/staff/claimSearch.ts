import type { Knex } from 'knex';
import { EMAIL_SEARCH_PATTERN_SQL, EMAIL_SEARCH_SQL, likePattern, OWNER_NAME_SEARCH_SQL } from './names';

/**
 * What the staff claims search box matches, found without gathering every match:
 * - `few`: every matching claim's id, fewer than the bound; the page fetches those claims by key;
 * - `many`: at least `atLeast` claims match; the page walks the claims in its order and keeps the
 *   matches (`matchesSearch`), which for that many matches stops after a few pages' worth of rows.
 */
export type ClaimSearch = { kind: 'few'; claimIds: string[] } | { kind: 'many'; atLeast: number };

/** The filters applied with the search (status, owner), on a query over `claims`. */
export type ClaimFilters = (query: Knex.QueryBuilder) => void;

/**
 * An owner whose name or e-mail holds the text, in the words of the trigram indexes' expressions
 * (names and e-mails are columns of the profiles alone, so they need no alias).
 */
function ownerMatches(w: Knex.QueryBuilder, text: string): void {
  const like = likePattern(text);
  w.whereRaw(`${OWNER_NAME_SEARCH_SQL} ilike ?`, [like]).orWhere((e) =>
    e.whereRaw(`${EMAIL_SEARCH_SQL} like ${EMAIL_SEARCH_PATTERN_SQL}`, [text]).whereILike('email', like),
  );
}

/**
 * A claim (`c`, joined with its owner's profile `p`) the search text matches: by condition or
 * claim number, or by its owner's name or e-mail. The same rule as the trigram lookups of
 * `searchClaims`, row by row.
 */
export function matchesSearch(w: Knex.QueryBuilder, text: string): void {
  const like = likePattern(text);
  w.whereILike('c.condition', like)
    .orWhereILike('c.claim_number', like)
    .orWhere((o) => o.whereNotNull('p.user_id').where((m) => ownerMatches(m, text)));
}

/**
 * The claims a search box matches, gathered up to `bound` of them: by condition or claim number,
 * and by their owner's name or e-mail, each through its own trigram indexes. A name thousands of
 * owners share stops at `bound` claims instead of reading every one of theirs.
 *
 * Sequential scans are priced out for these statements: a trigram lookup is priced by the trigrams
 * in the pattern, not by the rows they hold, so until the profiles table holds some tens of
 * thousands of people PostgreSQL would read it whole and ILIKE every e-mail and name instead.
 */
export function searchClaims(knex: Knex, text: string, filters: ClaimFilters, bound: number): Promise<ClaimSearch> {
  return knex.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const like = likePattern(text);
    const byClaim: { claim_id: string }[] = await trx('claims as c')
      .select('c.claim_id')
      .where((w) => w.whereILike('c.condition', like).orWhereILike('c.claim_number', like))
      .modify(filters)
      .limit(bound);
    if (byClaim.length >= bound) return { kind: 'many', atLeast: bound };
    // One statement, so the owners are walked only until their claims reach the bound.
    const byOwner: { claim_id: string }[] = await trx('claims as c')
      .select('c.claim_id')
      .whereIn(
        'c.user_id',
        trx('user_profiles as p')
          .select('p.user_id')
          .where((w) => ownerMatches(w, text)),
      )
      .modify(filters)
      .limit(bound);
    if (byOwner.length >= bound) return { kind: 'many', atLeast: bound };
    const claimIds = [...new Set([...byClaim, ...byOwner].map((m) => m.claim_id))];
    return claimIds.length >= bound ? { kind: 'many', atLeast: bound } : { kind: 'few', claimIds };
  });
}

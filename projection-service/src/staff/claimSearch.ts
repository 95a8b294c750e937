import type { Knex } from 'knex';
import { EMAIL_SEARCH_PATTERN_SQL, EMAIL_SEARCH_SQL, likePattern, OWNER_NAME_SEARCH_SQL } from './names';

/**
 * What the staff claims search box matches, found without gathering every match:
 * - `few`: every matching claim's id, fewer than the bound; the page fetches those claims by key;
 * - `many`: at least `atLeast` claims match; the page is read from each arm's own first rows in
 *   the page's order (`SEARCH_ARMS`), and its total is estimated from `matchesSearch`. `found`
 *   holds, by arm, the ids of an arm found whole (fewer than the bound), read by key instead.
 */
export type ClaimSearch = { kind: 'few'; claimIds: string[] } | { kind: 'many'; atLeast: number; found: (string[] | undefined)[] };

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
 * The two ways a claim (`c`) matches a search, each served by its own trigram indexes: by condition
 * or claim number, or by its owner's name or e-mail. A page of many matches reads each arm's first
 * rows in its order and merges them: one OR across both leaves the planner a single plan, a walk of
 * every claim in order joined to its owner until enough match; apart, the owners' claims are read
 * through their owners and a condition's through its trigrams or the walk, as each is priced.
 */
export const SEARCH_ARMS: readonly ((w: Knex.QueryBuilder, text: string, knex: Knex) => void)[] = [
  (w, text) => w.whereILike('c.condition', likePattern(text)).orWhereILike('c.claim_number', likePattern(text)),
  (w, text, knex) =>
    w.whereIn(
      'c.user_id',
      knex('user_profiles')
        .select('user_id')
        .where((o) => ownerMatches(o, text)),
    ),
];

/**
 * A claim (`c`, joined with its owner's profile `p`) the search text matches, row by row: the rule
 * of `SEARCH_ARMS` in the form whose statistics estimate the matches best (the name's and e-mail's
 * own, not a guess at a subquery's share).
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
    const found: (string[] | undefined)[] = SEARCH_ARMS.map(() => undefined);
    for (const [i, arm] of SEARCH_ARMS.entries()) {
      const rows: { claim_id: string }[] = await trx('claims as c')
        .select('c.claim_id')
        .where((w) => arm(w, text, trx))
        .modify(filters)
        .limit(bound);
      if (rows.length >= bound) return { kind: 'many', atLeast: bound, found };
      found[i] = rows.map((m) => m.claim_id);
    }
    const claimIds = [...new Set(found.flat() as string[])];
    return claimIds.length >= bound ? { kind: 'many', atLeast: bound, found } : { kind: 'few', claimIds };
  });
}

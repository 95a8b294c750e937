/**
 * A person's display name in SQL, the rule of `displayName` in contracts: first and last name, else
 * the e-mail's local part, else "Veteran". Lists sort by it, so it is computed where they sort.
 */
export function displayNameSql(alias: string): string {
  const p = (column: string) => `${alias}.${column}`;
  return `coalesce(nullif(btrim(concat_ws(' ', nullif(btrim(${p('first_name')}), ''), nullif(btrim(${p('last_name')}), ''))), ''), nullif(btrim(split_part(${p('email')}, '@', 1)), ''), 'Veteran')`;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The text a search for an owner's name reads: first and last name joined, an expression a trigram
 * index can hold (`concat_ws` cannot be indexed). The display name's e-mail fallback is searched
 * through the e-mail itself.
 */
export const OWNER_NAME_SEARCH_SQL = `coalesce(first_name, '') || ' ' || coalesce(last_name, '')`;

/**
 * An owner's e-mail as a search by e-mail reads it through its trigram index: lower case, every
 * mark (@ . + - …) made an "x". pg_trgm splits words at marks, so an index of the e-mail itself
 * cannot tell "ann@example.org" from "ann+2@example.org" and hands every address sharing its words
 * to the recheck; with the marks kept as letters the trigrams around the "@" tell them apart. It
 * only narrows the candidates: the e-mail's own ILIKE decides.
 */
export const EMAIL_SEARCH_SQL = `regexp_replace(lower(email), '[^a-z0-9]', 'x', 'g')`;

/** The search text as `EMAIL_SEARCH_SQL` holds it, as a LIKE pattern (in SQL: the same functions). */
export const EMAIL_SEARCH_PATTERN_SQL = `'%' || regexp_replace(lower(?), '[^a-z0-9]', 'x', 'g') || '%'`;

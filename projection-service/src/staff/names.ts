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

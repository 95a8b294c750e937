import type { ReferenceList } from '@cc/contracts';

/** Without a search each list shows this many (spec doc 2 §2.3, §9); treatment centers are paged by it. */
export const ITEMS_PER_CATEGORY = 20;
/** With a search every match can be shown, this many at a time. */
export const SEARCH_PAGE = 50;

const count = new Intl.NumberFormat('en-US');

/** What the heading line of a list says about what is shown. */
export function listCountText(
  list: ReferenceList,
  shown: number,
  total: number,
  searching: boolean,
  page?: { page: number; pages: number },
): string {
  const noun = total === 1 ? 'item' : 'items';
  if (total === 0) return searching ? 'No matches' : 'No items';
  if (page)
    return `${count.format(total)} ${list === 'treatment-centers' ? (total === 1 ? 'center' : 'centers') : noun} · page ${page.page} of ${page.pages}`;
  if (searching)
    return shown < total
      ? `${count.format(total)} matches, showing ${count.format(shown)}`
      : `${count.format(total)} ${total === 1 ? 'match' : 'matches'}`;
  return shown < total
    ? `Showing ${count.format(shown)} of ${count.format(total)}: search to find the rest`
    : `All ${count.format(total)} ${noun}`;
}

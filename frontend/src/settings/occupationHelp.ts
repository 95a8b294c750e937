import { occupationExample } from '@cc/contracts';

/**
 * The MOS field's helper text: the branch's typical entry when it has a pick list, and how to use
 * the list; for a branch without a list (or before one is chosen), what to write instead.
 */
export function occupationHelp(branch: string, options: { optional: boolean; listed: boolean }): string {
  const example = occupationExample(branch);
  const lead = options.optional ? 'Optional' : example ? `e.g. ${example}` : 'Your MOS, rating or specialty: its code and title';
  return options.listed ? `${lead}. Type a code or title to pick from the list, or write your own.` : lead;
}

import { CRISIS_LINE } from './citations';

/**
 * Crisis language. Matched generously: a false alarm costs one paragraph, a miss could cost a life.
 * The crisis line's numbers are the Veterans Crisis Line's own (988 then 1, text 838255, chat).
 */
const CRISIS =
  /\b(?:kill(?:ing)? my ?self|end(?:ing)? (?:it all|it|my life|things)|suicid\w*|want(?:ed)? to die|wish I (?:was|were) dead|(?:don'?t|do not) want to (?:live|be alive|be here)|take my (?:own )?life|hurt(?:ing)? my ?self|self[- ]?harm|no reason to live|better off dead|can'?t go on)\b/i;

export function isCrisisLanguage(text: string): boolean {
  return CRISIS.test(text);
}

export const CRISIS_MESSAGE =
  '**If you are thinking about suicide or are in crisis, please reach out right now — you are not alone.** ' +
  'The **Veterans Crisis Line** is free, confidential and open 24/7: **dial 988 then press 1**, **text 838255**, ' +
  'or **chat at [VeteransCrisisLine.net](https://www.veteranscrisisline.net)**. If you are in immediate danger, call 911.';

export const CRISIS_CITATION = CRISIS_LINE;

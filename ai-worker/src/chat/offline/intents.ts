import type { ExtremityRating } from '../tools/combinedRating';
import { extremityOf } from '../tools/combinedRating';
import { dateIn, deadlineKindIn, type DeadlineKind } from '../tools/deadlines';

/**
 * What a question asks for, read from its words. Each intent leads to a tool or to the veteran's
 * own file; anything else is answered from the knowledge base, or not at all.
 */
export interface Intents {
  identity: boolean;
  greeting: boolean;
  capabilities: boolean;
  combined?: { mine: boolean; ratings: number[]; extremities: ExtremityRating[] };
  myClaims: boolean;
  myDocuments: boolean;
  nextSteps: boolean;
  deadline?: { kind: DeadlineKind; date?: string; mine: boolean };
  secondary: boolean;
  forms: boolean;
}

const MINE = /\b(my|mine|i|i'm|i've|me)\b/i;

/** Ratings written in a question: "50% and 30%", "20% left knee, 10% right knee". */
export function ratingsIn(text: string): { ratings: number[]; extremities: ExtremityRating[] } {
  const ratings: number[] = [];
  const extremities: ExtremityRating[] = [];
  for (const clause of text.split(/,|;|\band\b|\bplus\b|\bwith\b|\n/i)) {
    for (const m of clause.matchAll(/\b(\d{1,3})\s*(?:%|percent\b)/gi)) {
      const rating = Number(m[1]);
      if (rating > 100) continue;
      const side = extremityOf(clause);
      if (side) extremities.push({ ...side, rating });
      else ratings.push(rating);
    }
  }
  return { ratings, extremities };
}

export function readIntents(question: string): Intents {
  const q = question.trim();
  const lower = q.toLowerCase();
  const mine = MINE.test(q);

  const identity =
    /\b(are you (?:a |an )?(?:human|real|person|robot|bot|ai|machine|computer|live agent)|who are you|what are you|am i (?:talking|chatting|speaking) (?:to|with))\b/i.test(
      q,
    );
  const greeting = /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|greetings)\b[\s!.,a-z]{0,20}$/i.test(q);
  const capabilities = /\bwhat can you (?:do|help)|\bhow can you help\b|^(?:can you )?help(?: me)?(?: with my claims?)?\s*[?.!]*$/i.test(q);

  const numbers = ratingsIn(q);
  const aboutCombining = /\bcombin\w*|\btotal\b|\boverall\b|\badd up\b|\bcalculat\w*|\bbilateral\b/i.test(q);
  const aboutMyRating =
    /\bmy\b[^.?!]*\b(?:rating|percentage|percent)\b|\bam i rated\b|\bwhat(?:'s| is) my (?:va )?(?:rating|percentage)\b/i.test(q);
  const listed = numbers.ratings.length + numbers.extremities.length;
  let combined: Intents['combined'];
  if (listed >= 2 && (aboutCombining || /\bwhat\b/i.test(q))) combined = { mine: false, ...numbers };
  else if (aboutMyRating && (aboutCombining || /\bwhat(?:'s| is)\b/i.test(q))) combined = { mine: true, ratings: [], extremities: [] };

  const myDocuments =
    /\bmy (?:documents?|records?|files?|uploads?|analys[ie]s|evidence|nexus letters?|results?)\b/i.test(q) && !/\bform\b/i.test(q);
  const nextSteps = /\bwhat should i do\b|\bnext steps?\b|\bwhat do i do (?:now|next)\b|\bwhat now\b|\bwhat'?s next\b/i.test(q);

  let deadline: Intents['deadline'];
  const kind = deadlineKindIn(q);
  const date = dateIn(q);
  const aboutTime =
    /\bdeadlines?\b|\bhow long do i have\b|\bhow much time\b|\bwhen (?:is|are|do|does|must|should|can)\b|\bdue\b|\blast day\b|\btime limits?\b|\bby when\b|\buntil\b|\bstill (?:file|appeal|request)\b|\btoo late\b|\bwindow\b/i.test(
      q,
    );
  if (kind && (aboutTime || date)) deadline = { kind, ...(date ? { date } : {}), mine: mine && !date };

  // "My claim was denied on 2025-06-01, what now?" is about that decision, not about the tracker.
  const myClaims =
    /\bmy (?:claims?|case)\b/i.test(q) &&
    /\b(?:status|where|how long|pending|progress|stand|doing|update|what|list|show|overview|days)\b/i.test(q) &&
    !combined &&
    !deadline?.date;

  const secondary =
    /\bsecondary\b|\b(?:caused|made worse|worsened|aggravated) by my\b|\bbecause of my\b|\b(?:due to|result of|related to) my\b|\bfrom my service[- ]connected\b/i.test(
      q,
    );
  const forms =
    /\b(?:which|what) (?:va )?(?:form|dbq|paperwork)\b|\bform (?:do|should|would|can) i\b|\bwhat do i (?:file|use|fill out|submit)\b|\bform (?:for|to)\b|\bdbq for\b|\bform number\b/i.test(
      lower,
    );

  return { identity, greeting, capabilities, combined, myClaims, myDocuments, nextSteps, deadline, secondary, forms };
}

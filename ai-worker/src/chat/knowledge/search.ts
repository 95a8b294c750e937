import MiniSearch from 'minisearch';
import { KNOWLEDGE, type KnowledgeEntry } from './entries';

/**
 * BM25 retrieval over the knowledge base (minisearch: BM25+ scoring, prefix and fuzzy matching).
 * Words that every VA question shares ("va", "claim", "veteran") never make a passage relevant on
 * their own: a hit must match at least one specific word, or the assistant says it does not know.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from get got had has have how i if in into is it its ' +
    'me my mine of on or our should so than that the their them then there these they this to too was we were what when ' +
    'where which who why will with would you your about any also am just like want need know tell please help ' +
    'dear hi hello thanks thank ok okay much many some more most very really win won winning next'
  ).split(' '),
);

/** Words too common in this domain to show relevance alone. */
const GENERIC = new Set([
  'va',
  'vas',
  'claim',
  'claims',
  'veteran',
  'veterans',
  'benefit',
  'benefits',
  'disability',
  'disabilities',
  'file',
  'filing',
  'form',
  'forms',
  'rating',
  'ratings',
  'condition',
  'conditions',
  'service',
]);

export interface KnowledgeHit {
  entry: KnowledgeEntry;
  score: number;
  /** The specific (non-generic) query words it matched. */
  matched: string[];
}

const tokenize = (text: string) =>
  text
    .toLowerCase()
    .match(/[a-z0-9][a-z0-9&'-]*/g)
    ?.map((t) => t.replace(/'s$/, '').replace(/'/g, '')) ?? [];

const index = new MiniSearch<KnowledgeEntry>({
  idField: 'id',
  fields: ['title', 'keywords', 'body'],
  storeFields: ['id'],
  tokenize,
  processTerm: (term) => (STOP_WORDS.has(term) ? null : term),
  searchOptions: {
    boost: { title: 2, keywords: 2 },
    prefix: (term) => term.length >= 5,
    fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
  },
});
index.addAll(KNOWLEDGE as KnowledgeEntry[]);
const byId = new Map(KNOWLEDGE.map((e) => [e.id, e]));

/** The passages relevant to a question, best first; only those that match a specific word. */
export function searchKnowledge(question: string, limit = 3): KnowledgeHit[] {
  const results = index.search(question, { combineWith: 'OR' });
  const hits: KnowledgeHit[] = [];
  for (const r of results) {
    // A number ("50%") is no topic: it matches every passage that happens to quote it.
    const matched = r.queryTerms.filter((t) => !GENERIC.has(t) && !/^\d+$/.test(t));
    if (matched.length === 0) continue;
    hits.push({ entry: byId.get(String(r.id))!, score: r.score, matched });
  }
  if (hits.length === 0) return [];
  // Keep passages close to the best one: a weak tail match adds noise, not facts.
  const best = hits[0]!.score;
  return hits.filter((h) => h.score >= best * 0.45).slice(0, limit);
}

export function knowledgeEntry(id: string): KnowledgeEntry | undefined {
  return byId.get(id);
}

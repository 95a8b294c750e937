import { SOURCES_HEADING } from '@cc/contracts';
import { sourcesMarkdown, uniqueCitations } from './citations';
import { CRISIS_CITATION, CRISIS_MESSAGE, isCrisisLanguage } from './safety';
import type { ChatAnswer, ChatCallOptions, ChatEngine, ChatRequest } from './types';

/**
 * One answer, whatever the engine: crisis language gets the Veterans Crisis Line first (never left
 * to a model), then the engine's text as it streams, then the sources block every answer ends with.
 * The text streamed is exactly the text returned.
 */
export async function answerQuestion(
  engine: ChatEngine,
  request: Omit<ChatRequest, 'crisis'>,
  options: ChatCallOptions,
): Promise<ChatAnswer> {
  const crisis = isCrisisLanguage(request.question);
  const prefix = crisis ? `${CRISIS_MESSAGE}\n\n` : '';
  if (prefix) options.onDelta(prefix);
  const answer = await engine.answer({ ...request, crisis }, options);
  const citations = uniqueCitations([...(crisis ? [CRISIS_CITATION] : []), ...answer.citations]);
  const sources = citations.length > 0 ? `${SOURCES_HEADING}${sourcesMarkdown(citations)}` : '';
  if (sources) options.onDelta(sources);
  return { content: `${prefix}${answer.body}${sources}`, citations, engine: { name: engine.name, model: engine.model } };
}

// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

/**
 * An answer's text ends with its sources under this exact heading, so every client that shows the
 * text alone (the widget, the wizard) shows them too; the chat page splits them off and shows the
 * structured citations as chips instead.
 */
export const SOURCES_HEADING = '\n\n**Sources**\n';

/** The answer's text without its sources block, and the block (empty when there is none). */
export function splitSources(content: string): { body: string; sources: string } {
  const at = content.lastIndexOf(SOURCES_HEADING);
  if (at < 0) return { body: content, sources: '' };
  return { body: content.slice(0, at), sources: content.slice(at + SOURCES_HEADING.length) };
}

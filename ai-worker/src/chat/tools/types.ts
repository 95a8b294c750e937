import type { Citation, VeteranFile } from '@cc/contracts';

export interface ToolContext {
  file: VeteranFile;
  now: Date;
}

/** What a tool found: text for the answer, its sources, and the figures (the OpenAI engine gets these as the tool's result). */
export interface ToolResult {
  markdown: string;
  citations: Citation[];
  data: unknown;
}

/** A tool the assistant calls when a question needs it; the same definition is an OpenAI function. */
export interface ChatTool<Args> {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
  parse(args: unknown): Args;
  run(args: Args, context: ToolContext): ToolResult;
}

export const claimCitation = (claim: VeteranFile['claims'][number]): Citation => ({
  kind: 'claim',
  label: `Claim ${claim.claimNumber}`,
  title: claim.condition,
  url: '/claims',
});

export const documentCitation = (document: VeteranFile['documents'][number]): Citation => ({
  kind: 'document',
  label: document.fileName,
  title: 'Your document',
  url: '/documents',
});

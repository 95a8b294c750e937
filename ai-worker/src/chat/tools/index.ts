import { combinedRatingTool } from './combinedRating';
import { deadlineTool } from './deadlines';
import { whichFormTool } from './forms';
import { secondaryConditionsTool } from './secondary';
import type { ChatTool } from './types';

/** Every tool the assistant can call, by name. */
export const CHAT_TOOLS: readonly ChatTool<unknown>[] = [
  combinedRatingTool,
  deadlineTool,
  secondaryConditionsTool,
  whichFormTool,
] as ChatTool<unknown>[];

export { combinedRatingTool, deadlineTool, secondaryConditionsTool, whichFormTool };
export type { ChatTool, ToolContext, ToolResult } from './types';

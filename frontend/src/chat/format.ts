import { splitSources } from '@cc/contracts';

/** Session date labels (spec doc 1 §2): Today under 24 h, Yesterday under 48 h, the weekday under 168 h, else "Jan 5". */
export function sessionDateLabel(updatedAt: string, now: Date = new Date()): string {
  const at = new Date(updatedAt);
  const hours = (now.getTime() - at.getTime()) / 3_600_000;
  if (hours < 24) return 'Today';
  if (hours < 48) return 'Yesterday';
  if (hours < 168) return at.toLocaleDateString('en-US', { weekday: 'long' });
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** The widget cuts each message at 150 characters and adds an ellipsis (spec doc 1 §2, §9). */
export const WIDGET_MESSAGE_LENGTH = 150;
export const WIDGET_MESSAGE_COUNT = 5;

/** An answer as plain words for the widget's short lines: its sources block and Markdown marks left out. */
export function plainText(markdown: string): string {
  return splitSources(markdown)
    .body.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export function truncateMessage(text: string, length = WIDGET_MESSAGE_LENGTH): string {
  const chars = [...text];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

/** "7 of 10 questions left this month", or the unlimited wording. */
export function questionsLeftText(usage: { limit: number; remaining: number | null }): string {
  if (usage.remaining === null || usage.limit === 0) return 'Unlimited AI questions on your plan';
  return `${usage.remaining} of ${usage.limit} question${usage.limit === 1 ? '' : 's'} left this month`;
}

/** The three suggested questions (spec doc 1 §2: secondary claim filing, PTSD evidence, C&P exam prep). */
export const SUGGESTED_QUESTIONS = [
  'How do I file a claim for a secondary condition?',
  'What evidence do I need for a PTSD claim?',
  'How should I prepare for my C&P exam?',
] as const;

export const WELCOME_MESSAGE =
  "Hello! I'm your AI Copilot for VA claims — an AI assistant, not a person. Ask me about your claims, deadlines, ratings, secondary conditions or VA forms, and I'll show the sources behind every answer.";

/** The widget's canned welcome (spec doc 1 §2): secondary conditions of a service-connected knee injury (DOMAIN §6). */
export const WIDGET_WELCOME =
  "Hi! I'm your AI Copilot. For example, if your knee injury is service connected, conditions it leads to — like hip or low back problems from favoring one side when you walk — may be claimed as secondary conditions. What would you like to know?";

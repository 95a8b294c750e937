import { z } from 'zod';
import type { Citation } from './chat';
import { memberTier, type MemberTierName } from './tiers';

/**
 * Support requests (/help and the console's support queue). Every member may open one; what the
 * paid plans buy is priority: the queue serves Pro first, then the other tiers with priority
 * support (Basic and the granted ones), then Free, each oldest first.
 */
export const SUPPORT_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const SUPPORT_REQUEST_STATUS_LABELS: Record<SupportRequestStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  claimNotFound: 'Claim not found.',
  requestNotFound: 'Support request not found.',
  closed: 'This support request is closed. Open a new request to write to support again.',
} as const;

/**
 * The queue's order by the requester's tier when the request was opened: 1 Pro, 2 the other tiers
 * with priority support, 3 the rest (Free).
 */
export type SupportPriority = 1 | 2 | 3;

export function supportPriorityOf(tier: MemberTierName): SupportPriority {
  if (tier === 'pro') return 1;
  return memberTier(tier).hasPrioritySupport ? 2 : 3;
}

export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = { 1: 'Pro', 2: 'Priority', 3: 'Standard' };

const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** `POST /api/support-requests`. */
export const openSupportRequestBody = z.object({
  subject: text(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectRequired, SUPPORT_MESSAGES.subjectTooLong),
  message: text(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageRequired, SUPPORT_MESSAGES.messageTooLong),
  claimId: z.preprocess((v) => (v === '' ? null : v), z.uuid(SUPPORT_MESSAGES.claimNotFound).nullable().optional()),
});
export type OpenSupportRequestBody = z.infer<typeof openSupportRequestBody>;

/** `POST /api/support-requests/{id}/replies` and the staff's reply. */
export const supportReplyBody = z.object({
  message: text(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageRequired, SUPPORT_MESSAGES.messageTooLong),
});

/** One message of a request's thread, oldest first. */
export interface SupportMessage {
  id: string;
  author: 'veteran' | 'support';
  /** The support agent's name for their replies; the veteran's own name for theirs. */
  authorName: string;
  body: string;
  createdAt: string;
}

/** A request as its veteran lists it (`GET /api/support-requests`). */
export interface SupportRequestSummary {
  id: string;
  subject: string;
  status: SupportRequestStatus;
  claimId: string | null;
  openedAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface SupportRequestDetail extends SupportRequestSummary {
  messages: SupportMessage[];
}

/** A row of the support queue (`GET /api/staff/support-requests`). */
export interface StaffSupportRequest extends SupportRequestSummary {
  /** The queue order: 1 Pro, 2 other priority tiers, 3 Free; the `priority` sort adds oldest first. */
  priority: SupportPriority;
  /** The requester's tier when the request was opened. */
  tier: MemberTierName;
  requesterId: string;
  requesterName: string;
  requesterEmail: string;
  /** Since when the veteran has been waiting for an answer; null when support spoke last or it is closed. */
  waitingSince: string | null;
}

/** The claim a request names, as support sees it beside the thread. */
export interface SupportClaimSummary {
  id: string;
  claimNumber: string;
  condition: string;
  status: string;
  statusLabel: string;
  ratingPercentage: number | null;
  filedAt: string;
}

/** A queue row with its thread: what support's reply and close answer with. */
export interface StaffSupportThread extends StaffSupportRequest {
  messages: SupportMessage[];
}

/** `GET /api/staff/support-requests/{id}`: the thread and the claim it names. */
export interface StaffSupportRequestDetail extends StaffSupportThread {
  claim: SupportClaimSummary | null;
}

/**
 * `GET /api/help/articles?q=`: the AI Copilot's knowledge base as /help shows it, every passage
 * written from DOMAIN.md with its sources (the assistant's own entries, not a second copy).
 */
export interface HelpArticle {
  id: string;
  title: string;
  body: string;
  citations: Citation[];
}

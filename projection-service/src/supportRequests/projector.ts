import { SUPPORT_REQUEST_EVENT_TYPES, supportPriorityOf } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { ERASED, preloadOwners } from '../claims/sealed';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

type Timestamp = string | Date;

export interface SupportRequestRow {
  request_id: string;
  user_id: string;
  subject: string;
  status: string;
  claim_id: string | null;
  tier: string;
  priority: number;
  /** The queue's order as one sortable text: the priority, then the opening time (ISO, UTC). */
  queue_key: string;
  opened_at: Timestamp;
  updated_at: Timestamp;
  /** Since when the veteran has waited for support; null once support spoke last, or closed. */
  waiting_since: Timestamp | null;
  message_count: number;
}

export interface SupportMessageRow {
  message_id: string;
  request_id: string;
  user_id: string;
  author: string;
  author_id: string;
  body: string;
  created_at: Timestamp;
}

/** The opened texts of one event: the subject with the first message, or a reply. */
interface Opened {
  subject?: string;
  message?: string;
}

const HANDLED = [...SUPPORT_REQUEST_EVENT_TYPES, ACCOUNT_ERASED] as const;

/**
 * Support requests and their threads: the veteran's /help and the console's support queue. A
 * request's priority is fixed at opening from the tier it recorded.
 */
export function supportRequestsProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof HANDLED)[number], { support_requests: SupportRequestRow; support_messages: SupportMessageRow }, Opened>({
    name: 'support_requests',
    version: 1,
    handles: HANDLED,
    tables: {
      support_requests: {
        key: ['request_id'],
        columns: {
          request_id: 'uuid',
          user_id: 'uuid',
          subject: 'text',
          status: 'text',
          claim_id: 'uuid',
          tier: 'text',
          priority: 'integer',
          queue_key: 'text',
          opened_at: 'timestamptz',
          updated_at: 'timestamptz',
          waiting_since: 'timestamptz',
          message_count: 'integer',
        },
      },
      support_messages: {
        key: ['message_id'],
        columns: {
          message_id: 'uuid',
          request_id: 'uuid',
          user_id: 'uuid',
          author: 'text',
          author_id: 'uuid',
          body: 'text',
          created_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      switch (event.type) {
        case 'SupportRequestOpened':
          return (await vault.open<Opened>(event.data.userId, event.data.content)) ?? { subject: ERASED, message: ERASED };
        case 'SupportRequestReplied':
          return { message: (await vault.open<{ message: string }>(event.data.userId, event.data.content))?.message ?? ERASED };
        default:
          return {};
      }
    },
    touches(event) {
      if (event.type === ACCOUNT_ERASED)
        return { support_requests: [{ user_id: event.data.userId }], support_messages: [{ user_id: event.data.userId }] };
      const request = [{ request_id: event.data.requestId }];
      switch (event.type) {
        case 'SupportRequestOpened':
        case 'SupportRequestReplied':
          return { support_requests: request, support_messages: [{ message_id: event.data.messageId }] };
        case 'SupportRequestClosed':
          return { support_requests: request };
      }
    },
    evolve({ support_requests: requests, support_messages: messages }, event, opened) {
      if (event.type === ACCOUNT_ERASED) {
        for (const message of messages.where({ user_id: event.data.userId })) messages.delete(message);
        for (const request of requests.where({ user_id: event.data.userId })) requests.delete(request);
        return;
      }
      const at = event.metadata.occurredAt;
      const request = requests.get({ request_id: event.data.requestId });
      switch (event.type) {
        case 'SupportRequestOpened': {
          if (request) return;
          const d = event.data;
          requests.put({
            request_id: d.requestId,
            user_id: d.userId,
            subject: opened.subject ?? ERASED,
            status: 'open',
            claim_id: d.claimId,
            tier: d.tier,
            priority: supportPriorityOf(d.tier),
            queue_key: `${supportPriorityOf(d.tier)}:${d.openedAt}`,
            opened_at: d.openedAt,
            updated_at: at,
            waiting_since: d.openedAt,
            message_count: 1,
          });
          messages.put({
            message_id: d.messageId,
            request_id: d.requestId,
            user_id: d.userId,
            author: 'veteran',
            author_id: d.userId,
            body: opened.message ?? ERASED,
            created_at: d.openedAt,
          });
          return;
        }
        case 'SupportRequestReplied': {
          const d = event.data;
          // Projected before (a replay of the same event): nothing changes.
          if (!request || messages.get({ message_id: d.messageId })) return;
          messages.put({
            message_id: d.messageId,
            request_id: d.requestId,
            user_id: d.userId,
            author: d.author,
            author_id: d.authorId,
            body: opened.message ?? ERASED,
            created_at: at,
          });
          const closed = request.status === 'closed';
          requests.put({
            ...request,
            status: closed ? 'closed' : d.author === 'support' ? 'answered' : 'open',
            // The veteran's wait starts at their first unanswered message and ends with support's answer.
            waiting_since: closed || d.author === 'support' ? null : (request.waiting_since ?? at),
            message_count: request.message_count + 1,
            updated_at: at,
          });
          return;
        }
        case 'SupportRequestClosed':
          if (request) requests.put({ ...request, status: 'closed', waiting_since: null, updated_at: at });
          return;
      }
    },
  });
}

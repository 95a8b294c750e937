import type { EventType, NotificationChannel, NotificationKind } from '@cc/contracts';
import type { EventStore, PersonalDataVault, RecordedEvent } from '@cc/platform';
import type { TemplateData } from '../templates/templates';

/** What a rule can look at besides the event: the store (e.g. a claim's own stream) and the user's key. */
export interface RuleContext {
  store: EventStore;
  vault: PersonalDataVault;
  /** The password reset page's address for a freshly minted token of this request. */
  mintPasswordResetUrl(request: { requestId: string; userId: string; expiresAt: string }): Promise<string>;
}

/** A notification a rule decided on; the worker applies the user's preferences and sends it. */
export interface NotificationIntent<K extends NotificationKind = NotificationKind> {
  userId: string;
  kind: K;
  data: TemplateData[K];
  /** Default: both. A password reset is e-mail only. */
  channels?: readonly NotificationChannel[];
  /** Data only the e-mail needs and only once it is really sent (a reset link's token). */
  emailData?: () => Promise<Partial<TemplateData[K]>>;
}

/**
 * One kind of notification: which events it reacts to and what it says. A new kind is one rule
 * (here) plus one template (templates.ts), registered in `NOTIFICATION_RULES`.
 */
export interface NotificationRule {
  /** Names the rule in delivery keys: keep it stable. */
  name: string;
  eventTypes: readonly EventType[];
  notify(event: RecordedEvent, context: RuleContext): Promise<NotificationIntent | undefined>;
}

import {
  ACCOUNT_EVENT_TYPES,
  CLAIM_EVENT_TYPES,
  CLAIM_STATUS_LABELS,
  DEADLINE_REMINDER_EVENT_TYPES,
  DEADLINE_TITLES,
  DOCUMENT_EVENT_TYPES,
  pickEventTypes,
  USER_EVENT_TYPES,
  daysBetweenDates,
  longDay,
  utcDay,
  memberTier,
  streams,
  type ClaimText,
  type EventDataOf,
  type NotificationKind,
  type UserPersonalData,
} from '@cc/contracts';
import { supportAnsweredRule } from './supportAnswered';
import type { NotificationIntent, NotificationRule } from './types';

const intent = <K extends NotificationKind>(value: NotificationIntent<K>) => value as unknown as NotificationIntent;

/** The first day of the month after `month` (`YYYY-MM`), written out for a person. */
export function nextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, mon, 1));
  return next.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const welcomeRule: NotificationRule = {
  name: 'welcome',
  eventTypes: pickEventTypes(USER_EVENT_TYPES, ['UserRegistered']),
  async notify(event, { vault }) {
    const data = event.data as EventDataOf<'UserRegistered'>;
    const personal = await vault.open<UserPersonalData>(data.userId, data.personal);
    if (!personal) return undefined;
    return intent({ userId: data.userId, kind: 'welcome', data: { firstName: personal.firstName } });
  },
};

export const claimStatusRule: NotificationRule = {
  name: 'claim-status',
  eventTypes: pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimStatusChanged']),
  async notify(event, { store, vault }) {
    const data = event.data as EventDataOf<'ClaimStatusChanged'>;
    // The claim's condition is sealed in its filing; the claim's own stream has it.
    const { events } = await store.readStream(streams.claim(data.claimId));
    const filed = events.find((e) => e.type === 'ClaimFiled')?.data as EventDataOf<'ClaimFiled'> | undefined;
    if (!filed) return undefined;
    const text = await vault.open<ClaimText>(data.userId, filed.text);
    if (!text) return undefined;
    return intent({
      userId: data.userId,
      kind: 'claim-status',
      data: {
        condition: text.condition,
        claimNumber: filed.claimNumber,
        from: CLAIM_STATUS_LABELS[data.from],
        to: CLAIM_STATUS_LABELS[data.to],
      },
    });
  },
};

export const documentUploadRule: NotificationRule = {
  name: 'document-upload',
  eventTypes: pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentRegistered']),
  async notify(event, { store, vault }) {
    const data = event.data as EventDataOf<'DocumentRegistered'>;
    // A report the app made from an analysis is not an upload (its own toast says so).
    if (data.reportOf) return undefined;
    const name = await vault.open<{ fileName: string }>(data.userId, data.name);
    if (!name) return undefined;
    let claimCondition: string | null = null;
    if (data.claimId) {
      const { events } = await store.readStream(streams.claim(data.claimId));
      const filed = events.find((e) => e.type === 'ClaimFiled')?.data as EventDataOf<'ClaimFiled'> | undefined;
      if (filed) claimCondition = (await vault.open<ClaimText>(data.userId, filed.text))?.condition ?? null;
    }
    return intent({
      userId: data.userId,
      kind: 'document-upload',
      data: { fileName: name.fileName, fileSize: data.fileSize, claimCondition },
    });
  },
};

export const aiUsageLimitRule: NotificationRule = {
  name: 'ai-usage-limit',
  eventTypes: pickEventTypes(USER_EVENT_TYPES, ['UserUsageLimitReached']),
  async notify(event) {
    const data = event.data as EventDataOf<'UserUsageLimitReached'>;
    return intent({
      userId: data.userId,
      kind: 'ai-usage-limit',
      data: { limit: data.limit, usage: data.usage, resetsOn: nextMonthStart(data.month) },
    });
  },
};

export const subscriptionRule: NotificationRule = {
  name: 'subscription',
  eventTypes: pickEventTypes(USER_EVENT_TYPES, ['UserTierChanged']),
  async notify(event) {
    const data = event.data as EventDataOf<'UserTierChanged'>;
    return intent({
      userId: data.userId,
      kind: 'subscription',
      data: { from: memberTier(data.from).displayName, to: memberTier(data.to).displayName, reason: data.reason },
    });
  },
};

export const passwordResetRule: NotificationRule = {
  name: 'password-reset',
  eventTypes: pickEventTypes(ACCOUNT_EVENT_TYPES, ['PasswordResetRequested']),
  async notify(event, { mintPasswordResetUrl }) {
    const data = event.data as EventDataOf<'PasswordResetRequested'>;
    // Past its expiry (a worker that was down for an hour), a link would not work: send nothing.
    if (Date.parse(data.expiresAt) <= Date.now()) return undefined;
    return intent({
      userId: data.userId,
      kind: 'password-reset',
      channels: ['email'],
      data: { resetUrl: '' },
      emailData: async () => ({ resetUrl: await mintPasswordResetUrl(data) }),
    });
  },
};

/** "A, B or C". */
const orList = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

export const deadlineReminderRule: NotificationRule = {
  name: 'deadline-reminder',
  eventTypes: DEADLINE_REMINDER_EVENT_TYPES,
  async notify(event, { store, vault }) {
    const data = event.data as EventDataOf<'DeadlineReminderDue'>;
    // Sent late (a worker that was down), a passed deadline is no reminder any more.
    const daysLeft = daysBetweenDates(utcDay(new Date()), data.dueDate);
    if (daysLeft < 0) return undefined;
    const { events } = await store.readStream(streams.claim(data.claimId));
    const filed = events.find((e) => e.type === 'ClaimFiled')?.data as EventDataOf<'ClaimFiled'> | undefined;
    if (!filed) return undefined;
    // The decision date changed (or was cleared) since: the reminder counted from the old one is stale.
    const dates = events.filter((e) => e.type === 'ClaimDecisionDateSet').map((e) => (e.data as EventDataOf<'ClaimDecisionDateSet'>).to);
    if (dates[dates.length - 1] !== data.decisionDate) return undefined;
    const text = await vault.open<ClaimText>(data.userId, filed.text);
    if (!text) return undefined;
    return intent({
      userId: data.userId,
      kind: 'deadline-reminder',
      data: {
        condition: text.condition,
        claimNumber: filed.claimNumber,
        deadline: longDay(data.dueDate),
        daysLeft,
        option: orList(data.kinds.map((kind) => DEADLINE_TITLES[kind])),
      },
    });
  },
};

/**
 * Every kind the worker sends. Append new rules at the end: a rule's place in this list is part of
 * its in-app notification's id.
 */
export const NOTIFICATION_RULES: readonly NotificationRule[] = [
  welcomeRule,
  claimStatusRule,
  documentUploadRule,
  aiUsageLimitRule,
  subscriptionRule,
  passwordResetRule,
  deadlineReminderRule,
  supportAnsweredRule,
];

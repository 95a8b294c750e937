import path from 'node:path';
import type { Knex } from 'knex';
import { emailAccountData } from './accountData';
import { emailDeliveries } from './mail/deliveries';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import { emailRoutes } from './routes/emailRoutes';

import { notificationMigrations as mailMigrations } from './mail/migrations';
import { digestMigrations } from './digest/migrations';
import { digestAccountData } from './digest/accountData';

export const notificationMigrations = [...mailMigrations, ...digestMigrations];
export { startWeeklyDigest, runWeeklyDigest, WEEKLY_DIGEST_SCHEDULE, type WeeklyDigestDeps, type DigestRun } from './digest/weeklyDigest';
export type { DigestReadSide } from './digest/readSide';
export type { DigestClaim, DigestDeadline, DigestStatusChange, DigestSource } from './digest/sources';
export type { EvidenceSnapshot } from './digest/evidenceWatch';
export { startNotificationsWorker, NOTIFICATIONS_WORKER, type NotificationsWorkerDeps } from './worker';
export { NOTIFICATION_RULES, deadlineReminderRule } from './rules/rules';
export { startDeadlineReminders, recordDueReminders, remindersDue, reminderOwed, type ClaimDeadlines } from './reminders/deadlineReminders';
export type { NotificationRule, NotificationIntent, RuleContext } from './rules/types';
export { smtpMailer, outboxMailer, type Mailer } from './mail/mailer';
export { emailDeliveries, type EmailDeliveries } from './mail/deliveries';

export interface NotificationServiceDeps {
  knex: Knex;
  dataDir: string;
  /** Real SMTP when set; otherwise messages are written to `DATA_DIR/outbox`. */
  smtpUrl: string | undefined;
  from: string;
  appUrl: string;
}

/** E-mail: the mailer chosen by the configuration, the delivery log, the Email Testing routes, and its account data. */
export function createNotificationService(deps: NotificationServiceDeps) {
  const outboxDir = path.join(deps.dataDir, 'outbox');
  const mailer: Mailer = deps.smtpUrl ? smtpMailer(deps.smtpUrl, deps.from) : outboxMailer(outboxDir, deps.from);
  const deliveries = emailDeliveries(deps.knex, mailer);
  return {
    mailer,
    deliveries,
    outboxDir,
    routes: [emailRoutes({ knex: deps.knex, mailer, deliveries, outboxDir, appUrl: deps.appUrl })],
    accountData: emailAccountData(deps.knex, outboxDir),
    digestAccountData: digestAccountData(deps.knex),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

import {
  startWeeklyDigest,
  runWeeklyDigest,
  type DigestReadSide,
  type NotificationService,
  type WeeklyDigestDeps,
} from '@cc/notification-service';
import { digestQueries, type ProjectionService } from '@cc/projection-service';
import type { CommandBus, Logger } from '@cc/platform';
import type { Foundation } from './foundation';

/** The weekly digest and readiness-drop notices (Pro's automatic updates), reading the projection service's read models. */
export function composeWeeklyDigest(options: {
  foundation: Foundation;
  notifications: NotificationService;
  commands: CommandBus;
  queries: ProjectionService['queries'];
  appUrl: string;
  logger: Logger;
  now?: () => Date;
  intervalMs?: number;
}) {
  const { knex, vault } = options.foundation;
  const readSide: DigestReadSide = {
    claimInsightUsers: () => digestQueries.claimInsightUsers(knex),
    claims: (userId) => digestQueries.digestClaims(knex, userId),
    statusChanges: (userId, from, to) => digestQueries.statusChangesBetween(knex, userId, from, to),
    strategySteps: (userId) => digestQueries.strategyStepsOf(knex, userId),
    deadlines: (userId, now, days) => digestQueries.userDeadlinesDueWithin(knex, userId, now, days),
    evidenceMaps: (userIds) => digestQueries.evidenceSnapshots(knex, userIds),
    preferences: options.queries.preferences,
    findUser: options.queries.findUserProfile,
  };
  const deps: WeeklyDigestDeps = {
    knex,
    vault,
    commands: options.commands,
    deliveries: options.notifications.deliveries,
    readSide,
    appUrl: options.appUrl,
    logger: options.logger,
    now: options.now,
    intervalMs: options.intervalMs,
  };
  return { start: () => startWeeklyDigest(deps), runNow: (now?: () => Date) => runWeeklyDigest({ ...deps, now: now ?? deps.now }) };
}

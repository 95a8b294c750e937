import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { longDay, notificationWanted, utcDay, type NotificationChannel, type NotificationKind } from '@cc/contracts';
import { DuplicateEventError, idempotentEventId, type CommandBus, type Logger, type PersonalDataVault } from '@cc/platform';
import type { EmailDeliveries } from '../mail/deliveries';
import { renderEmail } from '../templates/layout';
import { renderNotification, type TemplateData } from '../templates/templates';
import { formatAddress } from '../worker';
import { evidenceChange, isReadinessDrop, type EvidenceChange, type EvidenceSnapshot } from './evidenceWatch';
import { isoWeekOf, previousIsoWeek, type IsoWeek } from './isoWeek';
import type { DigestReadSide } from './readSide';
import { composeDigest, DIGEST_DEADLINE_DAYS, DIGEST_SOURCES, type DigestSource } from './sources';

export const WEEKLY_DIGEST_SCHEDULE = 'weekly-digest';

/** A worker that claimed a user's digest and died holds it this long before another takes over. */
const LEASE_SECONDS = 600;

export interface WeeklyDigestDeps {
  knex: Knex;
  vault: PersonalDataVault;
  commands: CommandBus;
  deliveries: EmailDeliveries;
  readSide: DigestReadSide;
  appUrl: string;
  logger: Logger;
  sources?: readonly DigestSource[];
  /** The clock; tests move it to next week instead of waiting for it. */
  now?: () => Date;
  /** How often to look (default hourly: the evidence watch runs every time, the digest once a week). */
  intervalMs?: number;
}

export interface DigestRun {
  week: string;
  /** Digests this run sent (users already served this week are not counted). */
  digests: number;
  /** Users whose week had nothing to tell (no digest) or who turned the digest off on every channel. */
  quiet: number;
  readinessDrops: number;
}

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * One run: watch the evidence maps of every Pro account (telling a readiness drop at once), then,
 * unless this ISO week's digests already went out, send each account the digest of the week before.
 * Safe to run at any time, as often as wanted, in several processes.
 */
export async function runWeeklyDigest(deps: WeeklyDigestDeps): Promise<DigestRun> {
  const now = (deps.now ?? (() => new Date()))();
  const week = isoWeekOf(utcDay(now));
  const users = await deps.readSide.claimInsightUsers();
  const readinessDrops = await watchEvidence(deps, users);
  const run: DigestRun = { week: week.key, digests: 0, quiet: 0, readinessDrops };

  const schedule = await deps.knex('digest_schedule').where({ name: WEEKLY_DIGEST_SCHEDULE }).first('last_week');
  // ISO week keys sort as text; a clock behind the last run's (another process's) owes nothing either.
  if (schedule && schedule.last_week >= week.key) return run;
  let unfinished = 0;
  for (const userId of users) {
    // One account's failure (its e-mail refused) must not hold back everyone else's digest.
    const outcome = await sendDigest(deps, userId, week, now).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId, week: week.key }, 'weekly digest: could not send; trying again later');
      return 'pending' as const;
    });
    if (outcome === 'sent') run.digests += 1;
    else if (outcome === 'empty' || outcome === 'unwanted') run.quiet += 1;
    else if (outcome === 'pending') unfinished += 1;
  }
  // A digest still being sent (or failed) keeps the week open: the next run takes it over once its lease ends.
  if (unfinished > 0) return run;
  await deps
    .knex('digest_schedule')
    .insert({ name: WEEKLY_DIGEST_SCHEDULE, last_week: week.key, finished_at: now })
    .onConflict('name')
    .merge()
    .where('digest_schedule.last_week', '<', week.key);
  deps.logger.info({ week: week.key, digests: run.digests, quiet: run.quiet }, 'weekly digest run finished');
  return run;
}

/** Compares each map with the one last seen: moves go into the week's log, a drop is told once. */
async function watchEvidence(deps: WeeklyDigestDeps, users: readonly string[]): Promise<number> {
  if (users.length === 0) return 0;
  const maps = await deps.readSide.evidenceMaps(users);
  const seenRows: { claim_id: string; user_id: string; readiness: number; states: EvidenceSnapshot['states']; updated_at: string }[] =
    await deps.knex('digest_evidence_seen').whereIn(
      'claim_id',
      maps.map((m) => m.claimId),
    );
  const seen = new Map(
    seenRows.map((r) => [
      r.claim_id,
      { claimId: r.claim_id, userId: r.user_id, readiness: r.readiness, states: r.states, updatedAt: r.updated_at },
    ]),
  );
  let drops = 0;
  for (const map of maps) {
    const change = evidenceChange(seen.get(map.claimId), map);
    if (change) {
      if (change.moves.length > 0) {
        await deps
          .knex('digest_evidence_moves')
          .insert(
            change.moves.map((move) => ({
              claim_id: change.claimId,
              user_id: change.userId,
              element: move.element,
              from_state: move.from,
              to_state: move.to,
              at: change.at,
            })),
          )
          .onConflict(['claim_id', 'element', 'at'])
          .ignore();
      }
      if (isReadinessDrop(change) && (await tellReadinessDrop(deps, change))) drops += 1;
    }
    if (seen.get(map.claimId)?.updatedAt === map.updatedAt) continue;
    await deps
      .knex('digest_evidence_seen')
      .insert({
        claim_id: map.claimId,
        user_id: map.userId,
        readiness: map.readiness,
        states: JSON.stringify(map.states),
        updated_at: map.updatedAt,
      })
      .onConflict('claim_id')
      .merge();
  }
  return drops;
}

/**
 * Told once per drop (a claim's map at one `updated_at`): the row is written after the message went,
 * and the message itself is idempotent by the same key, so a crash in between sends nothing twice.
 */
async function tellReadinessDrop(deps: WeeklyDigestDeps, change: EvidenceChange): Promise<boolean> {
  const told = await deps.knex('digest_readiness_drops').where({ claim_id: change.claimId, updated_at: change.at }).first('claim_id');
  if (told) return false;
  const claim = (await deps.readSide.claims(change.userId)).find((c) => c.claimId === change.claimId);
  if (!claim) return false;
  const channels = await send(deps, {
    userId: change.userId,
    key: `readiness-drop:${change.claimId}:${change.at}`,
    kind: 'readiness-drop',
    data: { claimNumber: claim.claimNumber, condition: claim.condition, from: change.readinessFrom, to: change.readinessTo },
  });
  await deps
    .knex('digest_readiness_drops')
    .insert({
      claim_id: change.claimId,
      updated_at: change.at,
      user_id: change.userId,
      readiness_from: change.readinessFrom,
      readiness_to: change.readinessTo,
    })
    .onConflict(['claim_id', 'updated_at'])
    .ignore();
  return channels.length > 0;
}

/** `done`: sent or settled by an earlier run; `pending`: another run holds it, or this one failed. */
type SendOutcome = 'sent' | 'empty' | 'unwanted' | 'done' | 'pending';

/** The digest of the week before `week`, once per user and ISO week (the `digest_sends` row is the key). */
async function sendDigest(deps: WeeklyDigestDeps, userId: string, week: IsoWeek, now: Date): Promise<SendOutcome> {
  const claimed: unknown[] = await deps.knex
    .raw(
      `insert into digest_sends (user_id, iso_week, status, claimed_at) values (?, ?, 'sending', now())
     on conflict (user_id, iso_week) do update set claimed_at = now()
       where digest_sends.status = 'sending' and digest_sends.claimed_at < now() - make_interval(secs => ?)
     returning user_id`,
      [userId, week.key, LEASE_SECONDS],
    )
    .then((result: { rows: unknown[] }) => result.rows);
  if (claimed.length === 0) {
    const row = await deps.knex('digest_sends').where({ user_id: userId, iso_week: week.key }).first('status');
    return row?.status === 'sending' ? 'pending' : 'done';
  }
  const finish = (status: 'sent' | 'empty' | 'unwanted', sections = 0) =>
    deps.knex('digest_sends').where({ user_id: userId, iso_week: week.key }).update({ status, sections, finished_at: now });

  const reported = previousIsoWeek(week);
  const [claims, statusChanges, moves, deadlines, strategySteps] = await Promise.all([
    deps.readSide.claims(userId),
    deps.readSide.statusChanges(userId, midnight(reported.monday), midnight(week.monday)),
    deps
      .knex('digest_evidence_moves')
      .where({ user_id: userId })
      .where('at', '>=', midnight(reported.monday))
      .where('at', '<', midnight(week.monday))
      .orderBy('at')
      .select('claim_id', 'element', 'from_state', 'to_state'),
    deps.readSide.deadlines(userId, now, DIGEST_DEADLINE_DAYS),
    deps.readSide.strategySteps(userId),
  ]);
  const sections = composeDigest(
    {
      week: reported,
      today: utcDay(now),
      claims,
      statusChanges,
      evidenceMoves: moves.map((m: { claim_id: string; element: never; from_state: never; to_state: never }) => ({
        claimId: m.claim_id,
        element: m.element,
        from: m.from_state,
        to: m.to_state,
      })),
      deadlines,
      strategySteps,
    },
    deps.sources ?? DIGEST_SOURCES,
  );
  if (!sections) {
    await finish('empty');
    return 'empty';
  }
  const channels = await send(deps, {
    userId,
    key: `weekly-digest:${userId}:${week.key}`,
    kind: 'weekly-digest',
    data: { weekOf: `${longDay(reported.monday)} to ${longDay(reported.sunday)}`, sections },
  });
  await finish(channels.length > 0 ? 'sent' : 'unwanted', sections.length);
  return channels.length > 0 ? 'sent' : 'unwanted';
}

interface Message<K extends 'weekly-digest' | 'readiness-drop'> {
  userId: string;
  /** Stable for one message: the in-app notification's id and the e-mail's delivery key come from it. */
  key: string;
  kind: K;
  data: TemplateData[K];
}

/** In the app and by e-mail, as the user's preferences say; each channel refuses a second copy of `key`. */
async function send<K extends 'weekly-digest' | 'readiness-drop'>(
  deps: WeeklyDigestDeps,
  message: Message<K>,
): Promise<NotificationChannel[]> {
  if (await deps.vault.isErased(message.userId)) return [];
  const preferences = await deps.readSide.preferences(message.userId);
  const channels = (['inApp', 'email'] as const).filter((channel) => notificationWanted(preferences, message.kind, channel));
  const rendered = renderNotification(message.kind as NotificationKind, message.data as TemplateData[NotificationKind], deps.appUrl);
  if (channels.includes('inApp')) {
    try {
      await deps.commands.send(
        { type: 'RecordNotification', data: { userId: message.userId, kind: message.kind, ...rendered.inApp } },
        {
          metadata: { userId: null, service: 'notification-service', correlationId: randomUUID() },
          idempotencyKey: idempotentEventId(message.key),
        },
      );
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  }
  if (channels.includes('email')) {
    await deps.deliveries.deliver({ key: message.key, userId: message.userId, kind: message.kind }, async () => {
      const user = await deps.readSide.findUser(message.userId);
      return user?.email ? { to: formatAddress(user), ...renderEmail(rendered.email, deps.appUrl) } : undefined;
    });
  }
  return channels;
}

/** Runs `runWeeklyDigest` now and then every `intervalMs`; one run at a time in this process. */
export function startWeeklyDigest(deps: WeeklyDigestDeps): { stop(): Promise<void>; runNow(): Promise<DigestRun> } {
  let running: Promise<DigestRun> | undefined;
  const runNow = () => {
    running ??= runWeeklyDigest(deps).finally(() => (running = undefined));
    return running;
  };
  const tick = () =>
    void runNow().catch((error: unknown) => deps.logger.warn({ err: error }, 'weekly digest: run failed; trying again later'));
  tick();
  const timer = setInterval(tick, deps.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

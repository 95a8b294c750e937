import { randomUUID } from 'node:crypto';
import {
  addDays,
  decisionReviewDeadlines,
  DECISION_KINDS,
  dueDate,
  longDay,
  opensDate,
  type ConditionType,
  type DeadlineKind,
  type VeteranFile,
} from '@cc/contracts';
import { deadlineTool, DEADLINE_KINDS as CHAT_KINDS, type DeadlineKind as ChatKind } from '@cc/ai-worker/chat/tools/deadlines';
import { remindersDue } from '@cc/notification-service';
import { deadlinesDueWithin, projectionMigrations } from '@cc/projection-service';
import { veteranFile } from '@cc/projection-service/chat/queries';
import { findClaimDetail } from '@cc/projection-service/claims/queries';
import { upcomingDeadlines } from '@cc/projection-service/deadlines/queries';
import { migrate } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';

/**
 * One date rule everywhere: every place that tells a veteran a deadline — the calculator, the chat,
 * a claim's page, the dashboard, the reminders — gives the day `dueDate` of contracts gives, for
 * every day of 2023–2025 and every rule. (`dueDate` itself is checked against the law's periods in
 * contracts/src/deadlines.test.ts.)
 */

const DAYS: string[] = [];
for (let day = '2023-01-01'; day < '2026-01-01'; day = addDays(day, 1)) DAYS.push(day);

/** What disagrees, so a failure names the rule, the day and both answers. */
const mismatches: unknown[] = [];
const same = (where: string, kind: string, from: string, got: unknown, expected: unknown) => {
  if (got !== expected) mismatches.push({ where, kind, from, got, expected });
};
const expectAgreement = () => expect(mismatches.splice(0)).toEqual([]);

/** The rule of the table each of the chat's deadline questions is about (the Board-evidence answer covers both dockets). */
const CHAT_RULE: Record<Exclude<ChatKind, 'decision-review'>, DeadlineKind> = {
  'higher-level-review': 'higher_level_review',
  'board-appeal': 'board_appeal',
  'board-appeal-contested': 'board_appeal_contested',
  'supplemental-claim': 'supplemental_claim',
  'intent-to-file': 'intent_to_file',
  'court-appeal': 'court_appeal',
  'board-evidence': 'board_evidence_submission',
  bdd: 'bdd_claim',
  'effective-date': 'claim_after_separation',
};
const REVIEW_NAMES = {
  'higher-level-review': 'Higher-Level Review',
  'board-appeal': 'Board Appeal',
  'supplemental-claim': 'Supplemental Claim (to keep your effective date)',
} as const;
const REVIEWS_AFTER_DECISION = Object.keys(REVIEW_NAMES) as (keyof typeof REVIEW_NAMES)[];

/** The calendar day, far from each deadline, the chat answers on (its wording changes with "today", not its dates). */
const NOW = new Date('2022-06-15T12:00:00Z');

describe('one date rule: every caller agrees with dueDate for every day of 2023–2025', () => {
  it('the calculator, for every kind of decision and every other date it takes', () => {
    for (const day of DAYS) {
      for (const decisionKind of DECISION_KINDS) {
        for (const d of decisionReviewDeadlines({ decisionDate: day, decisionKind }).deadlines)
          same(`calculator (${decisionKind})`, d.kind, day, d.dueDate, dueDate(d.kind, day));
      }
      const other = decisionReviewDeadlines({
        intentToFileDate: day,
        boardAppealReceivedDate: day,
        boardHearingDate: day,
        separationDate: day,
      }).deadlines;
      expect(other.map((d) => d.kind).sort()).toEqual([
        'bdd_claim',
        'board_evidence_submission',
        'board_hearing_evidence',
        'claim_after_separation',
        'intent_to_file',
      ]);
      for (const d of other) {
        same('calculator', d.kind, day, d.dueDate, dueDate(d.kind, day));
        same('calculator (opens)', d.kind, day, d.opensDate, opensDate(d.kind, day));
      }
    }
    expectAgreement();
  });

  it('the chat deadline tool, for every rule it answers, in its figures and in its words', () => {
    const file: VeteranFile = { firstName: null, claims: [], documents: [] };
    for (const day of DAYS) {
      for (const kind of CHAT_KINDS) {
        const { data, markdown } = deadlineTool.run({ kind, date: day }, { file, now: NOW });
        const figures = data as { due?: string | Record<string, string>; opens?: string; closes?: string };
        if (kind === 'decision-review') {
          for (const review of REVIEWS_AFTER_DECISION) {
            const rule = CHAT_RULE[review];
            same('chat (decision-review)', rule, day, (figures.due as Record<string, string>)[review], dueDate(rule, day));
            same(
              'chat (decision-review) words',
              rule,
              day,
              markdown.includes(`${REVIEW_NAMES[review]}: **${longDay(dueDate(rule, day))}**`),
              true,
            );
          }
          continue;
        }
        const rule = CHAT_RULE[kind];
        if (kind === 'bdd') {
          same('chat (opens)', rule, day, figures.opens, opensDate(rule, day));
          same('chat (closes)', rule, day, figures.closes, dueDate(rule, day));
          same(
            'chat words',
            rule,
            day,
            markdown.includes(`from **${longDay(opensDate(rule, day)!)}**`) && markdown.includes(`to **${longDay(dueDate(rule, day))}**`),
            true,
          );
        } else {
          same('chat', rule, day, figures.due, dueDate(rule, day));
          same('chat words', rule, day, markdown.includes(`the deadline is **${longDay(dueDate(rule, day))}**`), true);
        }
      }
    }
    // The chat's one Board-evidence answer stands for both dockets: their rules must give one day.
    for (const day of DAYS)
      same(
        'Board dockets',
        'board_hearing_evidence',
        day,
        dueDate('board_hearing_evidence', day),
        dueDate('board_evidence_submission', day),
      );
    expectAgreement();
  });

  describe("a decided claim's deadlines, read from the claims read model (real PostgreSQL)", () => {
    let db: TestDatabase;
    const userId = randomUUID();
    const claims = DAYS.map((day, i) => ({
      claimId: randomUUID(),
      decisionDate: day,
      claimNumber: `${day.slice(0, 4)}-${String(i).padStart(4, '0')}`,
      conditionType: (i % 3 === 0 ? 'reopened' : 'primary') as ConditionType,
      status: i % 2 === 0 ? 'denied' : 'approved',
    }));
    const decisionDateOf = new Map<string, string>(claims.map((c) => [c.claimId, c.decisionDate]));
    const REVIEWS: DeadlineKind[] = ['higher_level_review', 'supplemental_claim', 'board_appeal'];

    beforeAll(async () => {
      db = await createTestDatabase('deadlines');
      await migrate(db.knex, 'projection', projectionMigrations);
      const at = new Date('2022-01-03T12:00:00Z');
      await db.knex.batchInsert(
        'claims',
        claims.map((c) => ({
          claim_id: c.claimId,
          user_id: userId,
          claim_number: c.claimNumber,
          condition: `Condition ${c.claimNumber}`,
          condition_type: c.conditionType,
          status: c.status,
          priority: 'medium',
          progress: 100,
          filed_at: at,
          // The day the tracker recorded the decision is not the letter's date: deadlines count from the letter.
          decided_at: new Date(`${addDays(c.decisionDate, 9)}T18:00:00Z`),
          updated_at: at,
          decision_date: c.decisionDate,
        })),
        200,
      );
    });
    afterAll(async () => db?.drop());

    it("the claim's page", async () => {
      const details = await Promise.all(claims.map((c) => findClaimDetail(db.knex, userId, c.claimId, NOW)));
      expect(details.map((d) => d!.decisionDate)).toEqual(DAYS);
      for (const detail of details) {
        expect(detail!.reviewDeadlines.map((d) => d.kind)).toEqual(REVIEWS);
        for (const d of detail!.reviewDeadlines)
          same('claim detail', d.kind, detail!.decisionDate!, d.dueDate, dueDate(d.kind, detail!.decisionDate!));
      }
      expectAgreement();
    });

    it('the dashboard', async () => {
      const upcoming = await upcomingDeadlines(db.knex, userId, new Date('2023-01-01T12:00:00Z'));
      expect(upcoming).toHaveLength(claims.length * REVIEWS.length);
      for (const d of upcoming) same('dashboard', d.kind, d.decisionDate, d.dueDate, dueDate(d.kind, d.decisionDate));
      expectAgreement();
    });

    it('the reminders, 30 and 7 days before each deadline', async () => {
      const due = await deadlinesDueWithin(db.knex, new Date('2023-01-01T12:00:00Z'), 4 * 366);
      expect(due.filter((c) => c.userId === userId)).toHaveLength(claims.length);
      for (const claim of due) {
        const expected = dueDate('higher_level_review', claim.decisionDate);
        for (const daysBefore of [30, 7] as const) {
          const reminders = remindersDue([claim], addDays(expected, -daysBefore));
          expect(reminders).toHaveLength(1);
          same(`reminder (${daysBefore} days)`, reminders[0]!.kinds.join('+'), claim.decisionDate, reminders[0]!.dueDate, expected);
          same(
            `reminder (${daysBefore} days)`,
            'decisionDate',
            claim.claimId,
            reminders[0]!.decisionDate,
            decisionDateOf.get(claim.claimId),
          );
        }
      }
      expectAgreement();
    });

    it("the chat, for the veteran's own decided claims", async () => {
      const file = await veteranFile(db.knex, userId, NOW);
      expect(file.claims).toHaveLength(claims.length);
      const dueOf = (kind: 'decision-review' | 'higher-level-review' | 'board-appeal' | 'supplemental-claim') =>
        new Map(
          (deadlineTool.run({ kind }, { file, now: NOW }).data as { claims: { claimNumber: string; due: string }[] }).claims.map((c) => [
            c.claimNumber,
            c.due,
          ]),
        );
      const answers = {
        'decision-review': dueOf('decision-review'),
        'higher-level-review': dueOf('higher-level-review'),
        'board-appeal': dueOf('board-appeal'),
        'supplemental-claim': dueOf('supplemental-claim'),
      };
      for (const c of claims) {
        same(
          'chat (my decided claims)',
          'higher_level_review',
          c.decisionDate,
          answers['decision-review'].get(c.claimNumber),
          dueDate('higher_level_review', c.decisionDate),
        );
        for (const kind of REVIEWS_AFTER_DECISION) {
          const rule = CHAT_RULE[kind];
          same(`chat (my decided claims, ${kind})`, rule, c.decisionDate, answers[kind].get(c.claimNumber), dueDate(rule, c.decisionDate));
        }
      }
      expectAgreement();
    });
  });
});

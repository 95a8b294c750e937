import type { Knex } from 'knex';
import {
  addDays,
  claimReviewDeadlines,
  utcDay,
  type ClaimStatus,
  type ConditionType,
  type Deadline,
  type UpcomingDeadline,
} from '@cc/contracts';
import type { SortColumns } from '@cc/platform';

/** Every field of an upcoming deadline is a sort key (sorted in memory; the names are the fields). */
export const UPCOMING_DEADLINE_SORT_COLUMNS: SortColumns<UpcomingDeadline> = {
  id: 'id',
  claimId: 'claimId',
  claimNumber: 'claimNumber',
  condition: 'condition',
  decisionDate: 'decisionDate',
  kind: 'kind',
  title: 'title',
  dueDate: 'dueDate',
  basis: 'basis',
  description: 'description',
  form: 'form',
  formUrl: 'formUrl',
  countedFrom: 'countedFrom',
  opensDate: 'opensDate',
};

/**
 * The decision-review deadlines of the user's decided claims that have not passed yet. "Passed" is
 * judged one day late, since the server's UTC day can be ahead of the veteran's; the screen, which
 * knows the veteran's day, says which are due today.
 */
export async function upcomingDeadlines(knex: Knex, userId: string, now: Date): Promise<UpcomingDeadline[]> {
  const rows: {
    claim_id: string;
    claim_number: string;
    condition: string;
    condition_type: ConditionType;
    status: ClaimStatus;
    decision_date: string;
  }[] = await knex('claims')
    .where({ user_id: userId })
    .whereIn('status', ['approved', 'denied'])
    .whereNotNull('decision_date')
    .select('claim_id', 'claim_number', 'condition', 'condition_type', 'status', 'decision_date');
  const earliest = addDays(utcDay(now), -1);
  return rows.flatMap((row) =>
    claimReviewDeadlines({ decisionDate: row.decision_date, conditionType: row.condition_type, status: row.status })
      .filter((deadline) => deadline.dueDate >= earliest)
      .map((deadline) => ({
        ...deadline,
        id: `${row.claim_id}:${deadline.kind}`,
        claimId: row.claim_id,
        claimNumber: row.claim_number,
        condition: row.condition,
        decisionDate: row.decision_date,
      })),
  );
}

/** A decided claim's review deadlines that fall within the next `days` days, for any user (reminders). */
export interface DeadlinesDue {
  claimId: string;
  userId: string;
  decisionDate: string;
  deadlines: Deadline[];
}

export async function deadlinesDueWithin(knex: Knex, now: Date, days: number): Promise<DeadlinesDue[]> {
  const today = utcDay(now);
  const rows: { claim_id: string; user_id: string; condition_type: ConditionType; status: ClaimStatus; decision_date: string }[] =
    await knex('claims')
      .whereIn('status', ['approved', 'denied'])
      .whereNotNull('decision_date')
      .select('claim_id', 'user_id', 'condition_type', 'status', 'decision_date');
  const last = addDays(today, days);
  return rows
    .map((row) => ({
      claimId: row.claim_id,
      userId: row.user_id,
      decisionDate: row.decision_date,
      deadlines: claimReviewDeadlines({ decisionDate: row.decision_date, conditionType: row.condition_type, status: row.status }).filter(
        (deadline) => deadline.dueDate >= today && deadline.dueDate <= last,
      ),
    }))
    .filter((claim) => claim.deadlines.length > 0);
}

import type { Knex } from 'knex';
import { isDecided, monthlyCompensation, utcDay, type AnalyticsClaimRef, type AnalyticsReport } from '@cc/contracts';
import { nationalAverageDaysToComplete } from '@cc/contracts/referenceData';
import { toClaim, type ClaimRow } from '../claims/queries';
import { upcomingDeadlines } from '../deadlines/queries';
import { combinedRatingOverTime, readinessOverTime, statusOverTime, type ClaimChange, type ReadinessChange } from './series';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The veteran's analytics, from the claims, claim-change, readiness-history and deadline read models. */
export async function analyticsReport(knex: Knex, userId: string, now: Date): Promise<AnalyticsReport> {
  const [claimRows, changeRows, readinessRows, deadlines] = await Promise.all([
    knex<ClaimRow>('claims')
      .where({ user_id: userId })
      .orderBy([{ column: 'filed_at' }, { column: 'claim_id' }]),
    knex('analytics_claim_changes')
      .where({ user_id: userId })
      .orderBy([{ column: 'position_tx' }, { column: 'position_seq' }])
      .select('claim_id', 'kind', 'status', 'rating', 'at'),
    knex('analytics_readiness_history')
      .where({ user_id: userId })
      .orderBy([{ column: 'position_tx' }, { column: 'position_seq' }, { column: 'claim_id' }])
      .select('claim_id', 'readiness', 'stage', 'at'),
    upcomingDeadlines(knex, userId, now),
  ]);
  const claims = claimRows.map((row) => toClaim(row, now));
  const refs = new Map<string, AnalyticsClaimRef>(
    claims.map((c) => [c.id, { claimId: c.id, claimNumber: c.claimNumber, condition: c.condition }]),
  );
  const changes: ClaimChange[] = changeRows.map((r) => ({
    claimId: r.claim_id,
    kind: r.kind,
    status: r.status,
    rating: r.rating,
    at: iso(r.at),
  }));
  const readiness: ReadinessChange[] = readinessRows.map((r) => ({
    claimId: r.claim_id,
    readiness: r.readiness,
    stage: r.stage,
    at: iso(r.at),
  }));
  const basis = monthlyCompensation(0, utcDay(now));
  const average = nationalAverageDaysToComplete();
  return {
    generatedOn: utcDay(now),
    claimCount: claims.length,
    statusOverTime: statusOverTime(changes),
    combinedRatingOverTime: combinedRatingOverTime(changes, refs),
    compensationBasis: basis.basis,
    compensationSource: basis.source,
    readinessOverTime: readinessOverTime(readiness, refs),
    daysPending: claims
      .filter((c) => !isDecided(c.status))
      .map((c) => ({
        claimId: c.id,
        claimNumber: c.claimNumber,
        condition: c.condition,
        status: c.status,
        filedAt: c.filedAt,
        daysPending: c.daysPending,
        daysOverAverage: Math.round((c.daysPending - average.averageDays) * 10) / 10,
      })),
    nationalAverage: average,
    deadlines: [...deadlines].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id)),
  };
}

import type { Preferences, User } from '@cc/contracts';
import type { EvidenceSnapshot } from './evidenceWatch';
import type { DigestClaim, DigestDeadline, DigestStatusChange, DigestStrategyStep } from './sources';

/**
 * What the digest reads from the read models (the projection service's, composed by the gateway:
 * services do not import each other).
 */
export interface DigestReadSide {
  /** Every account whose plan has `hasClaimInsights` (Pro and administrators). */
  claimInsightUsers(): Promise<string[]>;
  claims(userId: string): Promise<DigestClaim[]>;
  /** Status changes of the user's claims in [from, to). */
  statusChanges(userId: string, from: Date, to: Date): Promise<DigestStatusChange[]>;
  /** The review deadlines of the user's decided claims due within `days` days of `now`. */
  deadlines(userId: string, now: Date, days: number): Promise<DigestDeadline[]>;
  /** The evidence maps of these users' claims. */
  evidenceMaps(userIds: readonly string[]): Promise<EvidenceSnapshot[]>;
  /** The claim strategy's steps not done yet on the user's open claims. */
  strategySteps(userId: string): Promise<DigestStrategyStep[]>;
  preferences(userId: string): Promise<Preferences>;
  findUser(userId: string): Promise<User | undefined>;
}

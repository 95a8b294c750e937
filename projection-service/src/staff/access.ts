import type { Response } from 'express';
import { staffRoleOfTier, type Role } from '@cc/contracts';
import { contextOf, HttpProblem, type AuthContext, type GlobalPosition } from '@cc/platform';

/** One staff read, as StaffAccessRecorded records it. */
export interface StaffAccess {
  staffId: string;
  staffRole: Role;
  endpoint: string;
  claimId: string | null;
  ownerId: string | null;
  version: number | null;
  rows: number | null;
  subjectEventId: string | null;
}

/** Appends StaffAccessRecorded (the command service does; the gateway wires it in). */
export interface StaffAccessRecorder {
  record(access: StaffAccess, metadata: { userId: string; correlationId: string }): Promise<GlobalPosition>;
  /**
   * Whether the store writes the access log in the append's own transaction (kept inline): the
   * entry is then readable once `record` returns.
   */
  readonly logKeptInline: boolean;
}

/**
 * Records a staff member's read before it is answered: a read that cannot be recorded is not
 * answered (503), so the access log never misses one. An owner reading their own claim is not
 * staff access and is not recorded. The next request of the same session sees the entry.
 *
 * The record is one append, committed before the answer. With the access log kept inline, its
 * entry commits in that same transaction, so the position is not handed to the session: a session
 * that has written waits before its next request until every asynchronous projector has passed its
 * last write, and none of them has anything to do with a staff read. Without it (EventStoreDB), the
 * session waits for the access log's projector as for any write.
 */
export async function recordStaffRead(
  res: Response,
  recorder: StaffAccessRecorder,
  auth: AuthContext,
  read: {
    endpoint: string;
    claimId?: string | null;
    ownerId?: string | null;
    version?: number | null;
    rows?: number | null;
    subjectEventId?: string | null;
  },
): Promise<void> {
  if (read.ownerId && read.ownerId === auth.userId) return;
  const staffRole = staffRoleOfTier(auth.tier);
  if (!staffRole) return;
  const ctx = contextOf(res);
  let position: GlobalPosition;
  try {
    position = await recorder.record(
      {
        staffId: auth.userId,
        staffRole,
        endpoint: read.endpoint,
        claimId: read.claimId ?? null,
        ownerId: read.ownerId ?? null,
        version: read.version ?? null,
        rows: read.rows ?? null,
        subjectEventId: read.subjectEventId ?? null,
      },
      { userId: auth.userId, correlationId: ctx.correlationId },
    );
  } catch (error) {
    ctx.logger.error({ err: error, endpoint: read.endpoint }, 'a staff read could not be recorded; not answering it');
    throw new HttpProblem(
      503,
      'access-not-recorded',
      'Service unavailable',
      'This read could not be recorded in the access log, so it was not answered. Please try again.',
    );
  }
  if (!recorder.logKeptInline) await ctx.recordWrite(position);
}

import type { AccountDataContributor, DeadCopyPurge, Logger, PersonalDataVault } from '@cc/platform';

/**
 * Completes an account deletion once `AccountErased` is recorded (docs/decisions/privacy-and-erasure.md). In order:
 * 1. the user's personal-data key is destroyed, and every process is told: nothing new is sealed
 *    for the user from here on, and once the cache bound has passed no process opens what was;
 * 2. the read models catch up with everything recorded meanwhile (an analysis that finished with a
 *    key still cached in its process), so that
 * 3. every contributor's `erase` (the read models once more, stored files, e-mail log, sessions...)
 *    finds all of it;
 * 4. the copies PostgreSQL still keeps of the deleted rows (dead row versions, old WAL) are removed.
 * Each step is idempotent; the request runs them, and the `account-erasure` worker runs them again
 * for every `AccountErased`, so a crash half-way is finished on the next start.
 */
export function accountErasure(deps: {
  contributors: readonly AccountDataContributor[];
  vault: PersonalDataVault;
  /** Resolves once every projector has applied what is recorded now. */
  readModelsCaughtUp(): Promise<void>;
  deadCopies: DeadCopyPurge;
  logger: Logger;
}) {
  return {
    async complete(userId: string): Promise<void> {
      await deps.vault.erase(userId);
      await deps.vault.forgottenEverywhere();
      await deps.readModelsCaughtUp();
      for (const contributor of deps.contributors) {
        if (!contributor.erase) continue;
        await contributor.erase(userId);
      }
      const purge = await deps.deadCopies.purge();
      deps.logger.info({ userId, parts: deps.contributors.filter((c) => c.erase).map((c) => c.name), purge }, 'account data erased');
    },
  };
}

export type AccountErasure = ReturnType<typeof accountErasure>;

import type { AccountDataContributor, Logger, PersonalDataVault } from '@cc/platform';

/**
 * Completes an account deletion once `AccountErased` is recorded: every contributor's `erase`
 * (stored files, secrets, sessions, the e-mail log...), then the user's personal-data key, so that
 * everything sealed for the user in the events becomes unreadable. Each step is idempotent; the
 * request runs it, and the `account-erasure` worker runs it again for every `AccountErased`, so a
 * crash half-way is finished on the next start.
 */
export function accountErasure(deps: { contributors: readonly AccountDataContributor[]; vault: PersonalDataVault; logger: Logger }) {
  return {
    async complete(userId: string): Promise<void> {
      for (const contributor of deps.contributors) {
        if (!contributor.erase) continue;
        await contributor.erase(userId);
      }
      await deps.vault.erase(userId);
      deps.logger.info({ userId, parts: deps.contributors.filter((c) => c.erase).map((c) => c.name) }, 'account data erased');
    },
  };
}

export type AccountErasure = ReturnType<typeof accountErasure>;

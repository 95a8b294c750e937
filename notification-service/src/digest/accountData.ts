import type { Knex } from 'knex';
import type { AccountDataContributor } from '@cc/platform';

/** The digest's share of an erasure: what it sent and the evidence states it watched (nothing in it is exported: the digests themselves are in the notifications and e-mails). */
export function digestAccountData(knex: Knex): AccountDataContributor {
  return {
    name: 'weekly-digest',
    async erase(userId) {
      for (const table of ['digest_sends', 'digest_evidence_seen', 'digest_evidence_moves', 'digest_readiness_drops']) {
        await knex(table).where({ user_id: userId }).del();
      }
    },
  };
}

import type { Knex } from 'knex';
import type { AccountDataContributor, ObjectStorage } from '@cc/platform';

/**
 * The write side's share of an account deletion: every stored file under the user's prefixes
 * (`documents/<user>/` for kept documents and reports, `users/<user>/` for uploads not registered
 * yet), whatever a read model knows of them, and the user's upload addresses.
 */
export function storedFilesAccountData(knex: Knex, storage: ObjectStorage): AccountDataContributor {
  return {
    name: 'stored files',
    async erase(userId) {
      await storage.deletePrefix(`documents/${userId}/`);
      await storage.deletePrefix(`users/${userId}/`);
      await knex('upload_grants').where({ user_id: userId }).del();
    },
  };
}

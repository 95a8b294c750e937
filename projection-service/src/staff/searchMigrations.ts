import type { Knex } from 'knex';
import type { Migration } from '@cc/platform';
import { EMAIL_SEARCH_SQL, OWNER_NAME_SEARCH_SQL } from './names';

/**
 * The schema that holds pg_trgm's operator classes. A rebuild replays migrations with its scratch
 * schema alone on the search path, so the index definitions name the operator class by schema.
 */
async function trigramSchema(knex: Knex): Promise<string> {
  await knex.raw('create extension if not exists pg_trgm with schema public');
  const { rows } = (await knex.raw(
    `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
  )) as { rows: { schema: string }[] };
  return `"${rows[0]!.schema.replace(/"/g, '""')}"`;
}

export const staffSearchMigrations: Migration[] = [
  {
    // The console's search boxes match a fragment anywhere in a name ("%smith%"): a B-tree cannot
    // serve that, trigram indexes can, so a search reads the matching rows and not every claim.
    name: '0106_staff_search_trigrams',
    async up(knex) {
      const ops = `${await trigramSchema(knex)}.gin_trgm_ops`;
      await knex.raw(`
        create index claims_condition_trgm on claims using gin (condition ${ops});
        create index claims_number_trgm on claims using gin (claim_number ${ops});
        create index user_profiles_email_trgm on user_profiles using gin (email ${ops});
        create index user_profiles_name_trgm on user_profiles using gin ((${OWNER_NAME_SEARCH_SQL}) ${ops});
        create index documents_file_name_trgm on documents using gin (file_name ${ops});
      `);
    },
  },
  {
    // A search by an owner's e-mail: the index above sees only the e-mail's words (pg_trgm drops
    // the marks between them), which every address at the same domain with the same name shares.
    name: '0150_staff_search_email_marks',
    async up(knex) {
      const ops = `${await trigramSchema(knex)}.gin_trgm_ops`;
      await knex.raw(`create index user_profiles_email_marks_trgm on user_profiles using gin ((${EMAIL_SEARCH_SQL}) ${ops})`);
    },
  },
];

import type { Migration } from '@cc/platform';

export const userProfilesMigrations: Migration[] = [
  {
    name: '0001_user_profiles',
    async up(knex) {
      await knex.schema.createTable('user_profiles', (t) => {
        t.uuid('user_id').primary();
        t.text('email').notNullable();
        t.text('first_name');
        t.text('last_name');
        t.text('name');
        t.text('phone');
        t.text('bio');
        t.text('branch_of_service');
        t.integer('years_served');
        t.text('discharge_type');
        t.integer('disability_rating');
        t.jsonb('operation_theaters').notNullable().defaultTo('[]');
        t.text('mos');
        t.text('sub_mos');
        t.jsonb('awards').notNullable().defaultTo('[]');
        t.jsonb('devices').notNullable().defaultTo('[]');
        t.text('profile_image_url');
        t.text('va_file_number');
        t.text('ssn_last4');
        t.text('member_tier').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['created_at']);
      });
    },
  },
];

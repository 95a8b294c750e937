import type { Knex } from 'knex';

export interface ThrottleRule {
  /** e.g. `email:someone@example.org` or `ip:203.0.113.9` */
  key: string;
  maxFailures: number;
}

export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins are counted per e-mail and per address in PostgreSQL, so the limit holds across
 * processes. Returns the seconds to wait when any rule is exceeded.
 */
export async function loginBlockedFor(knex: Knex, rules: ThrottleRule[]): Promise<number | undefined> {
  let wait: number | undefined;
  for (const rule of rules) {
    const row = (await knex('login_failures')
      .where('key', rule.key)
      .andWhere('at', '>', knex.raw(`now() - interval '${LOGIN_WINDOW_SECONDS} seconds'`))
      .select(knex.raw('count(*)::int as failures, extract(epoch from (now() - min(at)))::float as age'))
      .first()) as { failures: number; age: number | null };
    if (row.failures >= rule.maxFailures) {
      const seconds = Math.max(1, Math.ceil(LOGIN_WINDOW_SECONDS - (row.age ?? 0)));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

export async function recordLoginFailure(knex: Knex, keys: string[]): Promise<void> {
  await knex('login_failures').insert(keys.map((key) => ({ key })));
  // Old rows only ever matter inside the window.
  await knex('login_failures').where('at', '<', knex.raw(`now() - interval '1 day'`)).del();
}

export async function clearLoginFailures(knex: Knex, key: string): Promise<void> {
  await knex('login_failures').where({ key }).del();
}

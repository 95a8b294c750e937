import type { Knex } from 'knex';

/** A migration owned by one service, defined in code so it loads the same under tsx and jest. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

class InMemorySource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: readonly Migration[]) {}
  async getMigrations() {
    return [...this.migrations];
  }
  getMigrationName(m: Migration) {
    return m.name;
  }
  async getMigration(m: Migration) {
    return { up: m.up, down: m.down ?? (async () => undefined) };
  }
}

/**
 * Runs one service's migrations, each service with its own bookkeeping table so services can be
 * migrated independently. Concurrent starts are serialised by knex's migration lock.
 */
export async function migrate(knex: Knex, service: string, migrations: readonly Migration[]): Promise<void> {
  await knex.migrate.latest({
    migrationSource: new InMemorySource(migrations),
    tableName: `knex_migrations_${service.replace(/[^a-z0-9]/gi, '_')}`,
  });
}

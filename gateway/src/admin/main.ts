/**
 * `npm run admin -- grant <email> <role>` / `npm run admin -- revoke <email> <role>`: changes an
 * existing account's staff role from the command line, with the same configuration as `npm start`
 * (DATABASE_URL, or the embedded database in DATA_DIR: the running app's, or started for the
 * command when the app is stopped). Exit status: 0 done (or nothing to change), 1 refused, 2 usage.
 */
import { userCommands } from '@cc/command-service';
import { inlineProjection } from '@cc/projection-service';
import { ConfigError, createKnex, DomainError, loadConfig, PersonalDataVault, type EventStore } from '@cc/platform';
import { CommandLineError, openAppDatabase } from '../cli/appDatabase';
import { eventStoreFrom } from '../composition/adapters';
import { operatorName } from './operator';
import { AdminCommandError, changeRole, ROLE_NAMES, type RoleAction } from './roleCommands';

const USAGE = `Usage:
  npm run admin -- grant <email> <role>    give an existing account a staff role
  npm run admin -- revoke <email> <role>   take it away again (back to the account's latest plan, Free if none)
Roles: ${ROLE_NAMES.join(', ')} (or administrator, adjudicator)`;

async function main(argv: string[]): Promise<number> {
  const [action, email, role, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email || !role || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openAppDatabase(config);
  const knex = createKnex(database.url, { max: 2 });
  let store: EventStore | undefined;
  try {
    if (!(await knex.schema.hasTable('user_credentials'))) {
      throw new AdminCommandError('This database has no Claims Copilot accounts yet. Start the app once (npm start) first.');
    }
    // The app's event store, whichever the configuration names (EVENTSTORE_CONNECTION_STRING).
    // With the app's inline read models: every append to the app's database keeps them.
    const vault = new PersonalDataVault(knex);
    store = await eventStoreFrom(config, { knex, databaseUrl: database.url, inline: inlineProjection(vault) });
    const users = userCommands({ store, vault });
    const outcome = await changeRole({ knex, users }, action as RoleAction, email, role, operatorName());
    process.stdout.write(`${outcome}\n`);
    return 0;
  } finally {
    await store?.close();
    await knex.destroy();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (
      error instanceof AdminCommandError ||
      error instanceof CommandLineError ||
      error instanceof ConfigError ||
      error instanceof DomainError
    )
      process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`The admin command failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);

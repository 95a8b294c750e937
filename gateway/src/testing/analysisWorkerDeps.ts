import { createCommandService } from '@cc/command-service';
import { createKnex, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';

/**
 * What a document analysis worker needs, wired as a worker process of its own has it: its own
 * pool on the test's database, the event store, the files, and a command service for its answers.
 */
export function analysisWorkerDeps(databaseUrl: string, storageRoot: string) {
  const knex = createKnex(databaseUrl, { max: 4 });
  const store = new PostgresEventStore({ knex, connectionString: databaseUrl });
  const vault = new PersonalDataVault(knex);
  const storage = new LocalObjectStorage(storageRoot);
  const unused = () => {
    throw new Error('not used by the worker');
  };
  const commands = createCommandService({
    store,
    vault,
    knex,
    storage,
    readBack: {
      waitFor: unused,
      claimDetail: unused,
      document: unused,
      findUserProfile: unused,
      preferences: unused,
      notification: unused,
      unreadNotifications: unused,
      dbq: unused,
      chatSession: unused,
      supportRequest: unused,
      staffSupportThread: unused,
    },
    analysis: { waitMs: 0, renderReport: unused },
    templates: { render: unused, fileName: unused },
  });
  return {
    knex,
    store,
    storage,
    commands: commands.commandBus,
    async close() {
      await store.close();
      await knex.destroy();
    },
  };
}

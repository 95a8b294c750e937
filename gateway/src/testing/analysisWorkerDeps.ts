import { createCommandService } from '@cc/command-service';
import { createKnex, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { inlineProjection } from '@cc/projection-service';

/**
 * What a document analysis worker needs, wired as a worker process of its own has it: its own
 * pool on the test's database, the event store, the files, and a command service for its answers.
 */
export function analysisWorkerDeps(databaseUrl: string, storageRoot: string) {
  const knex = createKnex(databaseUrl, { max: 4 });
  const vault = new PersonalDataVault(knex);
  // Like every process that appends to the app's database: its answers (an analysis's outcome)
  // change the document repository, which the appends keep.
  const store = new PostgresEventStore({ knex, connectionString: databaseUrl, inline: inlineProjection(vault) });
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

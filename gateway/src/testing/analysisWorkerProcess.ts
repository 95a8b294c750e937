/**
 * Child process for the worker-restart test: the document analysis worker on its own, wired to the
 * real event store, storage and command bus. With HANG_IN_ENGINE=1 the engine never answers, so the
 * test can kill the process mid-analysis.
 */
import { createCommandService } from '@cc/command-service';
import { createOfflineEngine, startDocumentAnalysisWorker, type AnalysisEngine } from '@cc/ai-worker';
import { createKnex, createLogger, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';

const databaseUrl = process.env.TEST_DATABASE_URL as string;
const knex = createKnex(databaseUrl, { max: 4 });
const store = new PostgresEventStore({ knex, connectionString: databaseUrl });
const vault = new PersonalDataVault(knex);
const storage = new LocalObjectStorage(process.env.STORAGE_ROOT as string);
const unused = () => {
  throw new Error('not used by the worker');
};
const commands = createCommandService({
  store,
  vault,
  knex,
  storage,
  readBack: { waitFor: unused, claimDetail: unused, document: unused, findUserProfile: unused, preferences: unused, notification: unused, unreadNotifications: unused, dbq: unused, chatSession: unused },
  analysis: { waitMs: 0, renderReport: unused },
  templates: { render: unused, fileName: unused },
});
const offline = createOfflineEngine();
const engine: AnalysisEngine = {
  name: offline.name,
  model: offline.model,
  async analyze(input) {
    process.stdout.write('engine entered\n');
    if (process.env.HANG_IN_ENGINE === '1') await new Promise(() => undefined);
    return offline.analyze(input);
  },
};
startDocumentAnalysisWorker({ store, storage, commands: commands.commandBus, engine, logger: createLogger('info'), pollIntervalMs: 20 });
process.stdout.write('worker started\n');

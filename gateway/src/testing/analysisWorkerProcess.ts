/**
 * Child process for the worker-restart test: the document analysis worker on its own, wired to the
 * real event store, storage and command bus. With HANG_IN_ENGINE=1 the engine never answers, so the
 * test can kill the process mid-analysis.
 */
import { createOfflineEngine, startDocumentAnalysisWorker, type AnalysisEngine } from '@cc/ai-worker';
import { createLogger } from '@cc/platform';
import { analysisWorkerDeps } from './analysisWorkerDeps';

const { store, storage, commands } = analysisWorkerDeps(process.env.TEST_DATABASE_URL as string, process.env.STORAGE_ROOT as string);
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
startDocumentAnalysisWorker({ store, storage, commands, engine, logger: createLogger('info'), pollIntervalMs: 20 });
process.stdout.write('worker started\n');

import { Router } from 'express';
import { DBQ_ID, DBQ_MESSAGES, SPEC_PROBLEMS, type Dbq, type DbqDownloadAnswer, type DbqSyncAnswer } from '@cc/contracts';
import {
  commandMetadata,
  HttpProblem,
  problems,
  readAfterCommand,
  requirePermission,
  requireTierFeature,
  type GlobalPosition,
} from '@cc/platform';
import type { DbqCommands } from './commands';
import { DbqSourceError } from './dbqSource';

/** What the DBQ routes read back once the read side has caught up (wired by the gateway). */
export interface DbqReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  dbq(dbqId: string): Promise<Dbq | undefined>;
}

export function dbqRoutes(dbqs: DbqCommands, readBack: DbqReadBack): Router {
  const router = Router();

  /** Tracks a download and answers where the PDF is and how often it was downloaded. */
  router.post('/api/dbqs/:id/download', async (req, res) => {
    const auth = requireTierFeature(res, 'hasDbqAccess', DBQ_MESSAGES.upgrade);
    const dbqId = String(req.params.id);
    if (!DBQ_ID.test(dbqId)) throw problems.notFound('DBQ not found.');
    const { fileUrl, position } = await dbqs.download(dbqId, auth.userId, commandMetadata(res));
    const read = await readAfterCommand<DbqDownloadAnswer>(res, {
      position,
      waitFor: readBack.waitFor,
      read: async () => {
        const dbq = await readBack.dbq(dbqId);
        return dbq ? { fileUrl: dbq.fileUrl, downloadCount: dbq.downloadCount } : undefined;
      },
    });
    // The download is recorded either way; without the read side the count is not known yet (202).
    if (read) res.json(read);
    else res.status(202).json({ fileUrl, downloadCount: null });
  });

  /** Administrators: makes the catalogue match VA's DBQ page (DBQ_SYNC_URL) or the bundled catalogue. */
  router.post('/api/dbqs/sync', async (_req, res) => {
    requirePermission(res, 'dbqs:sync');
    let result;
    try {
      result = await dbqs.sync(commandMetadata(res));
    } catch (error) {
      if (error instanceof DbqSourceError) {
        res.locals.ctx?.logger?.warn({ err: error }, 'DBQ sync could not read its source');
        throw HttpProblem.fromSpec(502, SPEC_PROBLEMS.syncFailed(), { reason: error.message });
      }
      throw error;
    }
    const { position, ...counts } = result;
    await readAfterCommand(res, { position, waitFor: readBack.waitFor, read: async () => true });
    const answer: DbqSyncAnswer = counts;
    res.json(answer);
  });

  return router;
}

import { Router, type Response } from 'express';
import {
  addClaimNoteBody,
  changeClaimRatingBody,
  changeClaimStatusBody,
  fileClaimBody,
  updateClaimDetailsBody,
  type ClaimDetail,
} from '@cc/contracts';
import {
  answerCommand,
  commandMetadata,
  isUuid,
  parseOrProblem,
  problems,
  requireAuth,
  type GlobalPosition,
  type Knex,
} from '@cc/platform';
import type { ClaimCommands } from './commands';

/** How a command route answers with the state the user will see next: wait for the read side, then read it. */
export interface ClaimReadBack {
  /** Waits until the named read models (all, without names) have applied the position. */
  waitFor(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  /** With `alongside`, a writing statement sent within the read's own (a data-modifying WITH). */
  claimDetail(userId: string, claimId: string, alongside?: Knex.Raw): Promise<ClaimDetail | undefined>;
}

/** What a claim command's answer reads: the claim with its notes (the claims read model). */
const CLAIM_VIEW = ['claims'];

export function claimRoutes(claims: ClaimCommands, readBack: ClaimReadBack): Router {
  const router = Router();
  const waitForClaimView = (position: GlobalPosition) => readBack.waitFor(position, CLAIM_VIEW);

  const claimIdOf = (raw: unknown) => {
    const id = String(raw);
    if (!isUuid(id)) throw problems.notFound('Claim not found.');
    return id;
  };

  /** Answers with the claim as the read side now has it (or 202 when it cannot show it yet). */
  const answer = (res: Response, userId: string, claimId: string, position: GlobalPosition | undefined, status = 200) =>
    answerCommand(res, {
      position,
      waitFor: waitForClaimView,
      read: () => readBack.claimDetail(userId, claimId),
      readAlongside: (alongside) => readBack.claimDetail(userId, claimId, alongside),
      status,
      accepted: { id: claimId, location: `/api/claims/${claimId}` },
    });

  router.post('/api/claims', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(fileClaimBody, req.body);
    const { claimId, position } = await claims.file(auth.userId, body, commandMetadata(res));
    await answer(res, auth.userId, claimId, position, 201);
  });

  router.put('/api/claims/:id/status', async (req, res) => {
    const auth = requireAuth(res);
    const claimId = claimIdOf(req.params.id);
    const body = parseOrProblem(changeClaimStatusBody, req.body);
    const result = await claims.changeStatus(auth.userId, claimId, body.status, body.note, commandMetadata(res), body.decisionDate);
    await answer(res, auth.userId, claimId, result.position);
  });

  router.put('/api/claims/:id/rating', async (req, res) => {
    const auth = requireAuth(res);
    const claimId = claimIdOf(req.params.id);
    const body = parseOrProblem(changeClaimRatingBody, req.body);
    const result = await claims.changeRating(auth.userId, claimId, body.ratingPercentage, commandMetadata(res));
    await answer(res, auth.userId, claimId, result.position);
  });

  router.post('/api/claims/:id/notes', async (req, res) => {
    const auth = requireAuth(res);
    const claimId = claimIdOf(req.params.id);
    const body = parseOrProblem(addClaimNoteBody, req.body);
    const { noteId, position } = await claims.addNote(auth.userId, claimId, body, commandMetadata(res));
    await answerCommand(res, {
      position,
      waitFor: waitForClaimView,
      read: async () => (await readBack.claimDetail(auth.userId, claimId))?.notes.find((n) => n.id === noteId),
      readAlongside: async (alongside) => (await readBack.claimDetail(auth.userId, claimId, alongside))?.notes.find((n) => n.id === noteId),
      status: 201,
      accepted: { id: noteId, location: `/api/claims/${claimId}` },
    });
  });

  router.patch('/api/claims/:id', async (req, res) => {
    const auth = requireAuth(res);
    const claimId = claimIdOf(req.params.id);
    const body = parseOrProblem(updateClaimDetailsBody, req.body);
    const result = await claims.updateDetails(auth.userId, claimId, body, commandMetadata(res));
    await answer(res, auth.userId, claimId, result.position);
  });

  return router;
}

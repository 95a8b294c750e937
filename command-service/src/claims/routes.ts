import { Router, type Response } from 'express';
import {
  addClaimNoteBody,
  changeClaimRatingBody,
  changeClaimStatusBody,
  fileClaimBody,
  updateClaimDetailsBody,
  type ClaimDetail,
} from '@cc/contracts';
import { commandMetadata, contextOf, parseOrProblem, problems, requireAuth, type GlobalPosition, isUuid } from '@cc/platform';
import type { ClaimCommands } from './commands';

/** How a command route answers with the state the user will see next: wait for the read side, then read it. */
export interface ClaimReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  claimDetail(userId: string, claimId: string): Promise<ClaimDetail | undefined>;
}

export function claimRoutes(claims: ClaimCommands, readBack: ClaimReadBack): Router {
  const router = Router();

  const claimIdOf = (raw: unknown) => {
    const id = String(raw);
    if (!isUuid(id)) throw problems.notFound('Claim not found.');
    return id;
  };

  /** Records the write for read-your-writes and answers with the claim as the read side now has it. */
  const answer = async (res: Response, userId: string, claimId: string, position: GlobalPosition | undefined, status = 200) => {
    await contextOf(res).recordWrite(position);
    if (position) await readBack.waitFor(position);
    const detail = await readBack.claimDetail(userId, claimId);
    if (!detail) throw problems.notFound('Claim not found.');
    res.status(status).json(detail);
    return detail;
  };

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
    const result = await claims.changeStatus(auth.userId, claimId, body.status, body.note, commandMetadata(res));
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
    await contextOf(res).recordWrite(position);
    if (position) await readBack.waitFor(position);
    const note = (await readBack.claimDetail(auth.userId, claimId))?.notes.find((n) => n.id === noteId);
    if (!note) throw problems.unavailable('The note was saved; please refresh to see it.');
    res.status(201).json(note);
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

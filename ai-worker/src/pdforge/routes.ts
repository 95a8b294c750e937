import { Router } from 'express';
import { aiAssistBody, SPEC_PROBLEMS, type AiAssistResponse } from '@cc/contracts';
import { contextOf, HttpProblem, parseOrProblem, requireAuth } from '@cc/platform';
import { AnalysisFailedError } from '../engines/openai/openAiEngine';
import { assistField, NothingToSuggestError, type FieldAssistEngine, type Grounding } from './fieldAssist';

export interface FieldAssistRouteDeps {
  engine: FieldAssistEngine;
  /** The veteran's claims and completed analyses, from the read models (wired by the gateway). */
  grounding(userId: string): Promise<Grounding>;
}

/** `POST /api/pdforge/ai-assist` (spec doc 2 §7): `{fieldName, fieldDescription, context, documentText}` → `{suggestion}`. */
export function fieldAssistRoutes({ engine, grounding }: FieldAssistRouteDeps): Router {
  const router = Router();
  router.post('/api/pdforge/ai-assist', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(aiAssistBody, req.body);
    const facts = await grounding(auth.userId);
    try {
      const { suggestion, sources, kind } = await assistField(engine, { ...body, grounding: facts });
      const answer: AiAssistResponse = { suggestion, sources, kind, engine: { name: engine.name, model: engine.model } };
      res.json(answer);
    } catch (error) {
      if (error instanceof NothingToSuggestError) throw HttpProblem.fromSpec(422, SPEC_PROBLEMS.aiAssistFailed(error.message));
      if (error instanceof AnalysisFailedError) {
        contextOf(res).logger.warn({ reason: error.reason, status: error.status }, 'field assist engine failed');
        throw HttpProblem.fromSpec(502, SPEC_PROBLEMS.aiAssistFailed(error.message));
      }
      throw error;
    }
  });
  return router;
}

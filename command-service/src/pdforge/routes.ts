import { Router } from 'express';
import {
  DETECTED_TYPES,
  generatePdfBody,
  memberTier,
  SPEC_PROBLEMS,
  streams,
  type GeneratePdfBody,
  type GeneratePdfResponse,
} from '@cc/contracts';
import { commandMetadata, fieldErrorsOf, HttpProblem, loadState, readAfterCommand, requireAuth, type EventStore } from '@cc/platform';
import type { DocumentCommands } from '../documents/commands';
import type { DocumentReadBack } from '../documents/routes';
import { userDecider } from '../users/decider';

/** Turns validated form data into a PDF and names it (the gateway wires the pdfmake renderer). */
export interface TemplateRenderer {
  render(input: { body: GeneratePdfBody; generatedAt: Date }): Promise<Buffer>;
  fileName(body: GeneratePdfBody, generatedAt: Date): string;
}

export interface PdforgeRouteDeps {
  store: EventStore;
  documents: DocumentCommands;
  readBack: DocumentReadBack;
  renderer: TemplateRenderer;
  now?: () => Date;
}

/**
 * `POST /api/pdforge/generate` (spec doc 2 §7): the plan is checked first (the Free plan has no PDF
 * generation, §6), then the form against the template's §5 rules, then the PDF is rendered and kept
 * as one of the user's documents through the same path as an upload, so the plan's document limit
 * holds and `DocumentRegistered` records it.
 */
export function pdforgeRoutes({ store, documents, readBack, renderer, now = () => new Date() }: PdforgeRouteDeps): Router {
  const router = Router();

  router.post('/api/pdforge/generate', async (req, res) => {
    const auth = requireAuth(res);
    const { state } = await loadState(store, streams.user(auth.userId), userDecider);
    if (!memberTier(state.tier).hasTemplateLibrary) {
      throw HttpProblem.fromSpec(403, SPEC_PROBLEMS.pdfGenerationUpgradeRequired(), { upgrade: true });
    }
    const parsed = generatePdfBody.safeParse(req.body ?? {});
    if (!parsed.success) throw HttpProblem.fromSpec(400, SPEC_PROBLEMS.generationFailed(), { errors: fieldErrorsOf(parsed.error) });
    const body = parsed.data;
    const generatedAt = now();
    const bytes = await renderer.render({ body, generatedAt });
    const { documentId, position } = await documents.registerGenerated(
      auth.userId,
      {
        fileName: renderer.fileName(body, generatedAt),
        bytes,
        detectedType: DETECTED_TYPES.pdf,
        claimId: null,
        generatedFrom: { templateId: body.templateId },
      },
      commandMetadata(res),
    );
    const document = await readAfterCommand(res, {
      position,
      waitFor: readBack.waitFor,
      read: () => readBack.document(auth.userId, documentId),
    });
    const answer: GeneratePdfResponse & { document?: unknown } = {
      pdfUrl: `/api/documents/${documentId}/file`,
      documentId,
      ...(document ? { document } : {}),
    };
    res.status(201).setHeader('Location', `/api/documents/${documentId}`).json(answer);
  });

  return router;
}

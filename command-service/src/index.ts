import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { analysisCommands, inProcessCommandBus } from './documents/analysisCommands';
import { analysisRoutes, type AnalysisReportRenderer } from './documents/analysisRoutes';
import { documentCommands } from './documents/commands';
import { documentRoutes, type DocumentReadBack } from './documents/routes';
import { uploadGrants } from './documents/uploadGrants';
import { claimCommands } from './claims/commands';
import { claimRoutes, type ClaimReadBack } from './claims/routes';
import { userCommands } from './users/commands';
import { userRoutes } from './users/routes';
import { pdforgeRoutes, type TemplateRenderer } from './pdforge/routes';

export { userDecider } from './users/decider';
export { userCommands, type UserCommands } from './users/commands';
export { claimDecider } from './claims/decider';
export type { ClaimReadBack } from './claims/routes';
export type { DocumentReadBack } from './documents/routes';
export { commandMigrations } from './migrations';
export { UPLOAD_PREFIX, UPLOAD_TRANSFER_LIMIT_MS, uploadGrants, type UploadGrants } from './documents/uploadGrants';
export type { AnalysisReportRenderer } from './documents/analysisRoutes';
export type { TemplateRenderer } from './pdforge/routes';

export interface CommandServiceDeps {
  store: EventStore;
  vault: PersonalDataVault;
  /** Lets command routes answer with the read model once it has caught up (wired by the gateway). */
  readBack: ClaimReadBack & DocumentReadBack;
  knex: Knex;
  storage: ObjectStorage;
  now?: () => Date;
  /** How long an upload's transfer may run (default UPLOAD_TRANSFER_LIMIT_MS); tests shorten it. */
  uploadTransferLimitMs?: number;
  analysis: {
    /** How long `POST /api/documents/{id}/analyze` waits for the result before answering 202. */
    waitMs: number;
    renderReport: AnalysisReportRenderer;
  };
  /** The pdfforge templates' PDF renderer (the gateway wires the pdfmake one). */
  templates: TemplateRenderer;
}

/** The write side: command handlers by aggregate, and the HTTP routes that call them. */
export function createCommandService(deps: CommandServiceDeps) {
  const users = userCommands(deps);
  const claims = claimCommands(deps);
  const grants = uploadGrants(deps.knex, deps.storage, { now: deps.now, transferLimitMs: deps.uploadTransferLimitMs });
  const documents = documentCommands({ ...deps, grants });
  const analysis = analysisCommands(deps);
  const routes: Router[] = [
    userRoutes(users),
    claimRoutes(claims, deps.readBack),
    documentRoutes(documents, deps.readBack),
    analysisRoutes(analysis, documents, deps.readBack, { ...deps.analysis, now: deps.now }),
    pdforgeRoutes({ store: deps.store, documents, readBack: deps.readBack, renderer: deps.templates, now: deps.now }),
  ];
  /** Where workers' commands arrive in the embedded topology. */
  const commandBus = inProcessCommandBus(analysis);
  return { users, claims, documents, analysis, commandBus, routes, uploadGrants: grants };
}

export type CommandService = ReturnType<typeof createCommandService>;

import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, Logger, Migration, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { aiProfileRoutes } from './aiProfile/routes';
import { documentsMigrations } from './documents/migrations';
import { documentsProjector } from './documents/projector';
import { findDocument } from './documents/queries';
import { documentReadRoutes } from './documents/routes';
import { claimsMigrations } from './claims/migrations';
import { activitiesProjector, claimHistoryProjector, claimsProjector } from './claims/projectors';
import { findClaimDetail } from './claims/queries';
import { claimReadRoutes } from './claims/routes';
import { memberTierRoutes } from './memberTiers/routes';
import { ProjectionRunner } from './runner/projectionRunner';
import { userProfilesMigrations } from './userProfiles/migrations';
import { userProfilesProjector } from './userProfiles/projector';
import { findUserProfile } from './userProfiles/queries';
import { userProfileRoutes } from './userProfiles/routes';
import { assistGrounding } from './pdforge/grounding';

export { ProjectionRunner, checkpointName } from './runner/projectionRunner';
export type { Projector } from './runner/projector';

export const projectionMigrations: Migration[] = [...userProfilesMigrations, ...claimsMigrations, ...documentsMigrations];

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  logger: Logger;
  pollIntervalMs?: number;
  now?: () => Date;
}

/** The read side: projectors that build read models, and the GET routes answered from them. */
export function createProjectionService(deps: ProjectionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const projectors = [
    userProfilesProjector(deps.vault),
    claimsProjector(deps.vault),
    claimHistoryProjector(deps.vault),
    activitiesProjector(deps.vault),
    documentsProjector(deps.vault),
  ];
  const runner = new ProjectionRunner({ store: deps.store, projectors, logger: deps.logger, pollIntervalMs: deps.pollIntervalMs });
  const routes: Router[] = [
    memberTierRoutes(), userProfileRoutes(deps.knex), claimReadRoutes(deps.knex, now), documentReadRoutes(deps.knex, deps.storage),
    aiProfileRoutes(deps.knex),
  ];
  return {
    runner,
    routes,
    queries: {
      findUserProfile: (userId: string) => findUserProfile(deps.knex, userId),
      claimDetail: (userId: string, claimId: string) => findClaimDetail(deps.knex, userId, claimId, now()),
      document: (userId: string, documentId: string) => findDocument(deps.knex, userId, documentId),
      /** The claims and analyses the wizard's AI assist is grounded in. */
      assistGrounding: (userId: string) => assistGrounding(deps.knex, userId, now()),
    },
  };
}

export type ProjectionService = ReturnType<typeof createProjectionService>;

import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, Logger, Migration, PersonalDataVault } from '@cc/platform';
import { memberTierRoutes } from './memberTiers/routes';
import { ProjectionRunner } from './runner/projectionRunner';
import { userProfilesMigrations } from './userProfiles/migrations';
import { userProfilesProjector } from './userProfiles/projector';
import { findUserProfile } from './userProfiles/queries';
import { userProfileRoutes } from './userProfiles/routes';

export { ProjectionRunner, checkpointName } from './runner/projectionRunner';
export type { Projector } from './runner/projector';

export const projectionMigrations: Migration[] = [...userProfilesMigrations];

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  logger: Logger;
  pollIntervalMs?: number;
}

/** The read side: projectors that build read models, and the GET routes answered from them. */
export function createProjectionService(deps: ProjectionServiceDeps) {
  const projectors = [userProfilesProjector(deps.vault)];
  const runner = new ProjectionRunner({ store: deps.store, projectors, logger: deps.logger, pollIntervalMs: deps.pollIntervalMs });
  const routes: Router[] = [memberTierRoutes(), userProfileRoutes(deps.knex)];
  return {
    runner,
    routes,
    queries: { findUserProfile: (userId: string) => findUserProfile(deps.knex, userId) },
  };
}

export type ProjectionService = ReturnType<typeof createProjectionService>;

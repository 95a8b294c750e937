import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { documentCommands } from './documents/commands';
import { documentRoutes, type DocumentReadBack } from './documents/routes';
import { uploadGrants } from './documents/uploadGrants';
import { claimCommands } from './claims/commands';
import { claimRoutes, type ClaimReadBack } from './claims/routes';
import { userCommands } from './users/commands';
import { userRoutes } from './users/routes';

export { userDecider } from './users/decider';
export type { UserCommands } from './users/commands';
export { claimDecider } from './claims/decider';
export type { ClaimReadBack } from './claims/routes';
export type { DocumentReadBack } from './documents/routes';
export { commandMigrations } from './migrations';
export { LOCAL_UPLOAD_PREFIX } from './documents/uploadGrants';

export interface CommandServiceDeps {
  store: EventStore;
  vault: PersonalDataVault;
  /** Lets command routes answer with the read model once it has caught up (wired by the gateway). */
  readBack: ClaimReadBack & DocumentReadBack;
  knex: Knex;
  storage: ObjectStorage;
  now?: () => Date;
}

/** The write side: command handlers by aggregate, and the HTTP routes that call them. */
export function createCommandService(deps: CommandServiceDeps) {
  const users = userCommands(deps);
  const claims = claimCommands(deps);
  const documents = documentCommands({ ...deps, grants: uploadGrants(deps.knex, deps.storage, deps.now) });
  const routes: Router[] = [userRoutes(users), claimRoutes(claims, deps.readBack), documentRoutes(documents, deps.readBack)];
  return { users, claims, documents, routes };
}

export type CommandService = ReturnType<typeof createCommandService>;

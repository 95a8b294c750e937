import type { Router } from 'express';
import type { EventStore, PersonalDataVault } from '@cc/platform';
import { claimCommands } from './claims/commands';
import { claimRoutes, type ClaimReadBack } from './claims/routes';
import { userCommands } from './users/commands';
import { userRoutes } from './users/routes';

export { userDecider } from './users/decider';
export type { UserCommands } from './users/commands';
export { claimDecider } from './claims/decider';
export type { ClaimReadBack } from './claims/routes';

export interface CommandServiceDeps {
  store: EventStore;
  vault: PersonalDataVault;
  /** Lets command routes answer with the read model once it has caught up (wired by the gateway). */
  readBack: ClaimReadBack;
  now?: () => Date;
}

/** The write side: command handlers by aggregate, and the HTTP routes that call them. */
export function createCommandService(deps: CommandServiceDeps) {
  const users = userCommands(deps);
  const claims = claimCommands(deps);
  const routes: Router[] = [userRoutes(users), claimRoutes(claims, deps.readBack)];
  return { users, claims, routes };
}

export type CommandService = ReturnType<typeof createCommandService>;

import type { Router } from 'express';
import type { EventStore, PersonalDataVault } from '@cc/platform';
import { userCommands } from './users/commands';
import { userRoutes } from './users/routes';

export { userDecider } from './users/decider';
export type { UserCommands } from './users/commands';

export interface CommandServiceDeps {
  store: EventStore;
  vault: PersonalDataVault;
}

/** The write side: command handlers by aggregate, and the HTTP routes that call them. */
export function createCommandService(deps: CommandServiceDeps) {
  const users = userCommands(deps);
  const routes: Router[] = [userRoutes(users)];
  return { users, routes };
}

export type CommandService = ReturnType<typeof createCommandService>;

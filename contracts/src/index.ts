export * from './tiers';
export * from './roles';
export * from './problem';
export * from './users';
export * from './events';
export * from './claims';
export * from './rating';
export * from './documents';

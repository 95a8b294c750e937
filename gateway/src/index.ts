export { startSystem, type System, type SystemOptions } from './system';
export { seedDemoAccounts } from './seed';

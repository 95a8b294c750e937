import { randomBytes } from 'node:crypto';
import type { MemberTierName } from '@cc/contracts';
import { START, comparePositions, type EventStore } from '@cc/platform';
import type { Accounts } from './auth/accounts';

const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; tier: MemberTierName; label: string }[] = [
  { email: 'veteran@demo.claimscopilot.example', firstName: 'Jordan', lastName: 'Rivera', tier: 'free', label: 'Demo veteran' },
  { email: 'admin@demo.claimscopilot.example', firstName: 'Avery', lastName: 'Morgan', tier: 'administrators', label: 'Administrator' },
  { email: 'adjudicator@demo.claimscopilot.example', firstName: 'Casey', lastName: 'Brooks', tier: 'adjudicators', label: 'Adjudicator' },
  { email: 'support@demo.claimscopilot.example', firstName: 'Riley', lastName: 'Chen', tier: 'support', label: 'Support' },
];

/**
 * On the first start of an empty embedded database: demo accounts with random passwords, printed
 * once. Nothing is stored in clear; if the passwords are lost, start over with an empty DATA_DIR.
 */
export async function seedDemoAccounts(
  system: { store: Pick<EventStore, 'headPosition'>; accounts: Pick<Accounts, 'register'> },
  print: (text: string) => void,
): Promise<boolean> {
  if (comparePositions(await system.store.headPosition(), START) !== 0) return false;
  const lines: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const password = randomBytes(12).toString('base64url');
    await system.accounts.register(
      { email: account.email, password, firstName: account.firstName, lastName: account.lastName, memberTier: account.tier },
      {},
    );
    lines.push(`  ${account.label.padEnd(14)} ${account.email.padEnd(42)} ${password}`);
  }
  print(['', 'Demo accounts (shown this once; set SEED_DEMO=false to skip them on a new database):', ...lines, ''].join('\n'));
  return true;
}

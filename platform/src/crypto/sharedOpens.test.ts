import type { SealedData } from '@cc/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { migrate } from '../db/migrations';
import { personalDataMigrations, PersonalDataVault } from './personalDataVault';
import { sharingOpens } from './sharedOpens';

/**
 * A rebuild's page opens each sealed value once for every read model. What a test can see of that:
 * a sealed value changed in place after its first open still opens as it was inside the page (the
 * plaintext was reused, not deciphered again), and as it is now once the page is over (nothing kept).
 */
describe('opens shared within a page', () => {
  let db: TestDatabase;
  let vault: PersonalDataVault;
  beforeAll(async () => {
    db = await createTestDatabase('sharedopens');
    await migrate(db.knex, 'platform', personalDataMigrations);
    vault = new PersonalDataVault(db.knex);
  });
  afterAll(async () => {
    await vault.close();
    await db.drop();
  });

  /** Makes `sealed` hold what `other` holds, as the same object. */
  const overwrite = (sealed: SealedData, other: SealedData) => Object.assign(sealed, other);

  it('deciphers a sealed value once within the page, and keeps nothing after it', async () => {
    const sealed = await vault.seal('veteran-1', { condition: 'Tinnitus' });
    const replacement = await vault.seal('veteran-1', { condition: 'Sleep apnea' });
    const inside = await sharingOpens(async () => {
      const first = await vault.open<{ condition: string }>('veteran-1', sealed);
      overwrite(sealed, replacement);
      const again = await vault.open<{ condition: string }>('veteran-1', sealed);
      return [first, again];
    });
    expect(inside).toEqual([{ condition: 'Tinnitus' }, { condition: 'Tinnitus' }]);
    expect(await vault.open('veteran-1', sealed)).toEqual({ condition: 'Sleep apnea' });
  });

  it('gives every caller its own copy', async () => {
    const sealed = await vault.seal('veteran-2', { items: ['a'] });
    await sharingOpens(async () => {
      const first = await vault.open<{ items: string[] }>('veteran-2', sealed);
      first!.items.push('changed by one read model');
      expect(await vault.open('veteran-2', sealed)).toEqual({ items: ['a'] });
    });
  });

  it('keeps nothing when the page fails', async () => {
    const sealed = await vault.seal('veteran-3', { note: 'first' });
    const replacement = await vault.seal('veteran-3', { note: 'second' });
    await expect(
      sharingOpens(async () => {
        await vault.open('veteran-3', sealed);
        throw new Error('the page failed');
      }),
    ).rejects.toThrow('the page failed');
    overwrite(sealed, replacement);
    expect(await vault.open('veteran-3', sealed)).toEqual({ note: 'second' });
  });

  it('an erasure during the page takes the opened plaintext away at once', async () => {
    const sealed = await vault.seal('veteran-4', { note: 'private' });
    const after = await sharingOpens(async () => {
      await vault.open('veteran-4', sealed);
      await vault.erase('veteran-4');
      return vault.open('veteran-4', sealed);
    });
    expect(after).toBeUndefined();
  });

  it('does not hand one subject what was opened for another', async () => {
    const sealed = await vault.seal('veteran-5', { note: 'hers' });
    await vault.seal('veteran-6', { note: 'his' });
    await sharingOpens(async () => {
      expect(await vault.open('veteran-5', sealed)).toEqual({ note: 'hers' });
      // Another subject's key cannot open it: deciphering is attempted, and fails.
      await expect(vault.open('veteran-6', sealed)).rejects.toThrow();
    });
  });

  it('two pages running at once do not share', async () => {
    const sealed = await vault.seal('veteran-7', { note: 'before' });
    const replacement = await vault.seal('veteran-7', { note: 'after' });
    let release!: () => void;
    const opened = new Promise<void>((resolve) => (release = resolve));
    const first = sharingOpens(async () => {
      await vault.open('veteran-7', sealed);
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const second = sharingOpens(async () => {
      await opened;
      overwrite(sealed, replacement);
      return vault.open('veteran-7', sealed);
    });
    const [, seen] = await Promise.all([first, second]);
    expect(seen).toEqual({ note: 'after' });
  });
});

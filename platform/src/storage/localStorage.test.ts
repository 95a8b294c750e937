import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { objectStorageContract } from './contract';
import { LocalObjectStorage } from './localStorage';

async function tempBase(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'cc-objects-'));
}

objectStorageContract(
  'local folder',
  async () => {
    const base = await tempBase();
    const root = path.join(base, 'objects');
    const outside = path.join(base, 'outside');
    await fs.mkdir(root);
    await fs.mkdir(outside);
    return {
      storage: new LocalObjectStorage(root),
      filesystem: { root, outside },
      dispose: () => fs.rm(base, { recursive: true, force: true }),
    };
  },
  { filesystem: true },
);

describe('LocalObjectStorage specifics', () => {
  let base: string;
  beforeEach(async () => {
    base = await tempBase();
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('creates the root folder on first use', async () => {
    const storage = new LocalObjectStorage(path.join(base, 'data', 'objects'));
    await storage.put('users/u1/doc', Buffer.from('hello'));
    expect(await fs.readFile(path.join(base, 'data', 'objects', 'users', 'u1', 'doc'), 'utf8')).toBe('hello');
  });

  it('works when the root itself is reached through a symlink (a linked DATA_DIR)', async () => {
    await fs.mkdir(path.join(base, 'real'));
    await fs.symlink(path.join(base, 'real'), path.join(base, 'linked'), 'dir');
    const storage = new LocalObjectStorage(path.join(base, 'linked'));
    await storage.put('users/u1/doc', Buffer.from('hello'));
    expect((await storage.head('users/u1/doc'))?.size).toBe(5);
    expect(await fs.readFile(path.join(base, 'real', 'users', 'u1', 'doc'), 'utf8')).toBe('hello');
  });

  it('does not treat a sibling folder sharing the root name as inside it', async () => {
    await fs.mkdir(path.join(base, 'objects-evil'));
    await fs.symlink(path.join(base, 'objects-evil'), path.join(base, 'objects-link'), 'dir');
    const storage = new LocalObjectStorage(path.join(base, 'objects'));
    await fs.mkdir(path.join(base, 'objects'));
    await fs.symlink(path.join(base, 'objects-evil'), path.join(base, 'objects', 'sub'), 'dir');
    await expect(storage.put('sub/x', Buffer.from('x'))).rejects.toMatchObject({ name: 'InvalidObjectKeyError' });
    expect(await fs.readdir(path.join(base, 'objects-evil'))).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCycles, importGraph } from './importGraph';

const root = path.resolve(__dirname, '../..');
const relative = (base: string, cycles: string[][]) => cycles.map((files) => files.map((file) => path.relative(base, file)));

test('no two files of the project import each other, directly or around a loop', () => {
  const graph = importGraph([path.join(root, 'tsconfig.json'), path.join(root, 'frontend/tsconfig.json')]);
  expect(graph.size).toBeGreaterThan(500);
  expect(relative(root, importCycles(graph))).toEqual([]);
}, 120_000);

describe('the cycle finder', () => {
  let dir: string;
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    write({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, moduleResolution: 'Bundler', module: 'ESNext', baseUrl: '.', paths: { '@lib/*': ['lib/*'] } },
        include: ['.'],
      }),
    });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cyclesIn = () => relative(dir, importCycles(importGraph([path.join(dir, 'tsconfig.json')])));

  test('finds a loop of type-only imports, one of them through a path alias, and only its files', () => {
    write({
      'lib/users.ts': "export * from './displayName';\nexport interface User { name: string }\n",
      'lib/displayName.ts': "import type { User } from '@lib/users';\nexport const displayName = (u: User) => u.name;\n",
      'app/main.ts': "import { displayName } from '../lib/users';\nexport const shown = displayName({ name: 'A' });\n",
    });
    expect(cyclesIn()).toEqual([['lib/displayName.ts', 'lib/users.ts']]);
  });

  test('finds a loop through three files, a re-export and a dynamic import, and a file importing itself', () => {
    write({
      'a.ts': "export { b } from './b';\nexport const a = 1;\n",
      'b.ts': "export const b = () => import('./c');\n",
      'c.ts': "import { a } from './a';\nexport const c = a;\n",
      'self.ts': "import * as self from './self';\nexport const s = 1;\nexport const again = () => self.s;\n",
    });
    expect(cyclesIn()).toEqual([['a.ts', 'b.ts', 'c.ts'], ['self.ts']]);
  });

  test('a tree of imports has no cycle', () => {
    write({
      'a.ts': "import { b } from './b';\nimport { c } from './c';\nexport const a = b + c;\n",
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': 'export const c = 1;\n',
    });
    expect(cyclesIn()).toEqual([]);
  });
});

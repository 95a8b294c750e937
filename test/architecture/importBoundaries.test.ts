import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The import rules of docs/ARCHITECTURE.md, "Folders and what each may import", as eslint.config.js states them, fire: each snippet
 * is linted as if it were a file at that path, with the project's own ESLint config.
 */

const root = path.resolve(__dirname, '../..');
const SERVICES = ['command-service', 'projection-service', 'ai-worker', 'billing-service', 'notification-service'];

interface Snippet {
  file: string;
  code: string;
}
const importOf = (source: string) => `import { x } from '${source}';\nexport { x };\n`;

const forbidden: [string, Snippet, RegExp][] = [
  ...SERVICES.flatMap((service) =>
    [...SERVICES.filter((other) => other !== service), 'gateway'].map((other): [string, Snippet, RegExp] => [
      `${service} imports @cc/${other}`,
      { file: `${service}/src/probe.ts`, code: importOf(`@cc/${other}`) },
      /A service imports only @cc\/contracts and @cc\/platform/,
    ]),
  ),
  [
    'a service imports a file of another by its package',
    { file: 'command-service/src/claims/probe.ts', code: importOf('@cc/projection-service/claims/queries') },
    /A service imports only/,
  ],
  [
    'a service imports a file of another by a relative path',
    { file: 'command-service/src/claims/probe.ts', code: importOf('../../../projection-service/src/claims/queries') },
    /A service imports only/,
  ],
  [
    'a service imports only types from another',
    { file: 'billing-service/src/probe.ts', code: "import type { X } from '@cc/ai-worker';\nexport type { X };\n" },
    /A service imports only/,
  ],
  [
    'a service re-exports another',
    { file: 'notification-service/src/probe.ts', code: "export { x } from '@cc/command-service';\n" },
    /A service imports only/,
  ],
  [
    'a service test imports the gateway',
    { file: 'ai-worker/src/chat/probe.test.ts', code: importOf('../../../gateway/src/testing/testApp') },
    /A service imports only/,
  ],
  ['contracts imports platform', { file: 'contracts/src/probe.ts', code: importOf('@cc/platform') }, /contracts imports nothing of ours/],
  [
    'contracts imports a service by a relative path',
    { file: 'contracts/src/probe.ts', code: importOf('../../command-service/src/claims/decider') },
    /contracts imports nothing of ours/,
  ],
  [
    'contracts imports an npm package other than zod',
    { file: 'contracts/src/probe.ts', code: importOf('express') },
    /contracts imports zod only/,
  ],
  [
    'contracts outside the reader imports chrono-node',
    { file: 'contracts/src/claims.ts', code: importOf('chrono-node') },
    /contracts imports zod only/,
  ],
  [
    'platform imports a service',
    { file: 'platform/src/http/probe.ts', code: importOf('@cc/command-service') },
    /platform is the runtime every service shares/,
  ],
  [
    'platform imports the gateway',
    { file: 'platform/src/probe.ts', code: importOf('@cc/gateway') },
    /platform is the runtime every service shares/,
  ],
  [
    'the frontend imports platform',
    { file: 'frontend/src/claims/probe.tsx', code: importOf('@cc/platform') },
    /The frontend imports only @cc\/contracts/,
  ],
  [
    'the frontend imports a service',
    { file: 'frontend/src/claims/probe.tsx', code: importOf('@cc/projection-service') },
    /The frontend imports only @cc\/contracts/,
  ],
  [
    'the frontend imports the gateway by a relative path',
    { file: 'frontend/src/claims/probe.tsx', code: importOf('../../../gateway/src/system') },
    /The frontend imports only @cc\/contracts/,
  ],
  [
    'the frontend imports the sentence reader',
    { file: 'frontend/src/evidence/probe.tsx', code: importOf('@cc/contracts/reading') },
    /The sentence reader is server-side only/,
  ],
];

const allowed: [string, Snippet][] = [
  ...SERVICES.flatMap((service) =>
    ['@cc/contracts', '@cc/contracts/reading', '@cc/platform', '@cc/platform/http/listQuery', 'express', './own', '../claims/own'].map(
      (source): [string, Snippet] => [`${service} imports ${source}`, { file: `${service}/src/chat/probe.ts`, code: importOf(source) }],
    ),
  ),
  ...SERVICES.map((service): [string, Snippet] => [
    `the gateway imports @cc/${service}`,
    { file: 'gateway/src/probe.ts', code: importOf(`@cc/${service}`) },
  ]),
  ['contracts imports zod', { file: 'contracts/src/probe.ts', code: importOf('zod') }],
  ['contracts imports its own files', { file: 'contracts/src/probe.ts', code: importOf('./claims') }],
  ['contracts imports its reference data', { file: 'contracts/src/probe.ts', code: importOf('../reference-data/diagnostic-codes.json') }],
  ['the sentence reader imports chrono-node', { file: 'contracts/src/reading/probe.ts', code: importOf('chrono-node') }],
  ['platform imports contracts', { file: 'platform/src/probe.ts', code: importOf('@cc/contracts') }],
  ['platform imports knex', { file: 'platform/src/probe.ts', code: importOf('knex') }],
  ['the frontend imports contracts', { file: 'frontend/src/claims/probe.tsx', code: importOf('@cc/contracts') }],
  ['the frontend imports react-admin', { file: 'frontend/src/claims/probe.tsx', code: importOf('react-admin') }],
];

type Message = { ruleId: string | null; message: string };
let reported: Map<Snippet, Message[]>;

beforeAll(() => {
  const snippets = [...forbidden.map(([, snippet]) => snippet), ...allowed.map(([, snippet]) => snippet)];
  const out = execFileSync(process.execPath, [path.join(__dirname, 'lintText.mjs'), root], {
    input: JSON.stringify(snippets.map(({ file, code }) => ({ filePath: file, code }))),
    encoding: 'utf8',
  });
  const results = JSON.parse(out) as Message[][];
  reported = new Map(snippets.map((snippet, i) => [snippet, results[i]!]));
}, 120_000);

const restrictions = (snippet: Snippet) =>
  reported
    .get(snippet)!
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);

test.each(forbidden)('refused: %s', (_name, snippet, message) => {
  expect(restrictions(snippet)).toEqual([expect.stringMatching(message)]);
});

test.each(allowed)('allowed: %s', (_name, snippet) => {
  expect(restrictions(snippet)).toEqual([]);
});

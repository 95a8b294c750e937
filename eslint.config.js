import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom (docs/ARCHITECTURE.md, "Folders and what each may import"). Services never import each other: they meet through
 * `contracts`, the event store, the bus, the CommandBus and HTTP. Only the gateway, the composition
 * root, imports services. An import is caught by package name (`@cc/ai-worker`, `@cc/ai-worker/x`)
 * and by a relative path that climbs out of its own folder (`../../ai-worker/src/x`).
 * test/architecture/importBoundaries.test.ts proves each rule fires; import cycles are refused by
 * test/architecture/importCycles.test.ts (type-only imports count, which import-x/no-cycle skips).
 */
const SERVICES = ['command-service', 'projection-service', 'ai-worker', 'billing-service', 'notification-service'];
const WORKSPACES = ['contracts', 'platform', ...SERVICES, 'gateway', 'frontend'];
const SOURCES = '**/*.{ts,tsx,js,mjs,cjs}';

/** A `no-restricted-imports` pattern for every workspace `folder` may not import. */
function onlyImports(folder, allowed, message) {
  const banned = WORKSPACES.filter((w) => w !== folder && !allowed.includes(w)).join('|');
  return { regex: `^(?:@cc/(?:${banned})(?:/|$)|(?:\\.\\./)+(?:${banned})(?:/|$))`, message };
}

const serviceRule = (service) => ({
  files: [`${service}/${SOURCES}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          onlyImports(
            service,
            ['contracts', 'platform'],
            'A service imports only @cc/contracts and @cc/platform; services meet through contracts, the event store, the bus, the CommandBus and HTTP (docs/ARCHITECTURE.md, "Folders and what each may import"). Move what both need to contracts (types, schemas, pure rules) or platform (runtime).',
          ),
        ],
      },
    ],
  },
});

/** zod only, and chrono-node for the sentence reader (docs/ARCHITECTURE.md, "The one exception"). */
const contractsPackages = (extra) => ({
  regex: `^(?!\\.{1,2}(?:/|$)|@cc/|zod(?:/|$)${extra.map((p) => `|${p}(?:/|$)`).join('')})`,
  message: `contracts imports zod only${extra.length ? ` (and ${extra.join(', ')} here)` : ''}, so every service and the browser bundle can share it (docs/ARCHITECTURE.md, "Folders and what each may import").`,
});
const contractsOwn = onlyImports(
  'contracts',
  [],
  'contracts imports nothing of ours: every other package depends on it (docs/ARCHITECTURE.md, "Folders and what each may import").',
);

const importBoundaries = [
  { files: [`contracts/${SOURCES}`], rules: { 'no-restricted-imports': ['error', { patterns: [contractsOwn, contractsPackages([])] }] } },
  {
    files: ['contracts/src/reading.ts', `contracts/src/reading/${SOURCES}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [contractsOwn, contractsPackages(['chrono-node'])] }] },
  },
  {
    files: [`platform/${SOURCES}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyImports(
              'platform',
              ['contracts'],
              'platform is the runtime every service shares and imports only @cc/contracts (docs/ARCHITECTURE.md, "Folders and what each may import").',
            ),
          ],
        },
      ],
    },
  },
  ...SERVICES.map(serviceRule),
  {
    files: [`frontend/${SOURCES}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyImports(
              'frontend',
              ['contracts'],
              'The frontend imports only @cc/contracts and talks to the services over /api (docs/ARCHITECTURE.md, "Folders and what each may import").',
            ),
            // The sentence reader carries a date parser (chrono-node) the browser bundle must not (docs/ARCHITECTURE.md, "Folders and what each may import").
            {
              group: ['@cc/contracts/reading', '@cc/contracts/reading/*'],
              message: 'The sentence reader is server-side only; the frontend reads the evidence map from the API.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...importBoundaries,
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests talk to real HTTP and read loosely shaped JSON answers.
    files: ['**/*.test.ts', '**/testing/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

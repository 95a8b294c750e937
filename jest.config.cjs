/** One jest run covers every backend workspace; browser tests live under test/browser. */
const workspaces = [
  'contracts',
  'platform',
  'command-service',
  'projection-service',
  'ai-worker',
  'billing-service',
  'notification-service',
  'gateway',
];

const moduleNameMapper = {
  '^@cc/([a-z-]+)$': '<rootDir>/$1/src/index.ts',
  '^@cc/([a-z-]+)/(.*)$': '<rootDir>/$1/src/$2',
};

module.exports = {
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.[tj]sx?$': 'babel-jest' },
  moduleNameMapper,
  roots: [...workspaces.map((w) => `<rootDir>/${w}`), '<rootDir>/frontend/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Frontend unit tests are pure logic (no DOM); browser tests live in test/browser.
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
};

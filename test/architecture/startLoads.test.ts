import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * What `npm start` loads before it answers: the clients of optional services and the libraries of
 * rare requests are loaded where they are used, when configured or first asked for, so they cost
 * no start-up (together about three quarters of a second of a start on this machine). A static
 * import of one of them anywhere on the start path makes this fail.
 */

const root = path.resolve(__dirname, '../..');

/** Loaded only when configured (S3, OIDC, split services, EventStoreDB, Kafka, Stripe, OpenAI) or first used (PDFs, the outbox's messages). */
const NOT_AT_START = [
  '@aws-sdk/client-s3',
  'openid-client',
  'http-proxy-middleware',
  '@kurrent/kurrentdb-client',
  'kafkajs',
  'stripe',
  'openai',
  'pdfmake',
  'pdfkit',
  'mailparser',
];

/** The packages a process has loaded once the system's module (everything `npm start` runs) is imported. */
function packagesLoadedByTheSystem(): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(path.join(root, 'gateway/src/system.ts'))});
    const loaded = new Set();
    for (const file of Object.keys(createRequire(import.meta.url).cache)) {
      const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file);
      if (name) loaded.add(name[1]);
    }
    process.stdout.write(JSON.stringify([...loaded]));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe('what a start loads', () => {
  it('loads none of the optional clients or rare libraries, and does load what every request needs', () => {
    const loaded = packagesLoadedByTheSystem();
    // The probe sees packages at all: these are on every request's path.
    expect(loaded).toEqual(expect.arrayContaining(['express', 'knex', 'pg']));
    expect(NOT_AT_START.filter((name) => loaded.includes(name))).toEqual([]);
  }, 60_000);
});

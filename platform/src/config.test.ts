import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 3000, ./data and demo accounts in the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: path.resolve('./data'), databaseUrl: undefined, seedDemo: true, oidc: undefined });
  });

  it('never seeds demo accounts into a configured server, and SEED_DEMO=false turns seeding off', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/cc' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/cc', SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads ADMIN_EMAILS as a trimmed, lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.org, ,second@example.org ' }).adminEmails).toEqual(['boss@example.org', 'second@example.org']);
  });

  it('names each invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('runs 4 analyses at once unless ANALYSIS_CONCURRENCY says otherwise (1–64)', () => {
    expect(loadConfig({}).analysisConcurrency).toBe(4);
    expect(loadConfig({ ANALYSIS_CONCURRENCY: '8' }).analysisConcurrency).toBe(8);
    expect(() => loadConfig({ ANALYSIS_CONCURRENCY: '0' })).toThrow(/ANALYSIS_CONCURRENCY/);
    expect(() => loadConfig({ ANALYSIS_CONCURRENCY: 'many' })).toThrow(/ANALYSIS_CONCURRENCY/);
  });
});

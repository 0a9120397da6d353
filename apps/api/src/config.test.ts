import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeHost, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      sandbox: true,
      opsToken: undefined,
      agencyHosts: [],
      sessionSecure: false,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
    });
  });

  it('switches sandbox off and secure cookies on in production', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.sandbox).toBe(false);
    expect(config.sessionSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', SESSION_SECURE: 'false' })).toMatchObject({
      sandbox: true,
      sessionSecure: false,
    });
  });

  it('treats memory:// as a throwaway PGlite and parses AGENCY_HOSTS', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'memory://' })).toMatchObject({
      dataDir: null,
      databaseUrl: undefined,
    });
    expect(loadConfig({ AGENCY_HOSTS: ' Play.Example.com:8080, ,demo.test ' }).agencyHosts).toEqual([
      'play.example.com',
      'demo.test',
    ]);
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow(/SANDBOX/);
    expect(() => loadConfig({ OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
  });
});

describe('normalizeHost', () => {
  it('lower-cases and strips the port', () => {
    expect(normalizeHost('LocalHost:3000')).toBe('localhost');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost('example.com')).toBe('example.com');
  });
});

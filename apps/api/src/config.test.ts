import path from 'node:path';
import { PROVIDERS } from '@lc/shared/providers';
import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeHost, REPO_ROOT } from './config';

/** PROVIDER_<NAME>_URL and _KEY for all five providers: what a production start needs. */
const PROVIDER_ENV: Record<string, string> = Object.fromEntries(
  PROVIDERS.flatMap((p) => [
    [`PROVIDER_${p.toUpperCase()}_URL`, `https://${p.replace('_', '-')}.provider.example/v1`],
    [`PROVIDER_${p.toUpperCase()}_KEY`, `key-of-${p}-0123456789abcdef`],
  ]),
);

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePoolMax: 10,
      dataDir: path.resolve('./data'),
      sandbox: true,
      opsToken: undefined,
      agencyHosts: [],
      sessionSecure: false,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      backofficeDist: path.join(REPO_ROOT, 'apps/backoffice/dist'),
    });
  });

  it('switches sandbox off and secure cookies on in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PROVIDER_ENV });
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

describe('provider configuration', () => {
  it('defaults to the built-in sandbox providers, a 5 s timeout and no faults', () => {
    const config = loadConfig({});
    expect(config.providerTimeoutMs).toBe(5000);
    expect(config.sandboxFaults).toEqual({});
    for (const provider of PROVIDERS)
      expect(config.providers[provider]).toEqual({ url: undefined, key: undefined });
  });

  it('reads URL and key per provider', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PROVIDER_ENV, PROVIDER_TIMEOUT_MS: '2500' });
    expect(config.providers.gclub_live).toEqual({
      url: 'https://gclub-live.provider.example/v1',
      key: 'key-of-gclub_live-0123456789abcdef',
    });
    expect(config.providerTimeoutMs).toBe(2500);
  });

  it('starts without the sandbox with providers not configured yet (go-live), but never with half of one', () => {
    const bare = loadConfig({ NODE_ENV: 'production' });
    for (const provider of PROVIDERS)
      expect(bare.providers[provider]).toEqual({ url: undefined, key: undefined });
    const { PROVIDER_BETFLIX_KEY: _dropped, ...withoutKey } = PROVIDER_ENV;
    expect(() => loadConfig({ SANDBOX: 'false', ...withoutKey })).toThrow(/PROVIDER_BETFLIX_KEY: required/);
    const { PROVIDER_GCLUB_URL: _url, ...withoutUrl } = PROVIDER_ENV;
    expect(() => loadConfig({ SANDBOX: 'false', ...withoutUrl })).toThrow(
      /PROVIDER_GCLUB_URL: required with PROVIDER_GCLUB_KEY when SANDBOX is off/,
    );
    expect(() =>
      loadConfig({ ...PROVIDER_ENV, NODE_ENV: 'production', PROVIDER_GCLUB_URL: 'ftp://x' }),
    ).toThrow(/PROVIDER_GCLUB_URL/);
  });

  it('needs a key with a URL even in sandbox mode; a key alone signs for the built-in sandbox', () => {
    expect(() => loadConfig({ PROVIDER_ASKMEBET_URL: 'https://amb.example' })).toThrow(
      /PROVIDER_ASKMEBET_KEY: required with PROVIDER_ASKMEBET_URL/,
    );
    expect(loadConfig({ PROVIDER_ASKMEBET_KEY: 'k'.repeat(20) }).providers.askmebet).toEqual({
      url: undefined,
      key: 'k'.repeat(20),
    });
    expect(() => loadConfig({ PROVIDER_ASKMEBET_KEY: 'short' })).toThrow(/PROVIDER_ASKMEBET_KEY/);
  });

  it('parses SANDBOX_FAULTS and names it when it is wrong', () => {
    expect(loadConfig({ SANDBOX_FAULTS: 'providers:error=0.2,lost=0.05' }).sandboxFaults).toEqual({
      providers: { error: 0.2, lost: 0.05 },
    });
    expect(() => loadConfig({ SANDBOX_FAULTS: 'providers:boom=1' })).toThrow(/SANDBOX_FAULTS: unknown fault/);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '10' })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });

  it('reads the API addresses the sandbox bank notifies, none by default', () => {
    expect(loadConfig({}).sandboxWebhookUrls).toEqual([]);
    expect(
      loadConfig({ SANDBOX_WEBHOOK_URLS: 'http://127.0.0.1:3410/, http://127.0.0.1:3411' })
        .sandboxWebhookUrls,
    ).toEqual(['http://127.0.0.1:3410', 'http://127.0.0.1:3411']);
    expect(() => loadConfig({ SANDBOX_WEBHOOK_URLS: 'ftp://bank.example' })).toThrow(/SANDBOX_WEBHOOK_URLS/);
  });

  it('reads the pool size per process and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
    }
  });
});

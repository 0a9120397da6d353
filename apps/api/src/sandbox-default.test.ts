import { PROVIDERS } from '@lc/shared/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from './test/app';

// Finding 10 of issue #13: the sandbox (which lets anyone record a bank payment) was on unless
// NODE_ENV=production, so a plain `npm start` on a server mounted POST /sandbox/bank/payments.
const PROVIDER_ENV: Record<string, string> = Object.fromEntries(
  PROVIDERS.flatMap((p) => [
    [`PROVIDER_${p.toUpperCase()}_URL`, `https://${p.replace('_', '-')}.provider.example/v1`],
    [`PROVIDER_${p.toUpperCase()}_KEY`, `key-of-${p}-0123456789abcdef`],
  ]),
);

describe('SANDBOX default', () => {
  it('is on only while HOST is a loopback address and NODE_ENV is not production', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(loadConfig({ HOST: host }).sandbox).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'api.example.com'])
      expect(loadConfig({ HOST: host, ...PROVIDER_ENV }).sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', ...PROVIDER_ENV }).sandbox).toBe(false);
  });

  it('stays on when SANDBOX=true is set on purpose, on any HOST', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX: 'true' }).sandbox).toBe(true);
  });

  it('a network HOST leaves the sandbox off and the real providers unset until configured (readiness names them)', () => {
    const config = loadConfig({ HOST: '0.0.0.0' });
    expect(config.sandbox).toBe(false);
    expect(config.providers.gclub).toEqual({ url: undefined, key: undefined });
  });
});

describe('an app listening on the network without SANDBOX', () => {
  let t: TestApp;
  beforeAll(async () => {
    // createTestApp sets SANDBOX=true for the other tests; unset here, as on a plain `npm start`.
    t = await createTestApp({ HOST: '0.0.0.0', SANDBOX: '', ...PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mounts no sandbox bank', async () => {
    expect(t.app.config.sandbox).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/payments',
      payload: { billNumber: 'D2601150001AB', amount: '100000' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

import { PROVIDERS } from '@lc/shared/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signedSandboxRequest } from '../../test/provider-sandbox';
import { ProviderUnavailableError } from './game-provider';

// An app that does not listen: the sandbox clients cannot reach it and must say so as "unavailable".
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_GCLUB_KEY: 'configured-gclub-key-0123456789' });
});
afterAll(async () => {
  await t?.close();
});

describe('provider registry', () => {
  it('has a client for each of the five providers with its own key', () => {
    for (const provider of PROVIDERS)
      expect(t.app.providers.deploymentDefault(provider).provider).toBe(provider);
    const keys = new Set(PROVIDERS.map((p) => t.app.providers.signingKeyOf(p)));
    expect(keys.size).toBe(5);
  });

  it('signs with a configured key, and the sandbox verifies with the same one', async () => {
    expect(t.app.providers.signingKeyOf('gclub')).toBe('configured-gclub-key-0123456789');
    const username = 'demo_0123456789ab';
    const response = await signedSandboxRequest(t.app, 'gclub', 'POST', '/members', { username });
    expect(response.statusCode).toBe(201);
  });

  it('reports the built-in sandbox as unavailable while the server does not listen', async () => {
    const client = t.app.providers.deploymentDefault('askmebet');
    const error = await client.getBalance({ username: 'demo_0123456789ab' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(String(error)).toMatch(/not listening/);
    const outcome = await client.transfer({ username: 'demo_0123456789ab' }, 'in', 100n, 'R-offline');
    expect(outcome.status).toBe('unknown');
  });
});

describe('without the sandbox and without provider settings (a production start, go-live)', () => {
  it('starts; each provider answers "not configured", a transfer is refused as never sent', async () => {
    const bare = await createTestApp({ SANDBOX: 'false' });
    try {
      const client = bare.app.providers.deploymentDefault('gclub');
      const error = await client.getBalance({ username: 'x_0123456789ab' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(String(error)).toMatch(/not configured \(set PROVIDER_GCLUB_URL and PROVIDER_GCLUB_KEY\)/);
      expect(await client.transfer({ username: 'x_0123456789ab' }, 'in', 100n, 'R-1')).toEqual({
        status: 'rejected',
        code: 'PROVIDER_NOT_CONFIGURED',
      });
      // No sandbox: no demo agency either; every host is unknown until the platform creates an agency.
      const info = await bare.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
      expect(info.json().error.code).toBe('AGENCY_NOT_FOUND');
    } finally {
      await bare.close();
    }
  });
});

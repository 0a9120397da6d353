import { describe, expect, it } from 'vitest';
import { FundTransferProvider } from './fundtransfer-provider';
import { ProviderUnavailableError } from './game-provider';
import { HttpGameProvider } from './http-provider';
import { type ProviderEndpointSettings, providerClientOf } from './provider-client-of';
import { UnconfiguredProvider } from './unconfigured-provider';

const options = { timeoutMs: 1000, now: () => 0, observe: () => {} };
const aggregator: ProviderEndpointSettings = {
  protocol: 'fundtransfer-v1',
  url: 'https://api.aggregator.example/',
  credentials: {
    operatorCode: 'd8kr',
    secretKey: '904c3acfdc028f495ccc5b60d01dcc49',
    providerCode: 'PG',
    logUrl: 'https://log.aggregator.example',
  },
  enabled: true,
};

describe('providerClientOf', () => {
  it('builds the client of each protocol', () => {
    expect(providerClientOf('betflix', aggregator, options)).toBeInstanceOf(FundTransferProvider);
    const ours = {
      protocol: 'laocredit-v1',
      url: 'https://p.example',
      credentials: { key: 'k' },
      enabled: true,
    };
    expect(providerClientOf('gclub', ours as ProviderEndpointSettings, options)).toBeInstanceOf(
      HttpGameProvider,
    );
  });

  it('a path names this process’s sandbox: resolved there in sandbox mode, unreachable outside it', async () => {
    const seeded = {
      ...aggregator,
      url: '/sandbox/fundtransfer',
      credentials: { ...aggregator.credentials, logUrl: '/sandbox/fundtransfer/log' },
    };
    expect(
      providerClientOf('betflix', seeded, { ...options, selfBaseUrl: () => 'http://127.0.0.1:3000' }),
    ).toBeInstanceOf(FundTransferProvider);
    const outside = providerClientOf('betflix', seeded, options);
    expect(outside).toBeInstanceOf(UnconfiguredProvider);
    await expect(outside.getBalance({ username: 'demo_0123456789ab' })).rejects.toThrow(
      /names the built-in sandbox, which runs only in sandbox mode/,
    );
    const halfway = {
      ...aggregator,
      credentials: { ...aggregator.credentials, logUrl: '/sandbox/fundtransfer/log' },
    };
    expect(providerClientOf('betflix', halfway, options)).toBeInstanceOf(UnconfiguredProvider);
  });

  it('switched off: nothing is sent', async () => {
    const off = providerClientOf('betflix', { ...aggregator, enabled: false }, options);
    await expect(off.getBalance({ username: 'demo_0123456789ab' })).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

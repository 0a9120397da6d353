import type { TProviderProtocol } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import type { CallObserver } from '../keep-alive-request';
import { FundTransferProvider } from './fundtransfer-provider';
import type { GameProvider } from './game-provider';
import { HttpGameProvider } from './http-provider';
import { UnconfiguredProvider } from './unconfigured-provider';

/** An agency's approved way to one provider, credentials already opened (never logged, never answered). */
export type ProviderEndpointSettings = {
  protocol: TProviderProtocol;
  url: string;
  credentials: Record<string, string>;
  enabled: boolean;
};

export type ProviderClientOptions = {
  timeoutMs: number;
  now: () => number;
  observe: CallObserver;
  log?: FastifyBaseLogger;
  /**
   * Where this process listens (sandbox mode only): a URL that is a path (`/sandbox/fundtransfer`, as the
   * sandbox seed writes it) names this process's built-in sandbox, resolved at each call since the port is
   * known only once the server listens. Without it such a URL reaches nothing.
   */
  selfBaseUrl?: () => string;
};

/**
 * The client of one protocol. `laocredit-v1` is our signed protocol (HttpGameProvider): its credentials are
 * the signing key. `fundtransfer-v1` is an aggregator's agent API (FundTransferProvider, decision 0071). A
 * provider the agency switched off answers unavailable and sends nothing.
 */
export function providerClientOf(
  provider: TProvider,
  settings: ProviderEndpointSettings,
  options: ProviderClientOptions,
): GameProvider {
  if (!settings.enabled) return new UnconfiguredProvider(provider, 'switched off in the agency’s settings');
  const { credentials } = settings;
  const baseUrl = endpointOf(settings.url, options.selfBaseUrl);
  if (baseUrl === null) return new UnconfiguredProvider(provider, RELATIVE_OUTSIDE_SANDBOX);
  const { timeoutMs, now, observe } = options;
  switch (settings.protocol) {
    case 'laocredit-v1':
      return new HttpGameProvider({ provider, baseUrl, key: credentials.key ?? '', timeoutMs, now, observe });
    case 'fundtransfer-v1': {
      const logUrl = endpointOf(credentials.logUrl ?? '', options.selfBaseUrl);
      if (logUrl === null) return new UnconfiguredProvider(provider, RELATIVE_OUTSIDE_SANDBOX);
      return new FundTransferProvider({
        provider,
        apiUrl: baseUrl,
        logUrl,
        operatorCode: credentials.operatorCode ?? '',
        secretKey: credentials.secretKey ?? '',
        providerCode: credentials.providerCode ?? '',
        timeoutMs,
        observe,
        log: options.log,
      });
    }
  }
}

const RELATIVE_OUTSIDE_SANDBOX = 'its URL names the built-in sandbox, which runs only in sandbox mode';

/** An absolute URL as it is (trailing slashes dropped); a path on this process's own address; else null. */
function endpointOf(url: string, selfBaseUrl: (() => string) | undefined): string | (() => string) | null {
  const trimmed = url.replace(/\/+$/, '');
  if (!trimmed.startsWith('/')) return trimmed;
  if (!selfBaseUrl) return null;
  return () => `${selfBaseUrl()}${trimmed}`;
}

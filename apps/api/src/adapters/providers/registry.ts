import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { sandboxKey, selfBaseUrl } from '../self-url';
import type { GameProvider } from './game-provider';
import { HttpGameProvider } from './http-provider';
import { UnconfiguredProvider } from './unconfigured-provider';

/** The five provider clients and their signing keys (`app.providers`). */
export interface ProviderRegistry {
  get(provider: TProvider): GameProvider;
  /** The key requests to `provider` are signed with; the built-in sandbox verifies with the same one. */
  signingKeyOf(provider: TProvider): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderRegistry;
  }
}

/** The built-in sandbox of `provider`, in this process, over real HTTP on the port it listens on. */
function localSandboxUrl(app: FastifyInstance, provider: TProvider): string {
  return `${selfBaseUrl(app)}/sandbox/providers/${provider}`;
}

/**
 * Builds the five HTTP clients from PROVIDER_<NAME>_URL/_KEY. In sandbox mode a provider without a URL is
 * the built-in sandbox (base URL resolved at call time) with a key derived from the sandbox secret; without
 * the sandbox it is not configured (UnconfiguredProvider) until an operator sets both.
 */
export function registerProviders(app: FastifyInstance): void {
  const { config } = app;
  const keys = {} as Record<TProvider, string>;
  const clients = {} as Record<TProvider, GameProvider>;
  const httpClients: HttpGameProvider[] = [];
  for (const provider of PROVIDERS) {
    const { url, key } = config.providers[provider];
    if (!config.sandbox && (!url || !key)) {
      // Production may start before an operator has every provider's URL and key (go-live): not configured.
      keys[provider] = '';
      clients[provider] = new UnconfiguredProvider(provider);
      continue;
    }
    keys[provider] = key ?? sandboxKey(app, `provider:${provider}`);
    const client = new HttpGameProvider({
      provider,
      baseUrl: url ?? (() => localSandboxUrl(app, provider)),
      key: keys[provider],
      timeoutMs: config.providerTimeoutMs,
      // Signatures carry the app's clock, which the sandbox checks the skew against (tests move it).
      now: () => app.now().getTime(),
      observe: app.metrics.observeCalls('provider', provider),
    });
    clients[provider] = client;
    httpClients.push(client);
  }
  // Before the server closes: it waits for open connections, ours to its own sandbox included.
  app.addHook('preClose', async () => {
    for (const client of httpClients) client.closeWhenIdle();
  });
  app.decorate('providers', {
    get: (provider: TProvider) => clients[provider],
    signingKeyOf: (provider: TProvider) => keys[provider],
  });
}

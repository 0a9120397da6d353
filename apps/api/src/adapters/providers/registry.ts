import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { sandboxKey, selfBaseUrl } from '../self-url';
import type {
  GameCatalogue,
  GameProvider,
  MemberStatement,
  ProviderMember,
  ProviderTransfer,
  TransferDirection,
  TransferOutcome,
  TransferReportPage,
} from './game-provider';
import { HttpGameProvider } from './http-provider';
import { type ProviderEndpointSettings, providerClientOf } from './provider-client-of';
import { UnconfiguredProvider } from './unconfigured-provider';

/**
 * The provider clients (`app.providers`). Each agency reaches a provider through its own approved settings
 * (protocol, URL, credentials) or, without them, through the deployment's default (PROVIDER_<NAME>_URL/_KEY).
 */
export interface ProviderRegistry {
  /** How `agencyId` reaches `provider`: the one way money code gets a provider client. */
  of(agencyId: string, provider: TProvider): GameProvider;
  /** The deployment's default client (PROVIDER_<NAME>_*, or the built-in sandbox): tests and the sandbox. */
  deploymentDefault(provider: TProvider): GameProvider;
  /** Where `agencyId`'s calls to `provider` go now: its own settings or the deployment's default. */
  sourceOf(agencyId: string, provider: TProvider): Promise<'agency' | 'default'>;
  /** The key the default client signs with; the built-in sandbox verifies with the same one. */
  signingKeyOf(provider: TProvider): string;
  /** Reads `agencyId`'s settings again at its next call (an approval just changed them in this process). */
  forgetAgency(agencyId: string): void;
}

/** Reads an agency's approved provider settings, credentials opened (modules/provider-settings). */
export type ProviderSettingsSource = (
  agencyId: string,
) => Promise<Map<TProvider, ProviderEndpointSettings & { updatedAt: Date }>>;

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderRegistry;
  }
}

// Another process (the worker, a second API) applies an approval: this one sees it within this long.
const SETTINGS_TTL_MS = 10_000;

/** The built-in sandbox of `provider`, in this process, over real HTTP on the port it listens on. */
function localSandboxUrl(app: FastifyInstance, provider: TProvider): string {
  return `${selfBaseUrl(app)}/sandbox/providers/${provider}`;
}

/**
 * Builds the default clients from PROVIDER_<NAME>_URL/_KEY. In sandbox mode a provider without a URL is the
 * built-in sandbox (base URL resolved at call time) with a key derived from the sandbox secret; without the
 * sandbox it is not configured (UnconfiguredProvider) until an operator sets both or the agency its own.
 */
export function registerProviders(app: FastifyInstance, settingsOf: ProviderSettingsSource): void {
  const { config } = app;
  const keys = {} as Record<TProvider, string>;
  const defaults = {} as Record<TProvider, GameProvider>;
  const httpClients = new Set<ClosableProvider>();
  for (const provider of PROVIDERS) {
    const { url, key } = config.providers[provider];
    if (!config.sandbox && (!url || !key)) {
      // Production may start before an operator has every provider's URL and key (go-live): not configured.
      keys[provider] = '';
      defaults[provider] = new UnconfiguredProvider(provider);
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
      observe: app.metrics.observeCalls('provider', provider, 'laocredit-v1'),
    });
    defaults[provider] = client;
    httpClients.add(client);
  }

  // Per agency: its own clients (built once per settings version), read again after SETTINGS_TTL_MS.
  type Own = { client: GameProvider; updatedAt: number };
  const cached = new Map<string, { readAt: number; own: Map<TProvider, Own> }>();
  const reading = new Map<string, Promise<Map<TProvider, Own>>>();

  async function ownClientsOf(agencyId: string): Promise<Map<TProvider, Own>> {
    const hit = cached.get(agencyId);
    if (hit && performance.now() - hit.readAt < SETTINGS_TTL_MS) return hit.own;
    let pending = reading.get(agencyId);
    if (!pending) {
      pending = refresh(agencyId, hit?.own).finally(() => reading.delete(agencyId));
      reading.set(agencyId, pending);
    }
    return pending;
  }

  async function refresh(
    agencyId: string,
    before: Map<TProvider, Own> | undefined,
  ): Promise<Map<TProvider, Own>> {
    const settings = await settingsOf(agencyId);
    const own = new Map<TProvider, Own>();
    for (const [provider, s] of settings) {
      const kept = before?.get(provider);
      if (kept && kept.updatedAt === s.updatedAt.getTime()) {
        own.set(provider, kept);
        continue;
      }
      const client = providerClientOf(provider, s, {
        timeoutMs: config.providerTimeoutMs,
        now: () => app.now().getTime(),
        observe: app.metrics.observeCalls('provider', provider, s.protocol),
        log: app.log,
        // The sandbox seed names this process's own sandbox by a path (sandbox/fundtransfer/seed-…).
        ...(config.sandbox ? { selfBaseUrl: () => selfBaseUrl(app) } : {}),
      });
      if (isClosable(client)) httpClients.add(client);
      own.set(provider, { client, updatedAt: s.updatedAt.getTime() });
    }
    // Replaced clients finish what they carry, then let their connections go.
    for (const [provider, old] of before ?? []) {
      if (own.get(provider) !== old && isClosable(old.client)) {
        old.client.closeWhenIdle();
        httpClients.delete(old.client);
      }
    }
    cached.set(agencyId, { readAt: performance.now(), own });
    return own;
  }

  const resolve = async (agencyId: string, provider: TProvider): Promise<GameProvider> =>
    (await ownClientsOf(agencyId)).get(provider)?.client ?? defaults[provider];

  const facades = new Map<string, GameProvider>();
  // Before the server closes: it waits for open connections, ours to its own sandbox included.
  app.addHook('preClose', async () => {
    for (const client of httpClients) client.closeWhenIdle();
  });
  app.decorate('providers', {
    of(agencyId: string, provider: TProvider) {
      const id = `${agencyId}:${provider}`;
      let facade = facades.get(id);
      if (!facade) {
        facade = new AgencyProvider(provider, () => resolve(agencyId, provider));
        facades.set(id, facade);
      }
      return facade;
    },
    deploymentDefault: (provider: TProvider) => defaults[provider],
    sourceOf: async (agencyId: string, provider: TProvider) =>
      (await ownClientsOf(agencyId)).has(provider) ? 'agency' : 'default',
    signingKeyOf: (provider: TProvider) => keys[provider],
    forgetAgency: (agencyId: string) => {
      const hit = cached.get(agencyId);
      // Marked stale rather than dropped: the refresh still reuses (and retires) the clients it held.
      if (hit) hit.readAt = Number.NEGATIVE_INFINITY;
    },
  });
}

/** A client holding kept-alive connections (HttpGameProvider, FundTransferProvider). */
type ClosableProvider = GameProvider & { closeWhenIdle(): void };

const isClosable = (client: GameProvider): client is ClosableProvider =>
  typeof (client as Partial<ClosableProvider>).closeWhenIdle === 'function';

/**
 * One agency's view of one provider: each call goes to the client its settings name at that moment, so a
 * caller may hold it while an approval changes the settings underneath.
 */
class AgencyProvider implements GameProvider {
  constructor(
    readonly provider: TProvider,
    private readonly client: () => Promise<GameProvider>,
  ) {}

  async ensureMember(member: ProviderMember): Promise<void> {
    return (await this.client()).ensureMember(member);
  }
  async getBalance(member: ProviderMember): Promise<bigint> {
    return (await this.client()).getBalance(member);
  }
  async transfer(
    member: ProviderMember,
    direction: TransferDirection,
    amount: bigint,
    reference: string,
  ): Promise<TransferOutcome> {
    return (await this.client()).transfer(member, direction, amount, reference);
  }
  async findTransfer(reference: string): Promise<ProviderTransfer | null> {
    return (await this.client()).findTransfer(reference);
  }
  async getStatement(member: ProviderMember): Promise<MemberStatement> {
    return (await this.client()).getStatement(member);
  }
  async listTransfers(from: Date, to: Date, cursor?: string | null): Promise<TransferReportPage> {
    return (await this.client()).listTransfers(from, to, cursor);
  }
  async listGames(tab?: string): Promise<GameCatalogue> {
    return (await this.client()).listGames(tab);
  }
  async launchUrl(member: ProviderMember, gameCode: string): Promise<string> {
    return (await this.client()).launchUrl(member, gameCode);
  }
  async endMemberSessions(member: ProviderMember): Promise<void> {
    return (await this.client()).endMemberSessions(member);
  }
}

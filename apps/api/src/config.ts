import path from 'node:path';
import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { z } from 'zod';
import { isLoopbackHost } from './lib/is-loopback-host';
import { parseTrustProxy, type TrustProxy } from './lib/parse-trust-proxy';
import { REPO_ROOT } from './paths';
import { loadRateLimits, type RateLimits } from './plugins/rate-limit-config';
import { type FaultPlan, parseFaults } from './sandbox/faults';

export { REPO_ROOT } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  // Pooled PostgreSQL connections per process (plus one for LISTEN): processes × (this + 1) must stay under
  // the server's max_connections. More is not faster on a small server: 20 doubled bench:money's p99 (0051).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  // Empty counts as unset (a blank line in an env file), so the HOST-based default applies.
  SANDBOX: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),
  OPS_TOKEN: z.string().min(16).optional(),
  // Bearer token of GET /metrics (a scraper need not hold the ops token); unset → the ops token.
  METRICS_TOKEN: z.string().min(16).optional(),
  AGENCY_HOSTS: z.string().optional(),
  SESSION_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  BACKOFFICE_DIST: z.string().min(1).optional(),
  // Behind a load balancer the client address comes from X-Forwarded-For (login throttling by IP): the
  // number of proxies in front or their addresses, never "every hop" (lib/parse-trust-proxy.ts).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if ('value' in parsed) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  // Bank gateway (payments, account directory); unset in sandbox mode → the built-in sandbox bank.
  BANK_URL: z.url({ protocol: /^https?$/ }).optional(),
  BANK_KEY: z.string().min(16).optional(),
  // HMAC-SHA256 secret of the bank's payment webhooks; unset in sandbox mode → derived from the sandbox secret.
  BANK_WEBHOOK_SECRET: z.string().min(16).optional(),
  // 32 bytes (64 hex digits) sealing agencies' provider credentials (lib/secret-box.ts); unset in sandbox mode →
  // derived from the sandbox secret. SECRETS_KEY_PREVIOUS still opens what the key before it sealed (rotation).
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: '64 hex digits (openssl rand -hex 32)' })
    .optional(),
  SECRETS_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: '64 hex digits' })
    .optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // The background worker (worker/): runs inside this process unless WORKER=false (e.g. a separate worker fleet).
  WORKER: bool.default(true),
  WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  // Reconciliation's slow sweep reads every account's statement at least once in this period (0022).
  RECONCILE_SWEEP_PERIOD_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(24 * 60 * 60_000),
  // An OPEN deposit this old is looked up at the bank by the worker (its webhook may have been lost).
  WORKER_LOOKUP_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  // Where the sandbox bank sends its payment webhooks when the API runs in other processes (the sandbox served
  // by a process of its own, as `npm run bench:money` does): comma-separated base URLs, one per payment in
  // turn, like a load balancer; unset → this process.
  SANDBOX_WEBHOOK_URLS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const urls = (raw ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u.length > 0);
      for (const url of urls) {
        if (!z.url({ protocol: /^https?$/ }).safeParse(url).success)
          ctx.addIssue({ code: 'custom', message: `not an http(s) URL: ${url}` });
      }
      return urls.map((url) => url.replace(/\/+$/, ''));
    }),
  // Player event streams (modules/events): a comment line this often keeps proxies from closing an idle
  // stream, and the stream's session is re-checked at the same beat (decision 0036).
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(25_000),
  // After SIGTERM/SIGINT: how long in-flight requests and the worker get before the process exits 1, and is
  // killed a second later if even that exit is stuck (lib/shutdown-deadline.ts).
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // The providers the sandbox demo agency reaches over the aggregator protocol `fundtransfer-v1` (its built-in
  // sandbox; decision 0071), comma-separated; "" → none, every provider on our own protocol. Sandbox only.
  SANDBOX_FUNDTRANSFER_PROVIDERS: z
    .string()
    .default('betflix')
    .transform((raw, ctx) => {
      const names = raw
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name.length > 0);
      for (const name of names) {
        if (!(PROVIDERS as readonly string[]).includes(name))
          ctx.addIssue({ code: 'custom', message: `unknown provider: ${name}` });
      }
      return [...new Set(names)] as TProvider[];
    }),
  // e.g. "providers:error=0.2,timeout=0.1,lost=0.05;bank:error=0.1" (sandbox only; see sandbox/faults.ts)
  // Mounts the baseline routes of `npm run bench` (/api/bench/*); never needed in production.
  BENCH_ROUTES: bool.default(false),
  SANDBOX_FAULTS: z
    .string()
    .optional()
    .transform((spec, ctx) => {
      try {
        return parseFaults(spec ?? '');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
});

const ZProviderEndpoint = z.object({
  url: z.url({ protocol: /^https?$/ }).optional(),
  key: z.string().min(16).optional(),
});

/** A provider's API: base URL and signing key; no URL means the built-in sandbox (SANDBOX only). */
export type ProviderEndpoint = { url: string | undefined; key: string | undefined };

export type Config = {
  nodeEnv: string;
  port: number;
  host: string;
  /** postgres://… for node-postgres; undefined for embedded PGlite. */
  databaseUrl: string | undefined;
  /** Most pooled PostgreSQL connections this process opens (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** Directory of PGlite files and generated secrets; null for an in-memory throwaway run. */
  dataDir: string | null;
  sandbox: boolean;
  benchRoutes: boolean;
  opsToken: string | undefined;
  /** METRICS_TOKEN: what GET /metrics accepts; undefined → the ops token. */
  metricsToken: string | undefined;
  agencyHosts: string[];
  sessionSecure: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string;
  /** The built staff console (apps/backoffice/dist), served at /backoffice (BACKOFFICE_DIST). */
  backofficeDist: string;
  /** Fastify's trustProxy: false, a hop count or the proxies' addresses (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Base URL of the bank gateway (BANK_URL); undefined → this process's sandbox bank (sandbox mode only). */
  bankUrl: string | undefined;
  /** Request-signing secret of the bank gateway (BANK_KEY); undefined → a key derived from the sandbox secret. */
  bankKey: string | undefined;
  /** Secret of the bank's webhook signatures (BANK_WEBHOOK_SECRET); undefined → derived in sandbox mode. */
  bankWebhookSecret: string | undefined;
  /** From PROVIDER_<NAME>_URL / PROVIDER_<NAME>_KEY (NAME = ALPHABET, ASKMEBET, BETFLIX, GCLUB, GCLUB_LIVE). */
  providers: Record<TProvider, ProviderEndpoint>;
  providerTimeoutMs: number;
  /** SECRETS_KEY and SECRETS_KEY_PREVIOUS (hex); undefined → derived from the sandbox secret in sandbox mode. */
  secretsKey: string | undefined;
  secretsKeyPrevious: string | undefined;
  /** Background worker (docs/decisions/0012-worker.md): whether this process runs it, and its timings. */
  worker: {
    isEnabled: boolean;
    intervalMs: number;
    reconcileIntervalMs: number;
    reconcileSweepPeriodMs: number;
    lookUpAfterMs: number;
  };
  sandboxFaults: FaultPlan;
  /** SANDBOX_FUNDTRANSFER_PROVIDERS: the demo agency's providers on the aggregator protocol (sandbox only). */
  sandboxFundTransferProviders: TProvider[];
  /** API base URLs the sandbox bank notifies of payments, in turn (SANDBOX_WEBHOOK_URLS); empty → this process. */
  sandboxWebhookUrls: string[];
  /** Heartbeat and session re-check period of `GET /api/v2/players/events` (EVENTS_HEARTBEAT_MS). */
  eventsHeartbeatMs: number;
  /** After a stop signal, how long shutdown may take before the process exits 1 (SHUTDOWN_DEADLINE_MS). */
  shutdownDeadlineMs: number;
  /** Per-address request limits of plugins/rate-limit.ts (RATE_LIMIT_* variables). */
  rateLimits: RateLimits;
};

const MEMORY = 'memory://';

/** Reads and validates the environment (architecture.md names and defaults); throws on bad values. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const isProduction = env.NODE_ENV === 'production';
  // The demo only while nobody else can reach it: a server listening on the network gets the sandbox (which
  // lets anyone record bank payments) only when SANDBOX=true is set on purpose (architecture.md).
  const isSandbox = parsed.success
    ? (parsed.data.SANDBOX ?? (!isProduction && isLoopbackHost(parsed.data.HOST)))
    : true;
  const providers = loadProviderEndpoints(env, isSandbox, lines);
  const rateLimits = loadRateLimits(env, lines);
  // A bank URL without its key could only be answered unsigned, which a real gateway refuses anyway.
  if (parsed.success && parsed.data.BANK_URL && !parsed.data.BANK_KEY)
    lines.push('BANK_KEY: required with BANK_URL');
  if (!parsed.success || lines.length > 0) {
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isMemory = e.DATA_DIR === MEMORY || e.DATABASE_URL === MEMORY;
  return {
    nodeEnv: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL === MEMORY ? undefined : e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: isMemory ? null : path.resolve(e.DATA_DIR),
    sandbox: isSandbox,
    benchRoutes: e.BENCH_ROUTES,
    opsToken: e.OPS_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    agencyHosts: (e.AGENCY_HOSTS ?? '')
      .split(',')
      .map((h) => normalizeHost(h))
      .filter((h) => h.length > 0),
    sessionSecure: e.SESSION_SECURE ?? isProduction,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    backofficeDist: e.BACKOFFICE_DIST
      ? path.resolve(e.BACKOFFICE_DIST)
      : path.join(REPO_ROOT, 'apps/backoffice/dist'),
    trustProxy: e.TRUST_PROXY,
    bankUrl: e.BANK_URL,
    bankKey: e.BANK_KEY,
    bankWebhookSecret: e.BANK_WEBHOOK_SECRET,
    providers,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    worker: {
      isEnabled: e.WORKER,
      intervalMs: e.WORKER_INTERVAL_MS,
      reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
      reconcileSweepPeriodMs: e.RECONCILE_SWEEP_PERIOD_MS,
      lookUpAfterMs: e.WORKER_LOOKUP_AFTER_MS,
    },
    sandboxFaults: e.SANDBOX_FAULTS,
    sandboxFundTransferProviders: e.SANDBOX_FUNDTRANSFER_PROVIDERS,
    sandboxWebhookUrls: e.SANDBOX_WEBHOOK_URLS,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    rateLimits,
  };
}

/** The environment name part of a provider: `gclub_live` → `GCLUB_LIVE`. */
export const providerEnvName = (provider: TProvider): string => provider.toUpperCase();

/**
 * PROVIDER_<NAME>_URL and _KEY of each provider; problems are appended to `lines`. Without the sandbox every
 * provider needs both (nothing else could answer); a URL always needs its key.
 */
function loadProviderEndpoints(
  env: Record<string, string | undefined>,
  isSandbox: boolean,
  lines: string[],
): Record<TProvider, ProviderEndpoint> {
  const endpoints = {} as Record<TProvider, ProviderEndpoint>;
  for (const provider of PROVIDERS) {
    const prefix = `PROVIDER_${providerEnvName(provider)}`;
    // An empty variable counts as unset (a blank line in an env file must not become a URL).
    const raw = { url: env[`${prefix}_URL`] || undefined, key: env[`${prefix}_KEY`] || undefined };
    const parsed = ZProviderEndpoint.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        lines.push(`${prefix}_${String(issue.path[0]).toUpperCase()}: ${issue.message}`);
      endpoints[provider] = { url: undefined, key: undefined };
      continue;
    }
    const { url, key } = parsed.data;
    // Neither set without the sandbox: the provider is not configured (its calls answer unavailable and the
    // readiness check names it); half of it is a mistake.
    if (url && !key) lines.push(`${prefix}_KEY: required with ${prefix}_URL`);
    if (key && !url && !isSandbox)
      lines.push(`${prefix}_URL: required with ${prefix}_KEY when SANDBOX is off`);
    endpoints[provider] = { url, key };
  }
  return endpoints;
}

/** `Example.COM:3000` → `example.com`; also handles `[::1]:3000`. */
export function normalizeHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

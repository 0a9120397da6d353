import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so relative defaults do not depend on the working directory of `npm -w`. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SANDBOX: bool.optional(),
  OPS_TOKEN: z.string().min(16).optional(),
  AGENCY_HOSTS: z.string().optional(),
  SESSION_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  // Behind a load balancer the client address comes from X-Forwarded-For (login throttling by IP).
  TRUST_PROXY: bool.default(false),
});

export type Config = {
  nodeEnv: string;
  port: number;
  host: string;
  /** postgres://… for node-postgres; undefined for embedded PGlite. */
  databaseUrl: string | undefined;
  /** Directory of PGlite files and generated secrets; null for an in-memory throwaway run. */
  dataDir: string | null;
  sandbox: boolean;
  opsToken: string | undefined;
  agencyHosts: string[];
  sessionSecure: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
};

const MEMORY = 'memory://';

/** Reads and validates the environment (architecture.md names and defaults); throws on bad values. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const isMemory = e.DATA_DIR === MEMORY || e.DATABASE_URL === MEMORY;
  return {
    nodeEnv: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL === MEMORY ? undefined : e.DATABASE_URL,
    dataDir: isMemory ? null : path.resolve(e.DATA_DIR),
    sandbox: e.SANDBOX ?? !isProduction,
    opsToken: e.OPS_TOKEN,
    agencyHosts: (e.AGENCY_HOSTS ?? '')
      .split(',')
      .map((h) => normalizeHost(h))
      .filter((h) => h.length > 0),
    sessionSecure: e.SESSION_SECURE ?? isProduction,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
  };
}

/** `Example.COM:3000` → `example.com`; also handles `[::1]:3000`. */
export function normalizeHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the running server writes its generated token (see lib/ops-token.ts). */
const TOKEN_FILE = 'ops-token';

export type OpsTarget = { baseUrl: string; token: string };

/**
 * The server and token the CLI talks to: OPS_URL (default http://127.0.0.1:${PORT:-3000}) and OPS_TOKEN,
 * else the token the server stored in DATA_DIR (default ./data). The CLI never opens the database itself:
 * embedded PGlite admits one process only.
 */
export function resolveOpsTarget(env: Record<string, string | undefined>): OpsTarget {
  const baseUrl = env.OPS_URL || `http://127.0.0.1:${env.PORT || 3000}`;
  if (env.OPS_TOKEN) return { baseUrl, token: env.OPS_TOKEN.trim() };
  const dataDir = env.DATA_DIR || './data';
  const file = path.resolve(dataDir, TOKEN_FILE);
  if (dataDir !== 'memory://' && existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token) return { baseUrl, token };
  }
  throw new Error(
    `no ops token: set OPS_TOKEN, or run the server once so it writes ${file} (it prints the token at first start)`,
  );
}

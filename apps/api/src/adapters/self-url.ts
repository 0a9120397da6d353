import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// In sandbox mode the adapters (providers, bank) speak real HTTP to this same process's /sandbox routes, so
// the code path is the one production uses. These helpers give them the address and the shared keys.

/**
 * `http://127.0.0.1:3000`: where this process listens. Call it per request, not at start-up: the port is
 * known only after `listen` (tests listen on port 0). Throws when the server is not listening.
 */
export function selfBaseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('the server is not listening on a TCP port, so its sandbox cannot be reached');
  }
  // A wildcard bind answers on loopback too; a specific address is used as it is.
  if (address.address === '0.0.0.0' || address.address === '::') return `http://127.0.0.1:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

const SECRET_FILE = 'sandbox-secret';

/**
 * The secret the built-in sandboxes' signing keys derive from: stored in DATA_DIR (0600) so restarts keep
 * the same keys, or a fresh one for an in-memory run.
 */
export function ensureSandboxSecret(dataDir: string | null): string {
  const fresh = randomBytes(32).toString('base64url');
  if (!dataDir) return fresh;
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${fresh}\n`, { mode: 0o600 });
  return fresh;
}

// One secret per HTTP server, which every encapsulated Fastify context of an app shares.
const secrets = new WeakMap<Server, string>();

/**
 * The signing key of one sandbox counterpart (`'bank'`, `'provider:askmebet'`): the client adapter and the
 * sandbox routes of this process derive the same one; nothing outside knows it.
 */
export function sandboxKey(app: FastifyInstance, name: string): string {
  let secret = secrets.get(app.server);
  if (secret === undefined) {
    secret = ensureSandboxSecret(app.config.dataDir);
    secrets.set(app.server, secret);
  }
  return createHmac('sha256', secret).update(name).digest('hex');
}

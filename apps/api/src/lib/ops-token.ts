import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type OpsToken = { token: string; isNew: boolean };

/**
 * OPS_TOKEN from the environment, else the one stored in DATA_DIR, else a new one written there (0600).
 * `isNew` tells server.ts to print it once; an in-memory run just gets a fresh token.
 */
export function ensureOpsToken(fromEnv: string | undefined, dataDir: string | null): OpsToken {
  if (fromEnv) return { token: fromEnv, isNew: false };
  const token = randomBytes(32).toString('base64url');
  if (!dataDir) return { token, isNew: true };
  const file = path.join(dataDir, 'ops-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), isNew: false };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, isNew: true };
}

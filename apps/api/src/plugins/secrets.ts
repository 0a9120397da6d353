import type { FastifyInstance } from 'fastify';
import { sandboxKey } from '../adapters/self-url';
import { createSecretBox, type SecretBox } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens secrets kept in the database (SECRETS_KEY); null when no key is set outside the sandbox. */
    secrets: SecretBox | null;
  }
}

/**
 * `app.secrets` from SECRETS_KEY (and SECRETS_KEY_PREVIOUS during a rotation). In sandbox mode without one, a
 * key derived from the sandbox secret (stable across restarts of the same DATA_DIR). Production may start
 * without it: nothing can be sealed until it is set, and the readiness check says so.
 */
export function registerSecrets(app: FastifyInstance): void {
  const { secretsKey, secretsKeyPrevious, sandbox } = app.config;
  const key = secretsKey ?? (sandbox ? sandboxKey(app, 'secrets') : undefined);
  app.decorate('secrets', key ? createSecretBox(key, secretsKeyPrevious) : null);
}

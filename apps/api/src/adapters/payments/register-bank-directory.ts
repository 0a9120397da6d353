import type { FastifyInstance } from 'fastify';
import { sandboxKey, selfBaseUrl } from '../self-url';
import { type BankDirectory, BankUnavailableError } from './bank-directory';
import { HttpBankClient } from './http-bank-client';
import { HttpBankDirectory } from './http-bank-directory';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bank account directory (BANK_URL, or the built-in sandbox bank in sandbox mode). */
    bankDirectory: BankDirectory;
  }
}

/** The sandbox bank's mount point; its routes live in src/sandbox/bank. */
export const SANDBOX_BANK_PREFIX = '/sandbox/bank';

/** BANK_URL, else in sandbox mode this process's own sandbox bank; null when neither is available. */
export function bankBaseUrlOf(app: FastifyInstance): string | null {
  if (app.config.bankUrl) return app.config.bankUrl;
  return app.config.sandbox ? `${selfBaseUrl(app)}${SANDBOX_BANK_PREFIX}` : null;
}

/** BANK_KEY, else in sandbox mode a key derived from the sandbox secret (self-url.ts); null otherwise. */
export function bankKeyOf(app: FastifyInstance): string | null {
  if (app.config.bankKey) return app.config.bankKey;
  return app.config.sandbox ? sandboxKey(app, 'bank') : null;
}

function required(value: string | null, name: string): string {
  // A missing setting must look like an unavailable bank (503), not like an unknown account.
  if (!value) throw new BankUnavailableError(`${name} is not configured`);
  return value;
}

/** Decorates `app.bankDirectory`: the signed HTTP directory of the configured (or sandbox) bank. */
export function registerBankDirectory(app: FastifyInstance): void {
  if (!app.config.sandbox && (!app.config.bankUrl || !app.config.bankKey)) {
    app.log.warn('BANK_URL or BANK_KEY is not set: bank account look-ups will answer 503 BANK_UNAVAILABLE');
  }
  const client = new HttpBankClient({
    // Resolved per call: in sandbox mode the port is only known once the server listens.
    baseUrl: () => required(bankBaseUrlOf(app), 'BANK_URL'),
    key: () => required(bankKeyOf(app), 'BANK_KEY'),
    // The app's clock, like the provider clients: the sandbox checks the skew against the same clock.
    now: () => app.now().getTime(),
    observe: app.metrics.observeCalls('bank', 'directory'),
  });
  // Before the server closes: it waits for open connections, ours to its own sandbox bank included.
  app.addHook('preClose', async () => client.closeWhenIdle());
  app.addHook('onClose', async () => client.close());
  app.decorate('bankDirectory', new HttpBankDirectory(client));
}

import type { FastifyInstance } from 'fastify';
import { sandboxKey } from '../self-url';
import { BankUnavailableError } from './bank-directory';
import { HttpBankClient } from './http-bank-client';
import { HttpPaymentGateway } from './http-payment-gateway';
import type { PaymentGateway } from './payment-gateway';
import { bankBaseUrlOf, bankKeyOf } from './register-bank-directory';

declare module 'fastify' {
  interface FastifyInstance {
    /** LaoQR payments: look-ups by bill number and webhook signatures (BANK_URL or the sandbox bank). */
    paymentGateway: PaymentGateway;
  }
}

/** BANK_WEBHOOK_SECRET, else in sandbox mode a secret derived from the sandbox secret; null otherwise. */
export function bankWebhookSecretOf(app: FastifyInstance): string | null {
  if (app.config.bankWebhookSecret) return app.config.bankWebhookSecret;
  return app.config.sandbox ? sandboxKey(app, 'bank-webhook') : null;
}

function required(value: string | null, name: string): string {
  if (!value) throw new BankUnavailableError(`${name} is not configured`);
  return value;
}

/** Decorates `app.paymentGateway`: the signed HTTP gateway of the configured (or sandbox) bank. */
export function registerPaymentGateway(app: FastifyInstance): void {
  if (!app.config.sandbox && !app.config.bankWebhookSecret) {
    app.log.warn('BANK_WEBHOOK_SECRET is not set: bank webhooks will be refused (deposits settle by check)');
  }
  const client = new HttpBankClient({
    baseUrl: () => required(bankBaseUrlOf(app), 'BANK_URL'),
    key: () => required(bankKeyOf(app), 'BANK_KEY'),
    timeoutMs: app.config.providerTimeoutMs,
    now: () => app.now().getTime(),
    observe: app.metrics.observeCalls('bank', 'payments'),
  });
  // Before the server closes: it waits for open connections, ours to its own sandbox bank included.
  app.addHook('preClose', async () => client.closeWhenIdle());
  app.addHook('onClose', async () => client.close());
  app.decorate('paymentGateway', new HttpPaymentGateway(client, () => bankWebhookSecretOf(app)));
}

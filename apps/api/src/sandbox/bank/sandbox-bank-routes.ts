import type { FastifyPluginAsync } from 'fastify';
import { bankKeyOf } from '../../adapters/payments/register-bank-directory';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import { requireSignature, useSandboxHttp } from '../providers/sandbox-http';
import { createWebhookSender } from './deliver-webhook';
import { sandboxDirectoryRoutes } from './directory-routes';
import { sandboxPaymentGatewayRoutes, sandboxPaymentRoutes } from './payment-routes';

/**
 * The sandbox bank, mounted at /sandbox/bank when SANDBOX is on: the counterpart of adapters/payments. It
 * speaks like an outside gateway (the sandbox HTTP conventions shared with the sandbox providers: raw-body
 * signatures, `{code, message}` errors): the account directory, payments by bill number, dynamic QRs and signed webhooks.
 */
export const sandboxBankRoutes: FastifyPluginAsync = async (scope) => {
  const key = bankKeyOf(scope);
  const webhookSecret = bankWebhookSecretOf(scope);
  if (!key || !webhookSecret) throw new Error('the sandbox bank needs a signing key and a webhook secret');
  useSandboxHttp(scope);
  // The payer's side: a banking app paying a QR. Unsigned, like a player's own app.
  await scope.register(sandboxPaymentRoutes(createWebhookSender(scope, webhookSecret)));
  // The gateway's side, signed with the key the app's own bank client uses (BANK_KEY, or the sandbox key).
  await scope.register(async (signed) => {
    signed.addHook('preValidation', requireSignature(key));
    await signed.register(sandboxDirectoryRoutes);
    await signed.register(sandboxPaymentGatewayRoutes);
  });
};

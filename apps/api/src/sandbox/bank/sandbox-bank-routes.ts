import type { FastifyPluginAsync } from 'fastify';
import { bankKeyOf } from '../../adapters/payments/register-bank-directory';
import { requireSignature, useSandboxHttp } from '../providers/sandbox-http';
import { sandboxDirectoryRoutes } from './directory-routes';

/**
 * The sandbox bank, mounted at /sandbox/bank when SANDBOX is on: the counterpart of adapters/payments. It
 * speaks like an outside gateway (the sandbox HTTP conventions shared with the sandbox providers: raw-body
 * signatures, `{code, message}` errors). Today the account directory; payments by bill number and signed
 * webhooks join here.
 */
export const sandboxBankRoutes: FastifyPluginAsync = async (scope) => {
  const key = bankKeyOf(scope);
  if (!key) throw new Error('the sandbox bank needs a signing key');
  useSandboxHttp(scope);
  // The same key the app's own bank client signs with (BANK_KEY, or the per-process sandbox key).
  scope.addHook('preValidation', requireSignature(key));
  await scope.register(sandboxDirectoryRoutes);
};

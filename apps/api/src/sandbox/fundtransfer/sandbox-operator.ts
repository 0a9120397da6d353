import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { sandboxKey } from '../../adapters/self-url';

// The built-in aggregator (fundtransfer-v1, decision 0071): one agent account, one product per sandbox
// provider. Its codes are the sandbox's own (X…), not any real product's.

/** Where the sandbox aggregator's API_URL and LOG_URL are mounted (paths on this process). */
export const FUNDTRANSFER_API_PATH = '/sandbox/fundtransfer';
export const FUNDTRANSFER_LOG_PATH = '/sandbox/fundtransfer/log';

/** The one agent (operator) the sandbox aggregator knows. */
export const SANDBOX_OPERATOR_CODE = 'lcsbx';

/** The product code of each sandbox provider at the sandbox aggregator. */
export const SANDBOX_PROVIDER_CODES: Readonly<Record<TProvider, string>> = {
  alphabet: 'XA',
  askmebet: 'XM',
  betflix: 'XB',
  gclub: 'XG',
  gclub_live: 'XL',
};

/** The sandbox provider a product code names, or null. */
export function providerOfCode(code: string): TProvider | null {
  return PROVIDERS.find((provider) => SANDBOX_PROVIDER_CODES[provider] === code) ?? null;
}

/** The operator's MD5 secret: derived from the sandbox secret, so the seed and the sandbox agree. */
export const sandboxOperatorSecret = (app: FastifyInstance): string =>
  sandboxKey(app, 'fundtransfer:operator');

/**
 * The credentials of `provider` at this process's sandbox aggregator, as an agency's settings hold them (the
 * LOG_URL a path on this process, like the settings' URL: the registry resolves both at each call).
 */
export function sandboxFundTransferCredentials(
  app: FastifyInstance,
  provider: TProvider,
): Record<string, string> {
  return {
    operatorCode: SANDBOX_OPERATOR_CODE,
    secretKey: sandboxOperatorSecret(app),
    providerCode: SANDBOX_PROVIDER_CODES[provider],
    logUrl: FUNDTRANSFER_LOG_PATH,
  };
}

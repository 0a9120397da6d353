import { ZBank } from '@lc/shared/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccountLookupResponse } from '../../adapters/payments/http-bank-directory';
import { classifySandboxAccount } from './classify-account';

const ZAccountParams = z.object({ bank: ZBank, accountNumber: z.string().max(64) });

/** `GET /accounts/{bank}/{accountNumber}`: the account directory the bank-account look-up asks. */
export const sandboxDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/:bank/:accountNumber',
    {
      // The URL holds the full account number: keep it out of the request log lines (info level).
      logLevel: 'warn',
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox bank: look an account up',
        params: ZAccountParams,
        // Errors use the sandbox's own `{code, message}` shape (sandbox-http.ts), so only 200 is declared.
        response: { 200: ZAccountLookupResponse },
      },
    },
    async (request) => classifySandboxAccount(request.params.accountNumber),
  );
};

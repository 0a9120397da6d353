import type { FastifyInstance } from 'fastify';
import { fundTransferApiRoutes, fundTransferLogRoutes } from './fundtransfer-routes';
import { useAggregatorHttp } from './fundtransfer-sandbox-http';
import { FUNDTRANSFER_API_PATH, sandboxOperatorSecret } from './sandbox-operator';

/**
 * Mounts the sandbox aggregator (SANDBOX=true only): its API_URL calls at /sandbox/fundtransfer and its
 * LOG_URL call at /sandbox/fundtransfer/log, verifying signatures with the operator secret the demo seed
 * gives the demo agency. Its members and transfers live in the sandbox providers' tables, so the demo game
 * pages and their spins work for them as for the sandbox providers' own members.
 */
export async function registerSandboxFundTransfer(app: FastifyInstance): Promise<void> {
  const secret = sandboxOperatorSecret(app);
  await app.register(
    async (scope) => {
      useAggregatorHttp(scope);
      await scope.register(fundTransferApiRoutes, { secret });
      await scope.register(fundTransferLogRoutes, { prefix: '/log', secret });
    },
    { prefix: FUNDTRANSFER_API_PATH },
  );
}

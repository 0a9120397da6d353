import { PROVIDERS } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { sandboxAssetRoutes } from './asset-routes';
import { sandboxPlayRoutes } from './play-routes';
import { useSandboxHttp } from './sandbox-http';
import { sandboxProviderRoutes } from './sandbox-provider-routes';

/**
 * Mounts the five sandbox providers at /sandbox/providers/{provider} (SANDBOX=true only), each verifying
 * signatures with the key the app's own client signs with, plus the demo game's assets.
 */
export async function registerSandboxProviders(app: FastifyInstance): Promise<void> {
  await app.register(
    async (scope) => {
      useSandboxHttp(scope);
      await scope.register(sandboxAssetRoutes, { prefix: '/assets' });
      for (const provider of PROVIDERS) {
        const key = app.providers.signingKeyOf(provider);
        await scope.register(sandboxProviderRoutes, { prefix: `/${provider}`, provider, key });
        await scope.register(sandboxPlayRoutes, { prefix: `/${provider}`, provider });
      }
    },
    { prefix: '/sandbox/providers' },
  );
}

import { isProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import { AppError } from '../../lib/app-error';

/**
 * The agency's client of a provider named in a request; anything but the five providers → 400
 * UNKNOWN_PROVIDER.
 */
export function gameProviderOf(app: FastifyInstance, agencyId: string, name: string): GameProvider {
  if (!isProvider(name)) throw new AppError(400, 'UNKNOWN_PROVIDER', `Unknown provider ${name.slice(0, 40)}`);
  return app.providers.of(agencyId, name);
}

import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * Runs a read or a member call at a provider; any failure there (unreachable, timeout, an answer we cannot
 * use) becomes 503 PROVIDER_UNAVAILABLE for the player and a warning with the cause in the log.
 * Not for transfers: those answer applied | rejected | unknown and must be handled by their caller.
 */
export async function callProvider<T>(
  log: FastifyBaseLogger,
  provider: TProvider,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ err: error, provider }, 'provider call failed');
    throw new AppError(503, 'PROVIDER_UNAVAILABLE', `Provider ${provider} is not available, try again later`);
  }
}

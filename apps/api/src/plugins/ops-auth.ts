import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * preHandler for `/api/ops/v1/*`: `Authorization: Bearer $OPS_TOKEN`, compared in constant time.
 * Ops routes are exempt from the Origin check (CSRF) because a bearer token is never sent by a browser
 * on its own.
 */
export async function requireOps(request: FastifyRequest): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  // Hashing both sides gives equal lengths, so timingSafeEqual never throws and leaks no length.
  const isValid =
    match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(request.server.opsToken.token));
  if (!isValid) throw new AppError(401, 'UNAUTHORIZED', 'Ops token required');
}

import type { FastifyRequest } from 'fastify';

/** What a session or device row remembers about the client. */
export type RequestMeta = { ip: string; userAgent: string | undefined; now: Date };

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], now: request.server.now() };
}

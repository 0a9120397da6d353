import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { verifySignature } from '../../adapters/providers/signing';

// The sandbox answers like a provider, not like our API: errors are `{code, message}` at the top level (what
// the HTTP client reads), and signed requests are checked against the exact bytes that were signed.

/** Codes the sandbox provider answers with (the provider's vocabulary, not the API's ERROR_CODES). */
export type TSandboxErrorCode =
  | 'BAD_SIGNATURE'
  | 'VALIDATION_ERROR'
  | 'MEMBER_NOT_FOUND'
  | 'GAME_NOT_FOUND'
  | 'TRANSFER_NOT_FOUND'
  | 'LAUNCH_NOT_FOUND'
  | 'INSUFFICIENT_BALANCE'
  | 'REFERENCE_CONFLICT'
  | 'SANDBOX_FAULT'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL';

export class SandboxError extends Error {
  override readonly name = 'SandboxError';

  constructor(
    readonly status: number,
    readonly code: TSandboxErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (sandbox routes only): what the signature covers. */
    sandboxRawBody: string;
  }
}

const FRAMEWORK_CODES: Record<string, [number, TSandboxErrorCode]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
};

/** Sets up an encapsulated scope: raw-keeping JSON parser and the provider-style error answers. */
export function useSandboxHttp(scope: FastifyInstance): void {
  scope.decorateRequest('sandboxRawBody', '');
  // JSON only (no text/plain default): anything else is a 415 before the signature is even looked at.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.sandboxRawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new SandboxError(400, 'VALIDATION_ERROR', 'Malformed JSON body'), undefined);
    }
  });
  scope.setErrorHandler(
    (error: FastifyError | SandboxError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof SandboxError) {
        return reply.code(error.status).send({ code: error.code, message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((issue) => issue.instancePath || '/').join(', ');
        return reply.code(400).send({ code: 'VALIDATION_ERROR', message: `Invalid request: ${fields}` });
      }
      const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
      if (mapped) return reply.code(mapped[0]).send({ code: mapped[1], message: error.message });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.code(400).send({ code: 'VALIDATION_ERROR', message: 'Invalid request' });
      }
      request.log.error({ err: error }, 'sandbox provider error');
      return reply.code(500).send({ code: 'INTERNAL', message: 'Internal error' });
    },
  );
}

/** preValidation hook: the request must carry a fresh signature made with `key` (else 401 BAD_SIGNATURE). */
export function requireSignature(key: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const headers = {
      timestamp: headerOf(request, 'x-timestamp'),
      signature: headerOf(request, 'x-signature'),
    };
    const now = request.server.now().getTime();
    if (!verifySignature(key, headers, request.method, request.url, request.sandboxRawBody, now)) {
      throw new SandboxError(401, 'BAD_SIGNATURE', 'Missing, stale or wrong request signature');
    }
  };
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

import { FIELD_ERROR_CODES, type TApiError, type TFieldErrorCode } from '@lc/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../lib/app-error';
import { setSecurityHeaders } from './security';

type ValidationIssue = { instancePath: string; message?: string; keyword: string };

const FIELD_CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

/** Maps zod issues to `{ "fingerprint.screen": "REQUIRED", … }`; the first issue of a field wins. */
export function toFieldErrors(issues: ValidationIssue[]): Record<string, TFieldErrorCode> {
  const fields: Record<string, TFieldErrorCode> = {};
  for (const issue of issues) {
    const key = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
    if (fields[key]) continue;
    const message = issue.message ?? '';
    if (FIELD_CODES.has(message)) fields[key] = message as TFieldErrorCode;
    else if (issue.keyword === 'invalid_type' && message.includes('received undefined'))
      fields[key] = 'REQUIRED';
    else fields[key] = 'INVALID';
  }
  return fields;
}

/** Framework errors that are the client's fault, mapped to our codes. */
const FRAMEWORK_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Content-Type must be application/json',
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError(400, 'VALIDATION_ERROR', 'Invalid Content-Length'),
};

function send(reply: FastifyReply, status: number, body: TApiError): void {
  reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The one error handler: api.md's error shape for 4xx, an opaque INTERNAL with the request id for 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.headers) reply.headers(error.headers);
      const body: TApiError = { error: { code: error.code, message: error.message } };
      if (error.fields) body.error.fields = error.fields;
      if (error.params) body.error.params = error.params;
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = toFieldErrors(error.validation);
      return send(reply, 400, { error: { code: 'VALIDATION_ERROR', message: 'Invalid request', fields } });
    }
    const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (mapped) return send(reply, mapped.status, { error: { code: mapped.code, message: mapped.message } });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Other client errors of the framework (malformed JSON, bad headers): never echo internals.
      request.log.info({ err: error }, 'client error');
      const code = status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return send(reply, status === 404 ? 404 : 400, { error: { code, message: 'Invalid request' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      error: { code: 'INTERNAL', message: 'Internal error', requestId: request.id },
    });
  });
}

/**
 * Fastify's `frameworkErrors`: the router refuses a URL before any hook or the error handler runs (`%ff` in
 * the path, a path parameter over the router's length limit). Answered in the contract's shape with the
 * headers the hooks would have set.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  if (reply.server.securityHeaders) setSecurityHeaders(reply);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ err: error }, 'client error');
    send(reply, 400, { error: { code: 'VALIDATION_ERROR', message: 'Malformed URL' } });
    return;
  }
  request.log.error({ err: error }, 'unhandled router error');
  send(reply, 500, { error: { code: 'INTERNAL', message: 'Internal error', requestId: request.id } });
}

import type { TErrorCode, TFieldErrorCode } from '@lc/shared/errors';

/** The one error type of the API: the error handler turns it into `{"error": {code, message, fields?, params?}}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message?: string,
    readonly fields?: Record<string, TFieldErrorCode>,
    readonly headers?: Record<string, string>,
    /** Values the translated message interpolates, e.g. `{provider}` of PROMOTION_USED_BY_PROVIDER. */
    readonly params?: Record<string, string>,
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
  }

  /** The status under Fastify's name, for error handlers that know only that one (the sandbox providers'). */
  get statusCode(): number {
    return this.status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** `USERNAME_TAKEN` → `Username taken`; routes pass a better English text where it helps. */
function defaultMessage(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

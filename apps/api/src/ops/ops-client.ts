import { ZApiError } from '@lc/shared/errors';
import type { z } from 'zod';

/** An answer of the API that is not a success, with the API's error code. */
export class OpsApiError extends Error {
  override readonly name = 'OpsApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The server could not be reached at all. */
export class OpsConnectionError extends Error {
  override readonly name = 'OpsConnectionError';
}

export type OpsClient = {
  readonly baseUrl: string;
  request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    schema: S,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: z.infer<S> }>;
};

const TIMEOUT_MS = 120_000;

/** HTTP client of the ops API: bearer token, JSON in and out, answers checked against the shared schemas. */
export function createOpsClient(baseUrl: string, token: string): OpsClient {
  const root = baseUrl.replace(/\/$/, '');
  return {
    baseUrl: root,
    async request(method, path, schema, options = {}) {
      let response: Response;
      try {
        response = await fetch(`${root}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const { cause } = error as { cause?: { code?: string; message?: string } };
        const reason =
          cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
        throw new OpsConnectionError(
          `cannot reach the API at ${root} (${reason}); is the server running? set OPS_URL`,
        );
      }
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // not JSON (a proxy's error page): reported below by status
      }
      if (!response.ok) {
        const parsed = ZApiError.safeParse(json);
        if (!parsed.success)
          throw new OpsApiError(response.status, `HTTP_${response.status}`, text.slice(0, 200));
        const { code, message, fields } = parsed.data.error;
        throw new OpsApiError(response.status, code, message, fields);
      }
      return { status: response.status, body: schema.parse(json) };
    },
  };
}

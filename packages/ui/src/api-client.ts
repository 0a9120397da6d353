import type { TApiError } from '@lc/shared/errors';
import type { z } from 'zod';

/** The one error type of the web apps (player and back office): an HTTP failure carrying the API's stable error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly path: string;
  readonly fields: Record<string, string>;
  readonly params: Record<string, string>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    path: string;
    fields?: Record<string, string>;
    params?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.path = init.path;
    this.fields = init.fields ?? {};
    this.params = init.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A network failure or an answer the client could not read. */
const NETWORK_ERROR = 'NETWORK_ERROR';

/** True when the request got no answer at all (offline, or the connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.code === NETWORK_ERROR;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Calls `/api{path}` with the session cookie and JSON. With `schema` the answer is parsed by it; without,
 * the answer is typed by the caller (used on the start-up path so zod stays out of the initial bundle). A `Blob`
 * body (a file to upload) is sent as it is, with its own type as the Content-Type.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: T },
): Promise<z.infer<T>>;
export async function apiRequest<T = void>(path: string, options?: RequestOptions): Promise<T>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { method = 'GET', body, headers = {}, signal, schema } = options;
  const hasBody = method !== 'GET';
  const isFile = typeof Blob !== 'undefined' && body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        // Writes declare JSON: the API refuses other content types (the CSRF rule, decision 0024), but for a route that
        // takes a file (the logo upload), which gets the file's own type.
        ...(hasBody ? { 'Content-Type': isFile ? body.type : 'application/json' } : {}),
        ...headers,
      },
      body: hasBody ? (isFile ? body : JSON.stringify(body ?? {})) : undefined,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: String(cause), path });
  }

  if (!response.ok) throw await toApiError(response, path);
  if (response.status === 204) return undefined;
  const json: unknown = await response.json();
  return schema ? schema.parse(json) : json;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** Reads the API's `{error: {code, message, fields?, params?}}` body without pulling zod into start-up. */
function readErrorBody(json: unknown): TApiError['error'] | null {
  if (typeof json !== 'object' || json === null || !('error' in json)) return null;
  const { error } = json;
  if (typeof error !== 'object' || error === null) return null;
  if (!('code' in error) || typeof error.code !== 'string') return null;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : error.code;
  const fields = 'fields' in error && isStringRecord(error.fields) ? error.fields : undefined;
  const params = 'params' in error && isStringRecord(error.params) ? error.params : undefined;
  return { code: error.code, message, fields, params };
}

/**
 * An answer's `Retry-After` (seconds, as the API's throttles send it with 429) joins the error's params as
 * `retryAfter`, so the message can say how long to wait.
 */
function withRetryAfter(
  params: Record<string, string> | undefined,
  response: Response,
): Record<string, string> | undefined {
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter === null || !/^\d+$/.test(retryAfter)) return params;
  return { retryAfter, ...params };
}

/** The ApiError of an answer that is not ok: its `{error}` body, or its status when the body is not ours. */
export async function toApiError(response: Response, path: string): Promise<ApiError> {
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON (e.g. a proxy error page): fall back to the status below.
  }
  const body = readErrorBody(json);
  if (body) {
    const { code, message, fields } = body;
    const params = withRetryAfter(body.params, response);
    return new ApiError({ status: response.status, code, message, path, fields, params });
  }
  const code = response.status >= 500 ? 'INTERNAL' : `HTTP_${response.status}`;
  return new ApiError({ status: response.status, code, message: response.statusText, path });
}

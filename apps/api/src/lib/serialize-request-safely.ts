import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets wherever they appear: logged as `[redacted]`. */
const SECRET_QUERY_KEY = /^(token|access_token|key|api_key|apikey|secret|password|signature|sig|otp)$/i;

/** The URL with the values of secret-named query parameters replaced; the path and other values as sent. */
export function redactQuerySecrets(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is logged as it came, its value redacted below all the same when named so.
      }
      return separator >= 0 && SECRET_QUERY_KEY.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * The request as Fastify's own serializer logs it (method, URL, host, client address and port), with secrets
 * sent in the query string redacted: a client may put a token there even where only a header is accepted
 * (a refused `/metrics?token=…` logged the token in full).
 */
export function serializeRequestSafely(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuerySecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPO_ROOT } from '../../paths';

/**
 * The OpenAPI document of `laocredit-v1`, the signed transfer-wallet protocol we speak to every game provider
 * (docs/protocols/README.md). Read from the checkout (paths.ts): the compiled server has no copy of it, so a
 * release ships docs/protocols/ with the rest of the tree (docs/deploy.md).
 */
export const LAOCREDIT_V1_DOCUMENT = path.join(REPO_ROOT, 'docs/protocols/laocredit-v1.openapi.json');

/** Where the API serves it: stable, public, for the providers and aggregators that implement the protocol. */
export const LAOCREDIT_V1_URL = '/api/protocols/laocredit-v1.json';

// Public and the same for everyone: browsers and proxies may keep it for an hour, then revalidate by ETag.
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /api/protocols/laocredit-v1.json: the document byte for byte, without an agency or a session. */
export const protocolDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read once, at start-up: a release without the file (or with a broken one) fails to start rather than
  // answer a provider with an error later.
  const document = readFileSync(LAOCREDIT_V1_DOCUMENT, 'utf8');
  JSON.parse(document);
  const etag = `"${createHash('sha256').update(document).digest('base64url')}"`;

  app.get(
    LAOCREDIT_V1_URL,
    {
      schema: {
        tags: ['protocols'],
        summary: 'The OpenAPI document of laocredit-v1, the protocol a game provider implements',
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        // Readable from any page (an API explorer opened on another site): nothing in it is secret.
        .header('access-control-allow-origin', '*');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
};

/** True when an If-None-Match header names `etag` (weak or strong) or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

import { ZAgencyInfoResponse } from '@lc/shared/contracts/agency';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { findAgencyLogo } from './agency-logo';
import { agencyOf, requireAgency } from './agency-resolver';
import { toAgencyDto } from './to-agency-dto';

const ZLogoParams = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'INVALID_FORMAT' }) });

/**
 * An uploaded logo is only ever shown as an image: opened on its own, an SVG may load nothing and run nothing
 * (its inline styles excepted), whatever the check at upload missed.
 */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/agency/info',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['agency'],
        summary: 'The agency of the request host',
        response: { 200: ZAgencyInfoResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ agency: toAgencyDto(agencyOf(request)) }),
  );

  app.get(
    '/api/v2/agency/logo/:sha256',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['agency'],
        summary:
          "The agency's uploaded logo (its `logoUrl`), PNG or SVG, cached for good: a new logo is a new URL",
        params: ZLogoParams,
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      const logo = await findAgencyLogo(app.db, agencyOf(request).id, request.params.sha256);
      if (!logo) throw new AppError(404, 'NOT_FOUND', 'No such logo');
      return sendLogo(reply, logo);
    },
  );
};

/** The logo's bytes as they were uploaded, for good: its URL changes with its content. */
function sendLogo(reply: FastifyReply, logo: { contentType: string; body: Buffer }): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', LOGO_CSP)
    .type(logo.contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : logo.contentType)
    .send(logo.body);
}

import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  ZAgencyLogoResponse,
  ZAgencySettingsResponse,
  ZOpsAgencyResponse,
  ZPutAgencyRequest,
  ZPutAgencySettingsRequest,
} from '@lc/shared/contracts/ops-agency';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { saveAgencyLogo } from './agency-logo';
import { agencyOf, requireAgency } from './agency-resolver';
import { checkLogo } from './check-logo';
import { toAgencySettingsDto } from './to-agency-settings-dto';
import { toOpsAgencyDto } from './to-ops-agency-dto';
import {
  type AgencySettingsChange,
  changeOfAgencyRequest,
  updateAgencySettings,
} from './update-agency-settings';

/**
 * Ops: the host agency's settings under two paths served by one implementation (decision 0069): `agency`, the
 * first back office's shape (the public agency plus the four-eyes threshold), and `settings/agency`, the brand
 * and limits as the Settings page edits them; and the logo upload, `settings/logo`.
 */
export const opsAgencyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Saves a change of either route; the host → agency cache holds the old row, so it is dropped. */
  const save = async (request: FastifyRequest, change: AgencySettingsChange) => {
    const row = await updateAgencySettings(app.db, {
      agencyId: agencyOf(request).id,
      change,
      actor: opsActorOf(request),
      scope: auditScopeOf(request),
      now: app.now(),
    });
    // Limits must apply to the next deposit, and players see the brand at their next load, not after expiry.
    app.forgetAgencies();
    return row;
  };

  app.get(
    '/api/ops/v1/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: "The agency's settings, social links, contacts and limits (with the four-eyes threshold)",
        security: OPS_SECURITY,
        response: { 200: ZOpsAgencyResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ agency: toOpsAgencyDto(agencyOf(request)) }),
  );

  app.put(
    '/api/ops/v1/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary: 'Replace the agency’s settings and limits (audited with before/after)',
        description:
          'The brand colour, accepted banks and creditBelow are kept as stored (PUT settings/agency sets them).',
        security: OPS_SECURITY,
        body: ZPutAgencyRequest,
        response: { 200: ZOpsAgencyResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => ({ agency: toOpsAgencyDto(await save(request, changeOfAgencyRequest(request.body))) }),
  );

  app.get(
    '/api/ops/v1/settings/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: "The agency's brand (name, logo, colour, links, languages, accepted banks) and limits",
        security: OPS_SECURITY,
        response: { 200: ZAgencySettingsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ settings: toAgencySettingsDto(agencyOf(request)) }),
  );

  app.put(
    '/api/ops/v1/settings/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary: 'Replace the agency’s brand and limits as a whole (audited with before/after)',
        security: OPS_SECURITY,
        body: ZPutAgencySettingsRequest,
        response: { 200: ZAgencySettingsResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => ({ settings: toAgencySettingsDto(await save(request, request.body)) }),
  );

  await app.register(opsAgencyLogoRoutes);
};

/**
 * POST /api/ops/v1/settings/logo in a scope of its own: its body is the image itself (PNG or SVG, at most
 * 200 KiB), which no other route takes, so this scope parses only those two types.
 */
const opsAgencyLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...LOGO_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // JSON (which the CSRF guard lets through to every route) or anything else: refused here, after the role check.
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be image/png or image/svg+xml')),
  );
  // A chunked body past the limit is refused by Fastify as it arrives: named as the logo's, then answered by
  // the app's error handler (an error handler's throw goes to its parent's).
  app.setErrorHandler((error: { code?: string }) => {
    throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? logoTooLarge() : error;
  });

  app.post(
    '/api/ops/v1/settings/logo',
    {
      onRequest: [requireOps, requireAgency],
      // A body over the limit is refused by its Content-Length before it is read; a chunked one as it arrives.
      preParsing: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES) throw logoTooLarge();
      },
      bodyLimit: LOGO_MAX_BYTES,
      config: { opsRole: 'admin', mediaTypes: LOGO_CONTENT_TYPES },
      schema: {
        tags: ['ops'],
        summary: 'Upload the agency’s logo: the body is a PNG or an SVG of at most 200 KiB (audited)',
        description:
          'An SVG with scripts, event handlers, foreignObject, DOCTYPE/ENTITY or any outside reference is ' +
          'refused (400 VALIDATION_ERROR, fields.logo); over 200 KiB → 413 PAYLOAD_TOO_LARGE (fields.logo).',
        consumes: [...LOGO_CONTENT_TYPES],
        security: OPS_SECURITY,
        response: { 200: ZAgencyLogoResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const contentType = checkLogo(request.headers['content-type'], request.body);
      const logoUrl = await saveAgencyLogo(app.db, {
        agencyId: agencyOf(request).id,
        contentType,
        body: request.body as Buffer,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      app.forgetAgencies();
      return { logoUrl };
    },
  );
};

const logoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'The logo is larger than 200 KiB', { logo: 'TOO_LONG' });

import { ZPageQuery } from '@lc/shared/contracts/common';
import {
  ZCancelUsageRequest,
  ZCancelUsageResponse,
  ZCurrentUsageResponse,
  ZPromotionIdParams,
  ZPromotionListResponse,
  ZPromotionResponse,
  ZUsagePage,
  ZUsageResponse,
  ZUsePromotionRequest,
} from '@lc/shared/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { refuseRestricted } from '../play-limits/restriction';
import { cancelUsage } from './cancel-usage';
import { listFirstDepositPromotions } from './first-deposit-promotions';
import { toPromotionDto, toUsageDto } from './promotion-mapping';
import { findLiveUsage, findPromotion, listOpenPromotions, listUsages } from './promotions-repository';
import { recheckUsage } from './recheck-usage';
import { usePromotion } from './use-promotion';

/** Promotions (api.md): the public list and detail, and the player's usages. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/promotions',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['promotions'],
        summary: 'The promotions players can take now',
        response: { 200: ZPromotionListResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const rows = await listOpenPromotions(app.db, agencyOf(request).id, app.now());
      return { promotions: rows.map(toPromotionDto) };
    },
  );

  app.get(
    '/api/v2/promotions/:id',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['promotions'],
        summary: 'One promotion (also an ended one, so a usage can still show its rules)',
        params: ZPromotionIdParams,
        response: { 200: ZPromotionResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await findPromotion(app.db, agencyOf(request).id, request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such promotion');
      return { promotion: toPromotionDto(row) };
    },
  );

  app.post(
    '/api/v2/promotions/use',
    {
      preHandler: [requirePlayer, refuseRestricted],
      schema: {
        tags: ['promotions'],
        summary: 'Take a promotion on a provider',
        body: ZUsePromotionRequest,
        response: { 201: ZUsageResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const taken = await usePromotion(app, agencyOf(request), playerOf(request), request.body);
      return reply.code(201).send({ usage: toUsageDto(taken.usage, taken.promotion) });
    },
  );

  app.get(
    '/api/v2/players/promotions/using',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['promotions'],
        summary: "The player's current usage (ACTIVE or in use), or null",
        response: { 200: ZCurrentUsageResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const live = await findLiveUsage(app.db, playerOf(request).id);
      return { usage: live ? toUsageDto(live.usage, live.promotion) : null };
    },
  );

  app.get(
    '/api/v2/players/promotions/first-deposit',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['promotions'],
        summary: 'The first-deposit promotions the player may still take (none once it has deposited)',
        response: { 200: ZPromotionListResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const rows = await listFirstDepositPromotions(
        app.db,
        agencyOf(request).id,
        playerOf(request).id,
        app.now(),
      );
      return { promotions: rows.map(toPromotionDto) };
    },
  );

  app.post(
    '/api/v2/promotions/usages/recheck',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['promotions'],
        summary: 'Re-read the credit of the current usage; below the threshold it ends (INACTIVE)',
        response: { 200: ZCurrentUsageResponse, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => {
      const live = await recheckUsage(app, agencyOf(request), playerOf(request));
      return { usage: live ? toUsageDto(live.usage, live.promotion) : null };
    },
  );

  app.get(
    '/api/v2/promotions/usages',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['promotions'],
        summary: "The player's promotion usages, newest first",
        querystring: ZPageQuery,
        response: { 200: ZUsagePage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await listUsages(app.db, playerOf(request).id, request.query);
      return {
        items: rows.map((row) => toUsageDto(row.usage, row.promotion)),
        page: request.query.page,
        pageSize: request.query.pageSize,
        total,
      };
    },
  );

  app.post(
    '/api/v2/promotions/usages/cancel',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['promotions'],
        summary: 'Cancel a usage (an in-use one gives back its unspent bonus)',
        body: ZCancelUsageRequest,
        response: { 200: ZCancelUsageResponse, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => {
      const canceled = await cancelUsage(app, agencyOf(request), playerOf(request), request.body.usageId);
      return { message: 'cancel success' as const, usage: toUsageDto(canceled.usage, canceled.promotion) };
    },
  );
};

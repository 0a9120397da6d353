import {
  ZOpsPlayerDetailResponse,
  ZOpsPlayerParams,
  ZOpsPlayersQuery,
  ZOpsPlayersResponse,
} from '@lc/shared/contracts/ops-players';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { toBankAccountDto } from '../bank/to-bank-account-dto';
import { limitsStateAt, toLimitsResponse } from '../play-limits/deposit-limits';
import { restrictionOf } from '../play-limits/restriction';
import { findAgencyPlayer } from './find-agency-player';
import { listPlayers, maskDigits } from './list-players';
import { auditScopeOf, opsActorOf, recordAccess } from './record-audit';
import { toOpsPlayerDto } from './to-ops-player-dto';

/**
 * Ops: find players of the host's agency and read one. Every call is audited. Nobody credits a player here:
 * an adjustment is a four-eyes request (POST /api/ops/v1/adjustments, decision 0065).
 */
export const opsPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/players',
    {
      // onRequest: the token is checked before the query is validated, so a caller without it learns nothing.
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Players by username or display name (part), id, phone, bank account number or device fingerprint',
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZOpsPlayersQuery,
        response: { 200: ZOpsPlayersResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const page = await listPlayers(app.db, agency.id, request.query);
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'players.list',
        target: `agency:${agency.code}`,
        details: {
          // A search may be an account number: never written to the log in full.
          query: request.query.query ? maskDigits(request.query.query) : null,
          fingerprint: request.query.fingerprint ?? null,
          total: page.total,
        },
        at: app.now(),
      });
      return page;
    },
  );

  app.get(
    '/api/ops/v1/players/:id',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'A player with phone, bank account (number masked), time-out or self-exclusion and deposit limits',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOpsPlayerParams,
        response: { 200: ZOpsPlayerDetailResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const player = await findAgencyPlayer(app.db, agency.id, request.params.id);
      const now = app.now();
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'players.read',
        target: `player:${player.id}`,
        details: {},
        at: now,
      });
      const [account] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.playerId, player.id));
      return {
        player: {
          ...toOpsPlayerDto(player),
          phone: player.phone,
          bankAccount: account ? toBankAccountDto(account) : null,
          restriction: restrictionOf(player, now),
          depositLimits: toLimitsResponse(limitsStateAt(player, now)),
        },
      };
    },
  );
};

import { ZPageQuery } from '@lc/shared/contracts/common';
import { type TPlayerPagePart, ZAuditResponse } from '@lc/shared/contracts/ops-audit';
import {
  ZCreatePlayerNoteRequest,
  ZEndPlayerSessionsResponse,
  ZOpsLedgerResponse,
  ZOpsPlayerBalancesResponse,
  ZOpsPlayerDevicesResponse,
  ZOpsPlayerNoteResponse,
  ZOpsPlayerNotesResponse,
  ZOpsPlayerSessionsResponse,
  ZOpsPromotionUsagesResponse,
} from '@lc/shared/contracts/ops-player-page';
import { ZOpsPlayerParams } from '@lc/shared/contracts/ops-players';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerNoteRow } from '../../db/schema/player-notes';
import type { PlayerRow } from '../../db/schema/players';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { findAgencyPlayer } from '../ops/find-agency-player';
import { listAudit } from '../ops/list-audit';
import { auditScopeOf, opsActorOf, recordAccess } from '../ops/record-audit';
import { toAuditDto } from '../ops/to-audit-dto';
import { addPlayerNote } from './add-player-note';
import { endPlayerSessions } from './end-player-sessions';
import { getPlayerBalances } from './get-player-balances';
import { listPlayerDevices } from './list-player-devices';
import { listPlayerLedger } from './list-player-ledger';
import { listPlayerNotes } from './list-player-notes';
import { listPlayerSessions } from './list-player-sessions';
import { listPlayerUsages } from './list-player-usages';

const toNoteDto = (row: PlayerNoteRow) => ({
  id: row.id,
  text: row.text,
  author: row.author,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Ops: the parts of a player's page in the back office (backoffice.md Players), all support+. Orders are
 * the deposit and withdrawal lists with `playerId`; the profile is GET players/{id}. Each read goes to the access log.
 */
export const opsPlayerPageRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The agency's player of the path (404 otherwise), and an access-log row saying who looked at what. */
  async function readPlayer(request: FastifyRequest<{ Params: { id: string } }>, part: TPlayerPagePart) {
    const player: PlayerRow = await findAgencyPlayer(app.db, agencyOf(request).id, request.params.id);
    await recordAccess(app.db, {
      actor: opsActorOf(request),
      scope: auditScopeOf(request),
      action: `player.${part}.read`,
      target: `player:${player.id}`,
      at: app.now(),
    });
    return player;
  }
  const common = { onRequest: [requireOps, requireAgency], config: { opsRole: 'support' as const } };
  const schemaBase = { tags: ['ops'], security: OPS_SECURITY, params: ZOpsPlayerParams };

  app.get(
    '/api/ops/v1/players/:id/ledger',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: "The player's ledger transactions with their entries, newest first",
        querystring: ZPageQuery,
        response: { 200: ZOpsLedgerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'ledger');
      return listPlayerLedger(app.db, player.id, request.query);
    },
  );

  app.get(
    '/api/ops/v1/players/:id/audit',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: 'Audit entries about the player (object `player:<id>`), newest first',
        querystring: ZPageQuery,
        response: { 200: ZAuditResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'audit');
      const { page, pageSize } = request.query;
      const found = await listAudit(app.db, agencyOf(request).id, {
        page,
        pageSize,
        object: `player:${player.id}`,
        format: 'json',
      });
      return { items: found.items.map(toAuditDto), page, pageSize, total: found.total };
    },
  );

  app.get(
    '/api/ops/v1/players/:id/sessions',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: "The player's sessions, newest first (never their tokens)",
        response: { 200: ZOpsPlayerSessionsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'sessions');
      return listPlayerSessions(app.db, player.id);
    },
  );

  app.post(
    '/api/ops/v1/players/:id/sessions/end',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: 'End every session of the player (signed out at their next request)',
        response: { 200: ZEndPlayerSessionsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const player = await findAgencyPlayer(app.db, agencyOf(request).id, request.params.id);
      const ended = await endPlayerSessions(app.db, {
        playerId: player.id,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return { ended };
    },
  );

  app.get(
    '/api/ops/v1/players/:id/devices',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: "The player's device fingerprints, each with the other players seen on it",
        response: { 200: ZOpsPlayerDevicesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'devices');
      return listPlayerDevices(app.db, agencyOf(request).id, player.id);
    },
  );

  app.get(
    '/api/ops/v1/players/:id/notes',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: 'Staff notes on the player, newest first',
        querystring: ZPageQuery,
        response: { 200: ZOpsPlayerNotesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'notes');
      const { page, pageSize } = request.query;
      const found = await listPlayerNotes(app.db, player.id, request.query);
      return { items: found.items.map(toNoteDto), page, pageSize, total: found.total };
    },
  );

  app.post(
    '/api/ops/v1/players/:id/notes',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: 'Add a note to the player (audited)',
        body: ZCreatePlayerNoteRequest,
        response: { 201: ZOpsPlayerNoteResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const player = await findAgencyPlayer(app.db, agency.id, request.params.id);
      const note = await addPlayerNote(app.db, {
        agencyId: agency.id,
        playerId: player.id,
        text: request.body.text,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return reply.code(201).send({ note: toNoteDto(note) });
    },
  );

  app.get(
    '/api/ops/v1/players/:id/promotion-usages',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: "The player's promotion usages in every state, newest first",
        querystring: ZPageQuery,
        response: { 200: ZOpsPromotionUsagesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'promotion-usages');
      const { page, pageSize } = request.query;
      const found = await listPlayerUsages(app.db, player.id, request.query);
      return { items: found.items, page, pageSize, total: found.total };
    },
  );

  app.get(
    '/api/ops/v1/players/:id/balances',
    {
      ...common,
      schema: {
        ...schemaBase,
        summary: "The player's live balance at each provider where it has a wallet",
        response: { 200: ZOpsPlayerBalancesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const player = await readPlayer(request, 'balances');
      return getPlayerBalances(app, agencyOf(request), player.id, request.log);
    },
  );
};

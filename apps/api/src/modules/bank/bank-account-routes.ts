import {
  ZBankAccountResponse,
  ZBankAccountsResponse,
  ZCreateBankAccountRequest,
} from '@lc/shared/contracts/bank-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { listBankAccounts } from './bank-accounts-repository';
import { createBankAccount } from './create-bank-account';
import { maskAccountNumber, toBankAccountDto } from './to-bank-account-dto';

/** The signed-in player's bank account: list and add (one per player). */
export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/bank-accounts',
    {
      preHandler: requirePlayer,
      schema: { tags: ['bank'], response: { 200: ZBankAccountsResponse, ...errorResponses(401, 404) } },
    },
    async (request) => {
      const rows = await listBankAccounts(app.db, playerOf(request).id);
      return { playerAccounts: rows.map(toBankAccountDto) };
    },
  );

  app.post(
    '/api/v2/players/bank-accounts',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['bank'],
        body: ZCreateBankAccountRequest,
        response: { 201: ZBankAccountResponse, ...errorResponses(400, 401, 404, 409, 415, 503) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const row = await createBankAccount(
        {
          db: app.db,
          directory: app.bankDirectory,
          now: app.now(),
          log: request.log,
          acceptedBanks: agencyOf(request).acceptedBanks,
        },
        player,
        request.body,
      );
      request.log.info(
        {
          event: 'bank.account.create',
          playerId: player.id,
          bank: row.bank,
          // Masked: the full number never reaches the logs (domain.md security baseline).
          account: maskAccountNumber(row.accountNumber),
        },
        'bank account added',
      );
      return reply.code(201).send({ bankAccount: toBankAccountDto(row) });
    },
  );
};

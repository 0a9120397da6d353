import type { TProvider } from '@lc/shared/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySandboxTransfer } from './apply-sandbox-transfer';
import { endSandboxMemberSessions } from './end-sandbox-member-sessions';
import { ensureSandboxMember } from './ensure-sandbox-member';
import { launchSandboxGame } from './launch-sandbox-game';
import { listSandboxGames } from './list-sandbox-games';
import { listSandboxTransfers } from './list-sandbox-transfers';
import { requireSignature, SandboxError } from './sandbox-http';
import { findSandboxMember, findSandboxTransfer } from './sandbox-repository';
import { ZAmount, ZBalance, ZMemberName, ZMemberParams, ZReference } from './sandbox-schemas';
import { setSandboxBalance } from './set-sandbox-balance';
import { toMoney, toStatementDto, toTransferDto } from './to-sandbox-dto';
import { sendWithFault } from './with-fault';

export type SandboxProviderOptions = { provider: TProvider; key: string };

// Machine-to-machine JSON like a real provider's API, never a page a browser renders: the browser headers
// of helmet (CSP, frame and referrer policies…) would only cost every credit read a dozen more headers.
const PROVIDER_API = { helmet: false } as const;

/**
 * The signed transfer-wallet protocol of one sandbox provider, exactly what HttpGameProvider speaks
 * (docs/decisions/0007-provider-protocol-and-sandbox.md). Mounted under /sandbox/providers/{provider}.
 */
export const sandboxProviderRoutes: FastifyPluginAsyncZod<SandboxProviderOptions> = async (app, options) => {
  const { provider, key } = options;
  app.addHook('preValidation', requireSignature(key));

  app.post(
    '/members',
    { ...PROVIDER_API, schema: { hide: true, body: z.object({ username: ZMemberName }) } },
    async (request, reply) =>
      sendWithFault(request, reply, async () => {
        const { member, isNew } = await ensureSandboxMember(
          app.db,
          provider,
          request.body.username,
          app.now(),
        );
        reply.code(isNew ? 201 : 200);
        return { username: member.username, balance: toMoney(member.balance) };
      }),
  );

  app.get(
    '/members/:username/balance',
    { ...PROVIDER_API, schema: { hide: true, params: ZMemberParams } },
    async (request, reply) =>
      sendWithFault(request, reply, async () => {
        const member = await findSandboxMember(app.db, provider, request.params.username);
        if (!member) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${request.params.username}`);
        return { balance: toMoney(member.balance) };
      }),
  );

  app.get(
    '/members/:username/statement',
    { ...PROVIDER_API, schema: { hide: true, params: ZMemberParams } },
    async (request, reply) =>
      sendWithFault(request, reply, async () => {
        const member = await findSandboxMember(app.db, provider, request.params.username);
        if (!member) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${request.params.username}`);
        return toStatementDto(member);
      }),
  );

  // Ends the member's game sessions (a time-out or self-exclusion): its launch URLs stop playing.
  app.post(
    '/members/:username/sessions/end',
    { ...PROVIDER_API, schema: { hide: true, params: ZMemberParams } },
    async (request, reply) =>
      sendWithFault(request, reply, async () =>
        endSandboxMemberSessions(app.db, provider, request.params.username, app.now()),
      ),
  );

  // Test hook (sandbox only): put a member's balance where a test needs it.
  app.post(
    '/members/:username/balance',
    { ...PROVIDER_API, schema: { hide: true, params: ZMemberParams, body: z.object({ balance: ZBalance }) } },
    async (request) => {
      const { username } = request.params;
      const balance = await setSandboxBalance(app.db, provider, username, request.body.balance, app.now());
      return { username, balance: toMoney(balance) };
    },
  );

  app.post(
    '/transfers',
    {
      ...PROVIDER_API,
      schema: {
        hide: true,
        body: z.object({
          username: ZMemberName,
          direction: z.enum(['in', 'out']),
          amount: ZAmount,
          reference: ZReference,
        }),
      },
    },
    async (request, reply) =>
      sendWithFault(request, reply, async () =>
        toTransferDto(await applySandboxTransfer(app.db, { provider, ...request.body }, app.now())),
      ),
  );

  app.get(
    '/transfers',
    {
      ...PROVIDER_API,
      schema: {
        hide: true,
        querystring: z.object({
          from: z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
          to: z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
          cursor: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) =>
      sendWithFault(request, reply, async () => listSandboxTransfers(app.db, provider, request.query)),
  );

  app.get(
    '/transfers/:reference',
    { ...PROVIDER_API, schema: { hide: true, params: z.object({ reference: ZReference }) } },
    async (request, reply) =>
      sendWithFault(request, reply, async () => {
        const transfer = await findSandboxTransfer(app.db, provider, request.params.reference);
        if (!transfer) throw new SandboxError(404, 'TRANSFER_NOT_FOUND', 'No transfer with this reference');
        return toTransferDto(transfer);
      }),
  );

  app.get(
    '/games',
    {
      ...PROVIDER_API,
      schema: { hide: true, querystring: z.object({ tab: z.string().min(1).max(64).optional() }) },
    },
    async (request, reply) =>
      sendWithFault(request, reply, async () => listSandboxGames(app.db, provider, request.query.tab)),
  );

  app.post(
    '/launch',
    {
      ...PROVIDER_API,
      schema: {
        hide: true,
        body: z.object({ username: ZMemberName, gameCode: z.string().max(100).optional() }),
      },
    },
    async (request, reply) =>
      sendWithFault(request, reply, async () =>
        launchSandboxGame(
          app.db,
          provider,
          request.body.username,
          request.body.gameCode || undefined,
          app.now(),
        ),
      ),
  );
};

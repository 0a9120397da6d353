import { timingSafeEqual } from 'node:crypto';
import { parseMoney } from '@lc/shared/money';
import type { TGameCategory, TProvider } from '@lc/shared/providers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { aggregatorSignature } from '../../adapters/providers/fundtransfer-names';
import { endSandboxMemberSessions } from '../providers/end-sandbox-member-sessions';
import { ensureSandboxMember } from '../providers/ensure-sandbox-member';
import { launchSandboxGame } from '../providers/launch-sandbox-game';
import { listSandboxGames } from '../providers/list-sandbox-games';
import { SandboxError } from '../providers/sandbox-http';
import { findSandboxMember } from '../providers/sandbox-repository';
import { applyFundTransferTransfer } from './apply-fundtransfer-transfer';
import { findFundTransferTransfer } from './find-fundtransfer-transfer';
import { aggregatorNumber } from './fundtransfer-json';
import { AggregatorRefusal, answerAggregator, success } from './fundtransfer-sandbox-http';
import { providerOfCode, SANDBOX_OPERATOR_CODE, SANDBOX_PROVIDER_CODES } from './sandbox-operator';

export type FundTransferRoutesOptions = { secret: string };

// Machine-to-machine JSON, never a page a browser renders (as the sandbox providers' API).
const API = { helmet: false } as const;

/** The aggregator's game type code of each of our categories. */
const TYPE_OF: Readonly<Record<TGameCategory, string>> = {
  slot: 'SL',
  sport: 'SB',
  casino: 'LC',
  fish: 'FH',
  card: 'CB',
  chicken: 'OT',
};

type Query = Record<string, string>;

/** The query's fields, or 90 INVALID_PARAMETER when one of `names` is missing or given twice. */
function fieldsOf(request: FastifyRequest, ...names: string[]): Query {
  const query = request.query as Record<string, unknown>;
  const fields: Query = {};
  for (const name of names) {
    const value = query[name];
    if (typeof value !== 'string' || value === '') throw new AggregatorRefusal('90', 'INVALID_PARAMETER');
    fields[name] = value;
  }
  return fields;
}

const optional = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The sandbox aggregator's API_URL calls (decision 0071), each checked as the aggregator checks them: its
 * operator code (91), the MD5 signature of the call's own fields (99), the product code (92), the member name
 * (94, 3–12 lower-case letters and digits) and password (95, at most 12). The password is not kept: any
 * password of the right form opens the member (a simplification; the aggregator's products keep the first).
 */
export const fundTransferApiRoutes: FastifyPluginAsync<FundTransferRoutesOptions> = async (app, options) => {
  const { secret } = options;
  const checkOperator = (fields: Query) => {
    if (fields.operatorcode !== SANDBOX_OPERATOR_CODE) throw new AggregatorRefusal('91', 'INVALID_OPERATOR');
  };
  const checkSignature = (fields: Query, ...parts: string[]) => {
    const expected = Buffer.from(aggregatorSignature(...parts, secret));
    const given = Buffer.from(fields.signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AggregatorRefusal('99', 'INVALID_SIGNATURE');
  };
  const productOf = (fields: Query): TProvider => {
    const provider = providerOfCode(fields.providercode ?? '');
    if (!provider) throw new AggregatorRefusal('92', 'INVALID_PROVIDERCODE');
    return provider;
  };
  /** The fields every call about one member has, checked; signed as operatorcode+password+providercode+username. */
  const memberCall = (request: FastifyRequest, ...more: string[]) => {
    const fields = fieldsOf(
      request,
      'operatorcode',
      'providercode',
      'username',
      'password',
      'signature',
      ...more,
    );
    checkOperator(fields);
    return fields;
  };
  const checkMember = (fields: Query) => {
    if (!/^[a-z0-9]{3,12}$/.test(fields.username ?? ''))
      throw new AggregatorRefusal('94', 'INVALID_PARAMETER_USERNAME');
    if ((fields.password ?? '').length > 12) throw new AggregatorRefusal('95', 'INVALID_PARAMETER_PASSWORD');
  };
  const signedMemberCall = (request: FastifyRequest) => {
    const f = memberCall(request);
    checkSignature(f, f.operatorcode ?? '', f.password ?? '', f.providercode ?? '', f.username ?? '');
    const provider = productOf(f);
    checkMember(f);
    return { provider, username: f.username ?? '' };
  };

  // Opens the member at the aggregator (its products open theirs at the first call): 82 when it is known.
  app.get('/createMember.aspx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const f = fieldsOf(request, 'operatorcode', 'username', 'signature');
        checkOperator(f);
        checkSignature(f, f.operatorcode ?? '', f.username ?? '');
        checkMember({ ...f, password: '' });
        for (const provider of Object.keys(SANDBOX_PROVIDER_CODES) as TProvider[]) {
          if (await findSandboxMember(app.db, provider, f.username ?? ''))
            return { errCode: '82', errMsg: 'MEMBER_EXISTED' };
        }
        return success();
      },
      false,
    ),
  );

  app.get('/getBalance.aspx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const { provider, username } = signedMemberCall(request);
        const { member } = await ensureSandboxMember(app.db, provider, username, app.now());
        return success({ balance: aggregatorNumber(member.balance) });
      },
      true,
    ),
  );

  // type 0 deposits into the member's wallet, 1 withdraws; the amount as a decimal of at most 2 places.
  app.get('/makeTransfer.aspx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const f = memberCall(request, 'referenceid', 'type', 'amount');
        checkSignature(
          f,
          f.amount ?? '',
          f.operatorcode ?? '',
          f.password ?? '',
          f.providercode ?? '',
          f.referenceid ?? '',
          f.type ?? '',
          f.username ?? '',
        );
        const provider = productOf(f);
        checkMember(f);
        const referenceid = f.referenceid ?? '';
        if (!/^[A-Za-z0-9]{1,20}$/.test(referenceid))
          throw new AggregatorRefusal('71', 'INVALID_REFERENCE_ID');
        if (f.type !== '0' && f.type !== '1') throw new AggregatorRefusal('90', 'INVALID_PARAMETER');
        const text = f.amount ?? '';
        if (!/^\d{1,9}(\.\d+)?$/.test(text)) throw new AggregatorRefusal('73', 'INVALID_TRANSFER_AMOUNT');
        if ((/\.(\d+)$/.exec(text)?.[1]?.length ?? 0) > 2)
          throw new AggregatorRefusal('74', 'INVALID_TRANSFER_AMOUNT_TWO_DECIMAL_ONLY');
        const amount = parseMoney(text, 'THB');
        if (amount <= 0n) throw new AggregatorRefusal('73', 'INVALID_TRANSFER_AMOUNT');
        const direction = f.type === '0' ? 'in' : 'out';
        const username = f.username ?? '';
        await applyFundTransferTransfer(
          app.db,
          { provider, username, direction, amount, referenceid },
          app.now(),
        );
        return success();
      },
      true,
    ),
  );

  // The product's game list; `gamelist` is a string holding the JSON list (reformatjson=yes).
  app.get('/getGameList.ashx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const f = fieldsOf(request, 'operatorcode', 'providercode', 'signature');
        checkOperator(f);
        checkSignature(f, (f.operatorcode ?? '').toLowerCase(), (f.providercode ?? '').toUpperCase());
        const provider = productOf(f);
        const { games } = await listSandboxGames(app.db, provider);
        const list = games.map((game) => ({
          g_code: game.code,
          p_code: SANDBOX_PROVIDER_CODES[provider],
          p_type: TYPE_OF[game.category as TGameCategory] ?? 'OT',
          gameName: game.name,
          imgFileName: game.imageUrl,
        }));
        return success({ gamelist: JSON.stringify(list) });
      },
      false,
    ),
  );

  // A game of the product for the member (gameid 0 or none: its lobby, here its first game).
  app.get('/launchGames.aspx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const f = memberCall(request, 'type');
        checkSignature(
          f,
          f.operatorcode ?? '',
          f.password ?? '',
          f.providercode ?? '',
          f.type ?? '',
          f.username ?? '',
        );
        const provider = productOf(f);
        checkMember(f);
        const gameId = optional(request, 'gameid');
        const gameCode = gameId && gameId !== '0' ? gameId : undefined;
        const { games } = await listSandboxGames(app.db, provider);
        const game = gameCode ? games.find((g) => g.code === gameCode) : games[0];
        if (!game || TYPE_OF[game.category as TGameCategory] !== f.type)
          throw new AggregatorRefusal('992', 'INVALID_PARAMETER_PRODUCT_NOT_SUPPORTED_GAMETYPE');
        const username = f.username ?? '';
        await ensureSandboxMember(app.db, provider, username, app.now());
        const { url } = await launchSandboxGame(app.db, provider, username, game.code, app.now());
        return success({ gameUrl: url });
      },
      false,
    ),
  );

  // Ends the member's game sessions: its launched games stop playing. 81 for a member never opened.
  app.get('/kickPlayerFromProduct.ashx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const { provider, username } = signedMemberCall(request);
        try {
          await endSandboxMemberSessions(app.db, provider, username, app.now());
        } catch (error) {
          if (error instanceof SandboxError && error.code === 'MEMBER_NOT_FOUND')
            throw new AggregatorRefusal('81', 'MEMBER_NOT_FOUND');
          throw error;
        }
        return success();
      },
      true,
    ),
  );
};

/** The GMT+0 time of a transaction as the aggregator writes it: `2021-04-01T05:14:23.63`, no zone. */
const transactionTime = (at: Date): string => at.toISOString().replace(/(\.\d\d)\dZ$/, '$1');

/**
 * The sandbox aggregator's LOG_URL call: checkTransaction, the status of a transfer by the agent's reference
 * id, whatever its product. -987 RECORD_NOT_FOUND for a reference it does not hold.
 */
export const fundTransferLogRoutes: FastifyPluginAsync<FundTransferRoutesOptions> = async (app, options) => {
  app.get('/checkTransaction.ashx', { ...API, schema: { hide: true } }, async (request, reply) =>
    answerAggregator(
      request,
      reply,
      async () => {
        const f = fieldsOf(request, 'operatorcode', 'referenceid', 'signature');
        if (f.operatorcode !== SANDBOX_OPERATOR_CODE) throw new AggregatorRefusal('91', 'INVALID_OPERATOR');
        const expected = Buffer.from(aggregatorSignature(f.operatorcode, options.secret));
        const given = Buffer.from(f.signature ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new AggregatorRefusal('99', 'INVALID_SIGNATURE');
        const transfer = await findFundTransferTransfer(app.db, f.referenceid ?? '');
        if (!transfer) return { errCode: '-987', errMsg: 'RECORD_NOT_FOUND' };
        return success({
          data: {
            trans_id: transfer.id,
            trans_time: transactionTime(transfer.createdAt),
            username: transfer.username,
            type: transfer.direction === 'in' ? '0' : '1',
            provider: SANDBOX_PROVIDER_CODES[transfer.provider],
            amount: aggregatorNumber(transfer.amount),
            ref_id: transfer.reference,
            status: 'SUCCESS',
            operator: SANDBOX_OPERATOR_CODE,
            remark: '',
          },
        });
      },
      true,
    ),
  );
};

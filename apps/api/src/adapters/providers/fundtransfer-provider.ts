import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import { asRawObject, parseRawJson, type RawJson, RawNumber } from '../../lib/raw-json';
import { type CallObserver, KeepAliveClient } from '../keep-alive-request';
import { AmountFormatError, aggregatorAmountOf, aggregatorAmountText } from './fundtransfer-amount';
import {
  MEMBER_EXISTED,
  MEMBER_NOT_FOUND,
  NOT_OFFERED,
  RECORD_NOT_FOUND,
  transferAnswerOf,
} from './fundtransfer-codes';
import {
  aggregatorPasswordOf,
  aggregatorReferenceOf,
  aggregatorSignature,
  aggregatorUsernameOf,
} from './fundtransfer-names';
import {
  type Game,
  type GameCatalogue,
  type GameProvider,
  type MemberStatement,
  type ProviderMember,
  type ProviderTransfer,
  ProviderUnavailableError,
  type TransferDirection,
  type TransferOutcome,
  type TransferReportPage,
  TransferTotalsNotOfferedError,
} from './game-provider';
import { retrySafeCall } from './retry-safe-call';

export interface FundTransferOptions {
  provider: TProvider;
  /** The aggregator's API_URL; a function is asked at each call (the built-in sandbox's port). */
  apiUrl: string | (() => string);
  /** Its LOG_URL: the transfer look-up (checkTransaction) is served there. */
  logUrl: string | (() => string);
  operatorCode: string;
  secretKey: string;
  /** The product at the aggregator this provider is (e.g. `PG`). */
  providerCode: string;
  timeoutMs?: number;
  /** Attempts for calls that are safe to repeat; a transfer is never re-sent blindly. */
  attempts?: number;
  /** Told the duration and outcome of every HTTP call (metrics). */
  observe?: CallObserver;
  log?: FastifyBaseLogger;
}

type Body = { [key: string]: RawJson };
type Answer = { errCode: string; errMsg: string; body: Body };
/** A look-up's answer: applied (SUCCESS), failed there (FAILED), or not held (RECORD_NOT_FOUND). */
type LookUp = { kind: 'applied'; transfer: ProviderTransfer } | { kind: 'failed' } | { kind: 'none' };

/** An HTTP answer that is not 2xx: the aggregator answers its own errors as `errCode`s in a 200. */
class HttpAnswerError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** An answer that is not what the document describes (not JSON, no errCode, a field of the wrong kind). */
class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswer';
}

// The game list changes rarely; a launch needs the game's type code from it.
const CATALOGUE_TTL_MS = 60_000;

/** The aggregator's game type codes (its "Game Type Code" table) as tabs and as our landing categories. */
const GAME_TYPES: Readonly<Record<string, { label: string; category: Game['category'] }>> = {
  SL: { label: 'Slots', category: 'slot' },
  ES: { label: 'E-games', category: 'slot' },
  MG: { label: 'Mini games', category: 'slot' },
  LK: { label: 'Lotto', category: 'slot' },
  SB: { label: 'Sportsbook', category: 'sport' },
  LC: { label: 'Live casino', category: 'casino' },
  FH: { label: 'Fish hunter', category: 'fish' },
  CB: { label: 'Card & board games', category: 'card' },
  PK: { label: 'Poker', category: 'card' },
  // Cockfighting (SV388, Digmaan, Sabong Network) is what its products list under "others".
  OT: { label: 'Others', category: 'chicken' },
};

/**
 * `fundtransfer-v1`: a transfer-wallet aggregator's agent API, the "Fund Transfer API" of its public
 * integrations (docs/decisions/0071-aggregator-protocol.md). Every call is a GET whose query carries the
 * operator code and an MD5 signature of the call's fields and the secret key; every answer is a JSON object
 * with `errCode` ("0" = success) and `errMsg`, in an HTTP 200. Amounts are JSON numbers, read from their text.
 * The outcomes of a transfer mean what HttpGameProvider's mean: a transfer whose answer is missing, garbled
 * or says "status unknown" is settled only by looking its reference up, never by sending it again.
 */
export class FundTransferProvider implements GameProvider {
  readonly provider: TProvider;
  private readonly http: KeepAliveClient;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private catalogue: { readAt: number; games: Promise<Game[]> } | null = null;

  constructor(private readonly options: FundTransferOptions) {
    this.provider = options.provider;
    this.http = new KeepAliveClient(options.observe);
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.attempts = options.attempts ?? 3;
  }

  /**
   * createMember opens the member at the aggregator only; its products open theirs at the member's first
   * call there (the document's QnA 1), which the balance read is: a transfer then finds both.
   */
  async ensureMember(member: ProviderMember): Promise<void> {
    const { operatorCode, secretKey } = this.options;
    const username = this.usernameOf(member);
    const answer = await this.idempotent(() =>
      this.request('api', 'createMember.aspx', {
        operatorcode: operatorCode,
        username,
        signature: aggregatorSignature(operatorCode, username, secretKey),
      }),
    );
    if (answer.errCode !== '0' && answer.errCode !== MEMBER_EXISTED)
      throw this.refusedCall('createMember', answer);
    await this.getBalance(member);
  }

  async getBalance(member: ProviderMember): Promise<bigint> {
    const answer = await this.idempotent(() =>
      this.request('api', 'getBalance.aspx', this.memberParams(member)),
    );
    if (answer.errCode !== '0') throw this.refusedCall('getBalance', answer);
    return this.amount(answer.body.balance, 'getBalance: balance');
  }

  async transfer(
    member: ProviderMember,
    direction: TransferDirection,
    amount: bigint,
    reference: string,
  ): Promise<TransferOutcome> {
    const { operatorCode, secretKey, providerCode } = this.options;
    const username = this.usernameOf(member);
    const password = aggregatorPasswordOf(secretKey, username);
    const referenceid = aggregatorReferenceOf(reference);
    // The direction in the API's terms: type 0 = deposit into the member's wallet, 1 = withdraw from it.
    const type = direction === 'in' ? '0' : '1';
    const text = aggregatorAmountText(amount);
    let answer: Answer;
    try {
      answer = await this.request('api', 'makeTransfer.aspx', {
        operatorcode: operatorCode,
        providercode: providerCode,
        username,
        password,
        referenceid,
        type,
        amount: text,
        signature: aggregatorSignature(
          text,
          operatorCode,
          password,
          providerCode,
          referenceid,
          type,
          username,
          secretKey,
        ),
      });
    } catch (error) {
      // No usable answer (time-out, dropped connection, an error page, garbled JSON): it may have moved.
      const final = isFinalHttpError(error) ? `HTTP_${error.status}` : null;
      return this.settleByLookUp(reference, direction, amount, describe(error), final);
    }
    const said = transferAnswerOf(answer.errCode, answer.errMsg);
    switch (said.kind) {
      case 'applied':
        // The answer carries no balance: the aggregator's makeTransfer answers its code only.
        return { status: 'applied', transfer: { reference, direction, amount, balanceAfter: null } };
      case 'refused':
        return { status: 'rejected', code: said.code };
      case 'reference-refused':
        // The reference id was refused: used before (by this transfer, or by another one), or malformed.
        return this.settleByLookUp(
          reference,
          direction,
          amount,
          'reference id refused (errCode 71)',
          'INVALID_REFERENCE_ID',
        );
      case 'unknown':
        return this.settleByLookUp(reference, direction, amount, said.reason, null);
    }
  }

  async findTransfer(reference: string): Promise<ProviderTransfer | null> {
    const found = await this.lookUp(reference);
    return found.kind === 'applied' ? found.transfer : null;
  }

  /** The aggregator reports no totals per member: reconciliation sums look-ups of its own references. */
  async getStatement(): Promise<MemberStatement> {
    throw new TransferTotalsNotOfferedError(this.provider);
  }

  /**
   * The aggregator has no transfer report (its reports list bets, not transfers). Reconciliation looks up
   * every ledger movement missing from a report by its reference, so an empty report has each of the window's
   * movements looked up; a transfer the aggregator made that our ledger never booked cannot be seen (0071).
   */
  async listTransfers(): Promise<TransferReportPage> {
    return { transfers: [], cursor: null };
  }

  async listGames(tab?: string): Promise<GameCatalogue> {
    const games = await this.games();
    const tabs = [...new Set(games.map((g) => g.tab))].map((id) => ({
      id,
      label: GAME_TYPES[id]?.label ?? id,
    }));
    return { tabs, games: tab === undefined ? games : games.filter((g) => g.tab === tab) };
  }

  async launchUrl(member: ProviderMember, gameCode: string): Promise<string> {
    const { operatorCode, secretKey, providerCode } = this.options;
    const games = await this.games();
    // No game: the product's lobby (gameid 0), opened with the type of its first game.
    const game = gameCode ? games.find((g) => g.code === gameCode) : games[0];
    if (!game) throw this.unavailable(`no game ${gameCode.slice(0, 60)} in the game list`);
    const username = this.usernameOf(member);
    const password = aggregatorPasswordOf(secretKey, username);
    const answer = await this.idempotent(() =>
      this.request('api', 'launchGames.aspx', {
        operatorcode: operatorCode,
        providercode: providerCode,
        username,
        password,
        type: game.tab,
        gameid: gameCode || '0',
        lang: 'en-US',
        html5: '1',
        signature: aggregatorSignature(operatorCode, password, providerCode, game.tab, username, secretKey),
      }),
    );
    if (answer.errCode !== '0') throw this.refusedCall('launchGames', answer);
    const url = answer.body.gameUrl;
    if (typeof url !== 'string' || url === '') throw this.unavailable('launchGames answered no gameUrl');
    // A link relative to the aggregator (the built-in sandbox answers one) is on its address, as
    // HttpGameProvider reads its own; only the sandbox of this process keeps it relative for the player.
    const { apiUrl } = this.options;
    return typeof apiUrl === 'string' ? new URL(url, `${apiUrl}/`).toString() : url;
  }

  /**
   * kickPlayerFromProduct: documented for one product only. A product that cannot do it answers so and
   * nothing can end its sessions from here: a logged no-op (asking again would not help), not a failure.
   */
  async endMemberSessions(member: ProviderMember): Promise<void> {
    const answer = await this.idempotent(() =>
      this.request('api', 'kickPlayerFromProduct.ashx', this.memberParams(member)),
    );
    if (answer.errCode === '0' || answer.errCode === MEMBER_NOT_FOUND) return;
    if (NOT_OFFERED.has(answer.errCode)) {
      this.options.log?.warn(
        { provider: this.provider, errCode: answer.errCode, event: 'provider.sessions_end_not_offered' },
        'the aggregator cannot end this product’s game sessions; nothing to ask again',
      );
      return;
    }
    throw this.refusedCall('kickPlayerFromProduct', answer);
  }

  /** Stops keeping connections open; calls in flight finish (the app is closing or the settings changed). */
  closeWhenIdle(): void {
    this.http.closeWhenIdle();
  }

  /**
   * checkTransaction: the transfer under our reference as the aggregator holds it — SUCCESS (applied), FAILED
   * (it moved nothing, the aggregator says so), or none; PROCESSING, or a record we cannot read, is no answer.
   */
  private async lookUp(reference: string): Promise<LookUp> {
    const { operatorCode, secretKey, providerCode } = this.options;
    const referenceid = aggregatorReferenceOf(reference);
    const answer = await this.idempotent(() =>
      this.request('log', 'checkTransaction.ashx', {
        operatorcode: operatorCode,
        referenceid,
        signature: aggregatorSignature(operatorCode, secretKey),
      }),
    );
    if (answer.errCode === RECORD_NOT_FOUND) return { kind: 'none' };
    if (answer.errCode !== '0') throw this.refusedCall('checkTransaction', answer);
    try {
      const record = transactionOf(answer.body);
      if (textOf(record.ref_id) !== referenceid) {
        throw new UnexpectedAnswerError(`checkTransaction answered another reference for ${reference}`);
      }
      if (
        typeof record.provider === 'string' &&
        record.provider.toUpperCase() !== providerCode.toUpperCase()
      ) {
        throw new UnexpectedAnswerError(`${reference} is held by product ${record.provider.slice(0, 10)}`);
      }
      const type = codeOf(record.type);
      if (type !== '0' && type !== '1') throw new UnexpectedAnswerError(`transfer type ${String(type)}`);
      const amount = aggregatorAmountOf(record.amount, 'checkTransaction: amount');
      if (amount === 0n) throw new UnexpectedAnswerError(`transfer ${reference} of 0.00`);
      const status = typeof record.status === 'string' ? record.status : '';
      if (status === 'FAILED') return { kind: 'failed' };
      if (status === 'PROCESSING')
        throw new UnexpectedAnswerError(`transfer ${reference} is still PROCESSING`);
      if (status !== 'SUCCESS') throw new UnexpectedAnswerError(`transfer status "${status.slice(0, 20)}"`);
      const direction = type === '0' ? 'in' : 'out';
      return { kind: 'applied', transfer: { reference, direction, amount, balanceAfter: null } };
    } catch (error) {
      throw this.unavailable(describe(error));
    }
  }

  /**
   * Settles a transfer without a usable answer by its reference: found as sent → applied; found as another
   * transfer → REFERENCE_CONFLICT (held for staff by the money code); FAILED there → refused; not found →
   * refused only when the aggregator's answer was final (`finalCode`), else unknown (it may still be running).
   */
  private async settleByLookUp(
    reference: string,
    direction: TransferDirection,
    amount: bigint,
    cause: string,
    finalCode: string | null,
  ): Promise<TransferOutcome> {
    let found: LookUp;
    try {
      found = await this.lookUp(reference);
    } catch (error) {
      return { status: 'unknown', reason: `${cause}; look-up failed: ${describe(error)}` };
    }
    if (found.kind === 'applied') {
      const { transfer } = found;
      if (transfer.direction !== direction || transfer.amount !== amount) {
        return { status: 'rejected', code: 'REFERENCE_CONFLICT' };
      }
      return { status: 'applied', transfer };
    }
    // The aggregator's own word that the transfer failed: nothing moved.
    if (found.kind === 'failed') return { status: 'rejected', code: 'AGGREGATOR_TRANSFER_FAILED' };
    if (finalCode) return { status: 'rejected', code: finalCode };
    return { status: 'unknown', reason: `no transfer ${reference} after ${cause}` };
  }

  private games(): Promise<Game[]> {
    const hit = this.catalogue;
    if (hit && performance.now() - hit.readAt < CATALOGUE_TTL_MS) return hit.games;
    const games = this.readGames();
    this.catalogue = { readAt: performance.now(), games };
    // A failed read is not kept: the next call asks again.
    games.catch(() => {
      if (this.catalogue?.games === games) this.catalogue = null;
    });
    return games;
  }

  private async readGames(): Promise<Game[]> {
    const { operatorCode, secretKey, providerCode } = this.options;
    const answer = await this.idempotent(() =>
      this.request('api', 'getGameList.ashx', {
        operatorcode: operatorCode,
        providercode: providerCode,
        lang: 'en',
        html5: '1',
        reformatjson: 'yes',
        signature: aggregatorSignature(operatorCode.toLowerCase(), providerCode.toUpperCase(), secretKey),
      }),
    );
    if (answer.errCode !== '0') throw this.refusedCall('getGameList', answer);
    try {
      return gamesOf(answer.body.gamelist);
    } catch (error) {
      throw this.unavailable(describe(error));
    }
  }

  private usernameOf(member: ProviderMember): string {
    return aggregatorUsernameOf(member, this.options.operatorCode);
  }

  /** The fields of the calls about one member, signed as operatorcode + password + providercode + username. */
  private memberParams(member: ProviderMember): Record<string, string> {
    const { operatorCode, secretKey, providerCode } = this.options;
    const username = this.usernameOf(member);
    const password = aggregatorPasswordOf(secretKey, username);
    return {
      operatorcode: operatorCode,
      providercode: providerCode,
      username,
      password,
      signature: aggregatorSignature(operatorCode, password, providerCode, username, secretKey),
    };
  }

  private amount(value: RawJson | undefined, field: string): bigint {
    try {
      return aggregatorAmountOf(value, field);
    } catch (error) {
      if (error instanceof AmountFormatError) throw this.unavailable(error.message);
      throw error;
    }
  }

  /** Retries calls that are safe to repeat on network errors, time-outs and 5xx, with a short backoff. */
  private async idempotent(call: () => Promise<Answer>): Promise<Answer> {
    const isFinal = (error: unknown) =>
      error instanceof UnexpectedAnswerError || (error instanceof HttpAnswerError && error.status < 500);
    try {
      return await retrySafeCall(call, { attempts: this.attempts, isFinal });
    } catch (error) {
      throw this.unavailable(describe(error));
    }
  }

  private async request(
    endpoint: 'api' | 'log',
    path: string,
    params: Record<string, string>,
  ): Promise<Answer> {
    const base = endpoint === 'api' ? this.options.apiUrl : this.options.logUrl;
    const url = new URL(`${(typeof base === 'function' ? base() : base).replace(/\/+$/, '')}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    // The query holds the member's password and the signature: the URL is never logged nor put in an error.
    const response = await this.http.send({
      url,
      method: 'GET',
      headers: { accept: 'application/json' },
      body: '',
      timeoutMs: this.timeoutMs,
    });
    if (response.status < 200 || response.status > 299) throw new HttpAnswerError(response.status);
    let parsed: RawJson;
    try {
      parsed = parseRawJson(response.text);
    } catch (error) {
      throw new UnexpectedAnswerError(`${path} answered no JSON (${describe(error)})`);
    }
    const body = asRawObject(parsed);
    if (!body) throw new UnexpectedAnswerError(`${path} answered no JSON object`);
    const errCode = codeOf(body.errCode);
    if (errCode === null) throw new UnexpectedAnswerError(`${path} answered without an errCode`);
    return { errCode, errMsg: typeof body.errMsg === 'string' ? body.errMsg : '', body };
  }

  private refusedCall(call: string, answer: Answer): ProviderUnavailableError {
    const message = answer.errMsg ? ` (${answer.errMsg.slice(0, 80)})` : '';
    return this.unavailable(`${call} answered errCode ${answer.errCode}${message}`);
  }

  private unavailable(reason: string): ProviderUnavailableError {
    return new ProviderUnavailableError(this.provider, reason);
  }
}

/** A code field: the document's strings ("0", "-987"), or a bare integer some answers may carry. */
function codeOf(value: RawJson | undefined): string | null {
  const text = textOf(value);
  return text !== null && /^-?\d{1,6}$/.test(text) ? text : null;
}

/** A string field, or an integer written as a number (ids); anything else is null. */
function textOf(value: RawJson | undefined): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof RawNumber && /^-?\d{1,20}$/.test(value.literal)) return value.literal;
  return null;
}

/**
 * The transaction record of a checkTransaction answer. The public document shows it under `gameUrl` (a copy of
 * the launch answer's table, it seems), a later copy under `data`, as an object or a string holding one.
 */
function transactionOf(body: Body): Body {
  const field = body.data ?? body.gameUrl;
  const record = typeof field === 'string' ? asRawObject(parseRawJson(field)) : asRawObject(field);
  if (!record) throw new UnexpectedAnswerError('checkTransaction answered no transaction record');
  return record;
}

/** The games of a getGameList answer: `gamelist` is a string holding the JSON list (reformatjson=yes). */
function gamesOf(field: RawJson | undefined): Game[] {
  if (typeof field !== 'string') throw new UnexpectedAnswerError('getGameList answered no gamelist');
  const list = parseRawJson(field);
  if (!Array.isArray(list)) throw new UnexpectedAnswerError('getGameList: gamelist is not a list');
  return list.map((item) => {
    const game = asRawObject(item);
    const code = game?.g_code;
    const type = game?.p_type;
    const name = game?.gameName;
    if (typeof code !== 'string' || typeof type !== 'string' || typeof name !== 'string') {
      throw new UnexpectedAnswerError('getGameList: a game without g_code, p_type or gameName');
    }
    const image = game?.imgFileName;
    return {
      code,
      name,
      imageUrl: typeof image === 'string' ? image : '',
      category: GAME_TYPES[type]?.category ?? 'slot',
      tab: type,
    };
  });
}

/**
 * An HTTP error answered by the aggregator's side after it finished with the request; 502 and 504 come from
 * a gateway whose upstream may still be working on it (as HttpGameProvider reads them).
 */
function isFinalHttpError(error: unknown): error is HttpAnswerError {
  return error instanceof HttpAnswerError && error.status !== 502 && error.status !== 504;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

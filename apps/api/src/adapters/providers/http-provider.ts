import { formatMinor, parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { z } from 'zod';
import { type CallObserver, KeepAliveClient } from '../keep-alive-request';
import {
  type GameCatalogue,
  type GameProvider,
  type MemberStatement,
  type ProviderMember,
  type ProviderTransfer,
  ProviderUnavailableError,
  type TransferDirection,
  type TransferOutcome,
  type TransferReportPage,
} from './game-provider';
import { retrySafeCall } from './retry-safe-call';
import { signRequest } from './signing';

export interface HttpProviderOptions {
  provider: TProvider;
  /**
   * e.g. https://api.provider.example/v1 or http://127.0.0.1:3000/sandbox/providers/askmebet; a function is
   * asked at each call (the built-in sandbox is only reachable once the server listens on its port).
   */
  baseUrl: string | (() => string);
  /** Shared secret used to sign every request. */
  key: string;
  timeoutMs?: number;
  /** Attempts for idempotent calls (reads, ensure-member, look-ups); a transfer is never re-sent blindly. */
  attempts?: number;
  now?: () => number;
  /** Told the duration and outcome of every HTTP call (metrics). */
  observe?: CallObserver;
}

const ZTransfer = z.object({
  reference: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  balanceAfter: z.string(),
});
const ZBalance = z.object({ balance: z.string() });
const ZStatement = z.object({ balance: z.string(), transferredIn: z.string(), transferredOut: z.string() });
const ZTransferReport = z.object({
  transfers: z.array(
    z.object({
      reference: z.string(),
      member: z.string(),
      direction: z.enum(['in', 'out']),
      amount: z.string(),
      appliedAt: z.string(),
    }),
  ),
  cursor: z.string().nullable(),
});
const ZCatalogue = z.object({
  tabs: z.array(z.object({ id: z.string(), label: z.string() })),
  games: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      imageUrl: z.string(),
      category: z.string(),
      tab: z.string(),
    }),
  ),
});
const ZLaunch = z.object({ url: z.string() });
const ZErrorBody = z.object({ code: z.string() });

class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The transfer-wallet HTTP client shared by the five providers (each with its own base URL and key). */
export class HttpGameProvider implements GameProvider {
  readonly provider: TProvider;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly now: () => number;
  private readonly http: KeepAliveClient;

  constructor(private readonly options: HttpProviderOptions) {
    this.provider = options.provider;
    this.http = new KeepAliveClient(options.observe);
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.attempts = options.attempts ?? 3;
    this.now = options.now ?? Date.now;
  }

  async ensureMember(member: ProviderMember): Promise<void> {
    await this.idempotent(() => this.request('POST', '/members', { username: member.username }));
  }

  async getBalance(member: ProviderMember): Promise<bigint> {
    const path = `/members/${encodeURIComponent(member.username)}/balance`;
    const body = ZBalance.parse(await this.idempotent(() => this.request('GET', path)));
    return parseMoney(body.balance, 'THB');
  }

  async transfer(
    member: ProviderMember,
    direction: TransferDirection,
    amount: bigint,
    reference: string,
  ): Promise<TransferOutcome> {
    const payload = { username: member.username, direction, amount: formatMinor(amount, 'THB'), reference };
    try {
      return { status: 'applied', transfer: toTransfer(await this.request('POST', '/transfers', payload)) };
    } catch (error) {
      if (error instanceof HttpStatusError && error.status >= 400 && error.status < 500) {
        return { status: 'rejected', code: errorCodeOf(error) };
      }
      // The answer is missing (timeout, lost connection, 5xx): the provider may or may not have applied it.
      // Only a look-up by the same reference can tell; sending it again could move the money twice elsewhere.
      try {
        const found = await this.findTransfer(reference);
        if (found && (found.direction !== direction || found.amount !== amount)) {
          return { status: 'rejected', code: 'REFERENCE_CONFLICT' };
        }
        if (found) return { status: 'applied', transfer: found };
        // The provider itself answered that it failed and has no such transfer afterwards: nothing moved.
        // After a timeout or a dropped connection the request may still be running there, so that stays unknown.
        if (isFinalServerError(error)) return { status: 'rejected', code: errorCodeOf(error) };
        return { status: 'unknown', reason: `no transfer ${reference} after ${describe(error)}` };
      } catch (lookupError) {
        return { status: 'unknown', reason: `look-up failed: ${describe(lookupError)}` };
      }
    }
  }

  async findTransfer(reference: string): Promise<ProviderTransfer | null> {
    const path = `/transfers/${encodeURIComponent(reference)}`;
    try {
      return toTransfer(await this.idempotent(() => this.request('GET', path)));
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return null;
      throw error;
    }
  }

  async getStatement(member: ProviderMember): Promise<MemberStatement> {
    const path = `/members/${encodeURIComponent(member.username)}/statement`;
    let answer: unknown;
    try {
      answer = await this.idempotent(() => this.request('GET', path));
    } catch (error) {
      // A wallet we opened in the ledger but never created there (no transfer yet) has moved nothing.
      if (error instanceof HttpStatusError && errorCodeOf(error) === 'MEMBER_NOT_FOUND') {
        return { balance: 0n, transferredIn: 0n, transferredOut: 0n };
      }
      throw error;
    }
    const body = ZStatement.parse(answer);
    return {
      balance: parseMoney(body.balance, 'THB'),
      transferredIn: parseMoney(body.transferredIn, 'THB'),
      transferredOut: parseMoney(body.transferredOut, 'THB'),
    };
  }

  async listTransfers(from: Date, to: Date, cursor?: string | null): Promise<TransferReportPage> {
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    if (cursor) query.set('cursor', cursor);
    const body = ZTransferReport.parse(
      await this.idempotent(() => this.request('GET', `/transfers?${query.toString()}`)),
    );
    return {
      transfers: body.transfers.map((t) => ({
        reference: t.reference,
        member: t.member,
        direction: t.direction,
        amount: parseMoney(t.amount, 'THB'),
        appliedAt: new Date(t.appliedAt),
      })),
      cursor: body.cursor,
    };
  }

  async listGames(tab?: string): Promise<GameCatalogue> {
    const query = tab ? `?tab=${encodeURIComponent(tab)}` : '';
    return ZCatalogue.parse(await this.idempotent(() => this.request('GET', `/games${query}`)));
  }

  async launchUrl(member: ProviderMember, gameCode: string): Promise<string> {
    const body = await this.idempotent(() =>
      this.request('POST', '/launch', { username: member.username, gameCode }),
    );
    const { url } = ZLaunch.parse(body);
    // A link relative to the provider (our sandbox answers one) means the provider's own address; only the
    // built-in sandbox, reached in this process, keeps it relative so the player opens it where they are.
    const { baseUrl } = this.options;
    return typeof baseUrl === 'string' ? new URL(url, `${baseUrl}/`).toString() : url;
  }

  async endMemberSessions(member: ProviderMember): Promise<void> {
    const path = `/members/${encodeURIComponent(member.username)}/sessions/end`;
    try {
      await this.idempotent(() => this.request('POST', path));
    } catch (error) {
      // A member never created there has no session to end.
      if (error instanceof HttpStatusError && errorCodeOf(error) === 'MEMBER_NOT_FOUND') return;
      throw error;
    }
  }

  /** Retries calls that are safe to repeat, on network errors and 5xx only; a 4xx is the provider's answer. */
  private async idempotent(call: () => Promise<unknown>): Promise<unknown> {
    const isClientError = (error: unknown) => error instanceof HttpStatusError && error.status < 500;
    try {
      return await retrySafeCall(call, { attempts: this.attempts, isFinal: isClientError });
    } catch (error) {
      if (isClientError(error)) throw error;
      throw new ProviderUnavailableError(this.provider, describe(error));
    }
  }

  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
    const { baseUrl } = this.options;
    const url = new URL((typeof baseUrl === 'function' ? baseUrl() : baseUrl).replace(/\/$/, '') + path);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(this.now());
    const headers: Record<string, string> = {
      'x-timestamp': timestamp,
      'x-signature': signRequest(this.options.key, timestamp, method, url.pathname + url.search, body),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await this.http.send({ url, method, headers, body, timeoutMs: this.timeoutMs });
    // An error page of a proxy is not JSON; its status still tells what happened.
    if (response.status < 200 || response.status > 299) {
      throw new HttpStatusError(response.status, parseJsonOrNull(response.text));
    }
    return response.text ? JSON.parse(response.text) : null;
  }

  /** Stops keeping connections open; calls in flight finish (the app is closing). */
  closeWhenIdle(): void {
    this.http.closeWhenIdle();
  }
}

function toTransfer(body: unknown): ProviderTransfer {
  const parsed = ZTransfer.parse(body);
  return {
    reference: parsed.reference,
    direction: parsed.direction,
    amount: parseMoney(parsed.amount, 'THB'),
    balanceAfter: parseMoney(parsed.balanceAfter, 'THB'),
  };
}

/**
 * A 5xx answered by the provider after it finished with the request. 502 and 504 come from a gateway in
 * front of it, whose upstream may still be working on the transfer.
 */
function isFinalServerError(error: unknown): error is HttpStatusError {
  return (
    error instanceof HttpStatusError && error.status >= 500 && error.status !== 502 && error.status !== 504
  );
}

function errorCodeOf(error: HttpStatusError): string {
  const parsed = ZErrorBody.safeParse(error.body);
  return parsed.success ? parsed.data.code : `HTTP_${error.status}`;
}

function parseJsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

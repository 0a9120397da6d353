import { type CallObserver, KeepAliveClient } from '../keep-alive-request';
import { signRequest } from '../providers/signing';
import { BankUnavailableError } from './bank-directory';

export interface HttpBankClientOptions {
  /** e.g. https://gateway.bank.example/v1, or a function read per call (the sandbox's own address). */
  baseUrl: string | (() => string);
  /** Shared secret that signs every request (same scheme as the provider protocol: signing.ts). */
  key: string | (() => string);
  timeoutMs?: number;
  /** Attempts for calls that are safe to repeat (look-ups). */
  attempts?: number;
  now?: () => number;
  /** Told the duration and outcome of every HTTP call (metrics). */
  observe?: CallObserver;
}

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * The signed HTTP client of the bank gateway: headers x-timestamp and x-signature over
 * timestamp, method, path and body: the account directory, payment look-ups and dynamic QRs.
 */
export class HttpBankClient {
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly now: () => number;
  // Kept-alive connections: a deposit check asks the bank once, and a new connection cost more than the call.
  private readonly http: KeepAliveClient;

  constructor(private readonly options: HttpBankClientOptions) {
    this.http = new KeepAliveClient(options.observe);
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.attempts = options.attempts ?? 2;
    this.now = options.now ?? Date.now;
  }

  /** GET with retries on network errors and 5xx; any failure ends as {@link BankUnavailableError}. */
  getIdempotent(path: string): Promise<unknown> {
    return this.withRetries(() => this.request('GET', path));
  }

  /** POST of a request the bank applies once per key in its body, so it is retried like a GET. */
  postIdempotent(path: string, payload: unknown): Promise<unknown> {
    return this.withRetries(() => this.request('POST', path, payload));
  }

  private async withRetries(send: () => Promise<unknown>): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        return await send();
      } catch (error) {
        lastError = error;
        const isClientError = error instanceof HttpStatusError && error.status < 500;
        if (isClientError || attempt === this.attempts) break;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 1)));
      }
    }
    throw new BankUnavailableError(`bank request failed: ${describe(lastError)}`, { cause: lastError });
  }

  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
    const baseUrl = resolve(this.options.baseUrl);
    const key = resolve(this.options.key);
    const url = new URL(baseUrl.replace(/\/$/, '') + path);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(this.now());
    const headers: Record<string, string> = {
      'x-timestamp': timestamp,
      'x-signature': signRequest(key, timestamp, method, url.pathname + url.search, body),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await this.http.send({ url, method, headers, body, timeoutMs: this.timeoutMs });
    if (response.status < 200 || response.status > 299) throw new HttpStatusError(response.status);
    return response.text ? JSON.parse(response.text) : null;
  }

  /** Stops reusing connections; call before the server closes (it waits for them, ours to the sandbox too). */
  closeWhenIdle(): void {
    this.http.closeWhenIdle();
  }

  /** Closes the kept-alive connections (the app is closing). */
  close(): void {
    this.http.close();
  }
}

function resolve(value: string | (() => string)): string {
  return typeof value === 'function' ? value() : value;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

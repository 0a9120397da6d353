import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

export type KeepAliveRequest = {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string;
  /** Whole call (connect, send, answer read); past it the socket is destroyed. */
  timeoutMs: number;
};

export type KeepAliveResponse = { status: number; text: string };

/** How a call ended, for metrics: the answer's status class, or why there was none. */
export type CallOutcome = '2xx' | '3xx' | '4xx' | '5xx' | 'timeout' | 'error';

/** Told the duration (seconds) and outcome of every call (modules/metrics times providers and banks with it). */
export type CallObserver = (seconds: number, outcome: CallOutcome) => void;

/** Raised when a call outlives its `timeoutMs`. */
export class RequestTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/**
 * The HTTP client of the signed adapters (one per provider or bank client): connections are kept open
 * between calls (a credit read is one call, and opening a connection for each cost more than the call).
 * node:http rather than fetch, which spent more time on its stream and header objects than on the call
 * itself (profiled on `npm run bench`).
 * Idle sockets close before the server's announced keep-alive timeout (Node's agent reads its hint), so a
 * call is not sent on a connection the server is closing.
 */
export class KeepAliveClient {
  private isClosing = false;
  private readonly httpAgent = this.pooling(new http.Agent({ keepAlive: true }));
  private readonly httpsAgent = this.pooling(new https.Agent({ keepAlive: true }));

  constructor(private readonly observe?: CallObserver) {}

  send(request: KeepAliveRequest): Promise<KeepAliveResponse> {
    const { observe } = this;
    if (!observe) return this.sendUnobserved(request);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    return this.sendUnobserved(request).then(
      (response) => {
        observe(seconds(), statusClassOf(response.status));
        return response;
      },
      (error: unknown) => {
        observe(seconds(), error instanceof RequestTimeoutError ? 'timeout' : 'error');
        throw error;
      },
    );
  }

  private sendUnobserved(request: KeepAliveRequest): Promise<KeepAliveResponse> {
    const { url, method, headers, body, timeoutMs } = request;
    const isHttps = url.protocol === 'https:';
    const transport = isHttps ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = transport.request(
        url,
        {
          method,
          headers: body === '' ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: isHttps ? this.httpsAgent : this.httpAgent,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', fail);
          incoming.on('end', () => {
            clearTimeout(timer);
            // A connection dropped mid-answer ends the stream too; only a complete answer counts.
            if (!incoming.complete)
              return fail(new Error('connection closed before the answer was complete'));
            resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      const timer = setTimeout(
        () => outgoing.destroy(new RequestTimeoutError(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      function fail(error: Error): void {
        clearTimeout(timer);
        reject(error);
      }
      outgoing.on('error', fail);
      outgoing.end(body === '' ? undefined : body);
    });
  }

  /**
   * Stops reusing connections: idle ones close now, busy ones after their answer. For a `preClose` hook:
   * a closing HTTP server waits for every open connection, so this process's own sandbox server would
   * otherwise wait for our pooled connections until their keep-alive timeout ran out.
   */
  closeWhenIdle(): void {
    this.isClosing = true;
    for (const agent of [this.httpAgent, this.httpsAgent]) {
      for (const sockets of Object.values(agent.freeSockets))
        for (const socket of sockets ?? []) socket.destroy();
    }
  }

  /** Stops reusing connections and ends every one now, calls in flight included (they fail). */
  close(): void {
    this.isClosing = true;
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** An agent that hands a finished call's socket back to the pool only while the client is not closing. */
  private pooling<A extends http.Agent>(agent: A): A {
    // Node's agent asks keepSocketAlive (documented as overridable) whether to pool a socket; a falsy answer
    // destroys it. @types/node types it as void, but it answers whether the server's keep-alive hint allows it.
    const keepSocketAlive = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => unknown;
    agent.keepSocketAlive = (socket: Duplex) => !this.isClosing && keepSocketAlive(socket) !== false;
    return agent;
  }
}

function statusClassOf(status: number): CallOutcome {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

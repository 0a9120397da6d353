import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { expect } from 'vitest';
import type { App } from '../../app';
import type { TestApp } from '../../test/app';
import {
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import { ORDER_EVENTS_CHANNEL } from './order-event';

// Test helpers of the event stream tests: a real HTTP client (inject waits for an answer's end, and a
// stream has none).

export type SseMessage = { event: string; data: string };

export type OpenedStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every `event:`/`data:` message so far, in order. */
  messages: SseMessage[];
  /** Comment lines (`: heartbeat`) and field lines other than event/data (`retry: 3000`), in order. */
  lines: string[];
  /** The raw body of a refused (non-200) answer. */
  body: string;
  isEnded: () => boolean;
  /** Resolves when `probe` holds for the messages received (checked after each chunk), or throws after `ms`. */
  waitFor: (probe: (messages: SseMessage[]) => boolean, ms?: number) => Promise<void>;
  waitForEnd: (ms?: number) => Promise<void>;
  close: () => void;
};

/** Opens `GET /api/v2/players/events` on the listening `app` with a cookie (or none). */
export function openEventStream(app: App, cookie?: string, host = 'localhost'): Promise<OpenedStream> {
  return openStream(app, '/api/v2/players/events', { host, ...(cookie ? { cookie } : {}) });
}

/** Opens the back office's `GET /api/ops/v1/events` with a staff cookie or `authorization` header. */
export function openOpsEventStream(app: App, headers: Record<string, string>): Promise<OpenedStream> {
  return openStream(app, '/api/ops/v1/events', { host: 'localhost', ...headers });
}

/** The `data:` messages of a back-office stream, parsed. */
export function queueEventsOf(stream: OpenedStream): Array<{ type: string; id: string; status: string }> {
  return stream.messages.filter((m) => m.event === 'message').map((m) => JSON.parse(m.data));
}

function openStream(app: App, path: string, headers: Record<string, string>): Promise<OpenedStream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { accept: 'text/event-stream', ...headers },
      },
      (response) => {
        const messages: SseMessage[] = [];
        const lines: string[] = [];
        let body = '';
        let buffer = '';
        let isEnded = false;
        const watchers = new Set<() => void>();
        const notify = () => {
          for (const watcher of [...watchers]) watcher();
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
              else lines.push(line);
            }
            if (data.length > 0) messages.push({ event, data: data.join('\n') });
            cut = buffer.indexOf('\n\n');
          }
          notify();
        });
        const markEnded = () => {
          isEnded = true;
          notify();
        };
        response.on('end', markEnded);
        response.on('close', markEnded);
        const until = (probe: () => boolean, ms: number, what: string) =>
          new Promise<void>((done, fail) => {
            const check = () => {
              if (!probe()) return;
              clearTimeout(timer);
              watchers.delete(check);
              done();
            };
            const timer = setTimeout(() => {
              watchers.delete(check);
              fail(new Error(`${what} not reached in ${ms} ms; got ${JSON.stringify(messages)}`));
            }, ms);
            watchers.add(check);
            check();
          });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          messages,
          lines,
          get body() {
            return body;
          },
          isEnded: () => isEnded,
          waitFor: (probe, ms = 10_000) => until(() => probe(messages), ms, 'event'),
          waitForEnd: (ms = 10_000) => until(() => isEnded, ms, 'end of stream'),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** The `order` messages of a stream, parsed. */
export function orderEventsOf(stream: OpenedStream): Array<{ kind: string; code: string; status: string }> {
  return stream.messages.filter((m) => m.event === 'order').map((m) => JSON.parse(m.data));
}

/** A player with a bank account and an OPEN deposit of theirs. */
export async function openDepositOf(app: App) {
  const p = await playerWithBankAccount(app);
  const res = await postDeposit(app, p);
  expect(res.statusCode, res.body).toBe(201);
  return { p, code: res.json().order.code as string };
}

/** Pays the deposit's QR at `app`'s sandbox bank, as the player's banking app would. */
export async function payDeposit(app: App, p: { cookie: string }, code: string) {
  const qr = await depositAction(app, p, code, 'laoqr');
  const paid = await sandboxPay(app, { payload: qr.json().payload });
  expect(paid.statusCode, paid.body).toBe(201);
}

/**
 * Every payload notified on the order events' channel from now on, read by a connection of the test's own
 * (on PGlite, its one connection): what the relay sends, before any stream's filtering. `stop()` unlistens.
 */
export async function listenToOrderEvents(
  t: TestApp,
): Promise<{ payloads: string[]; stop: () => Promise<void> }> {
  const payloads: string[] = [];
  if (t.databaseUrl) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    client.on('notification', (m) => payloads.push(m.payload ?? ''));
    await client.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    return { payloads, stop: () => client.end() };
  }
  const client = (t.app.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const unlisten = await client.listen(ORDER_EVENTS_CHANNEL, (payload) => payloads.push(payload));
  return { payloads, stop: unlisten };
}

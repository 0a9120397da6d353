import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../adapters/providers/signing';

export type FakeBankReply = { status: number; body: unknown } | 'hang';

export type FakeBankRequest = { method: string; path: string; isSigned: boolean };

/**
 * A stand-in for a real bank gateway (BANK_URL) in tests: it checks each request's signature with `key`,
 * records it, and answers with `reply(path)` (default: a personal account without a name).
 */
export type FakeBankGateway = {
  url: string;
  key: string;
  requests: FakeBankRequest[];
  reply: (path: string) => FakeBankReply;
  /** The clock signatures are checked against: set it to the test app's clock, which signs with it. */
  now: () => number;
  close: () => Promise<void>;
};

export const PERSONAL_REPLY: FakeBankReply = { status: 200, body: { status: 'PERSONAL', accountName: null } };

/** Starts a fake gateway on a random loopback port; its base URL ends in `/gw` like a versioned API. */
export async function startFakeBankGateway(key = 'fake-bank-key-0123456789'): Promise<FakeBankGateway> {
  const hanging = new Set<IncomingMessage>();
  const gateway: FakeBankGateway = {
    url: '',
    key,
    requests: [],
    reply: () => PERSONAL_REPLY,
    now: Date.now,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    const isSigned = verifySignature(
      key,
      { timestamp: header(req, 'x-timestamp'), signature: header(req, 'x-signature') },
      req.method ?? '',
      path,
      '',
      gateway.now(),
    );
    gateway.requests.push({ method: req.method ?? '', path, isSigned });
    if (!isSigned) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"BAD_SIGNATURE"}');
      return;
    }
    const answer = gateway.reply(path.replace(/^\/gw/, ''));
    if (answer === 'hang') {
      hanging.add(req);
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway.url = `http://127.0.0.1:${port}/gw`;
  gateway.close = async () => {
    for (const req of hanging) req.socket.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return gateway;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

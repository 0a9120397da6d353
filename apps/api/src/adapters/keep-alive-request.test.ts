import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveClient, RequestTimeoutError } from './keep-alive-request';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A local server (keep-alive timeout 60 s, like Fastify's 72 s) counting the connections it accepted. */
async function serve(
  handler: Handler,
): Promise<{ url: URL; server: http.Server; connections: () => number }> {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/p`), server, connections: () => connections };
}

const get = (client: KeepAliveClient, url: URL, timeoutMs = 2000) =>
  client.send({ url, method: 'GET', headers: {}, body: '', timeoutMs });

/** Resolves with how long `server.close()` took, or rejects after `limitMs`. */
function closeWithin(server: http.Server, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server still open after ${limitMs} ms`)), limitMs);
    server.close(() => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('KeepAliveClient', () => {
  it('sends the body and headers, answers status and text, and reuses one connection', async () => {
    const seen: string[] = [];
    const { url, connections } = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push(`${req.method} ${req.headers['x-signature']} ${req.headers['content-length']} ${body}`);
        res.statusCode = body === '' ? 200 : 404;
        res.end(JSON.stringify({ code: body === '' ? 'OK' : 'MEMBER_NOT_FOUND' }));
      });
    });
    const client = new KeepAliveClient();
    expect(await get(client, url)).toEqual({ status: 200, text: '{"code":"OK"}' });
    const posted = await client.send({
      url,
      method: 'POST',
      headers: { 'x-signature': 'abc', 'content-type': 'application/json' },
      body: '{"username":"ü"}',
      timeoutMs: 2000,
    });
    expect(posted).toEqual({ status: 404, text: '{"code":"MEMBER_NOT_FOUND"}' });
    await get(client, url);
    expect(seen).toEqual([
      'GET undefined undefined ',
      'POST abc 17 {"username":"ü"}',
      'GET undefined undefined ',
    ]);
    expect(connections()).toBe(1);
    client.close();
  });

  it('gives up after timeoutMs with a TimeoutError and does not reuse that connection', async () => {
    let calls = 0;
    const { url, connections } = await serve((_req, res) => {
      calls++;
      if (calls === 1) return; // never answers
      res.end('late');
    });
    const client = new KeepAliveClient();
    const started = Date.now();
    const error = await get(client, url, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await get(client, url)).toEqual({ status: 200, text: 'late' });
    expect(connections()).toBe(2);
    client.close();
  });

  it('fails when the connection drops before the whole answer arrived', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"balance":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const client = new KeepAliveClient();
    await expect(get(client, url)).rejects.toThrow();
    client.close();
  });

  it('closeWhenIdle lets the server close at once, after a call still in flight has its answer', async () => {
    let release: () => void = () => undefined;
    const { url, server } = await serve((req, res) => {
      if (req.url?.endsWith('slow')) release = () => res.end('slow done');
      else res.end('fast');
    });
    const client = new KeepAliveClient();
    await get(client, url); // leaves an idle pooled connection
    const slow = get(client, new URL(`${url.href}slow`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.closeWhenIdle();
    const closed = closeWithin(server, 3000);
    release();
    expect(await slow).toEqual({ status: 200, text: 'slow done' });
    expect(await closed).toBeLessThan(3000);
  });
});

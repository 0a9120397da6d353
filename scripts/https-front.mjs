// A local stand-in for the deployed load balancer (docs/deploy.md): TLS with HTTP/2 in front of one API
// process over kept-alive HTTP/1.1, so `npm run lighthouse` measures pages the way players' browsers fetch
// them. The certificate is self-signed for localhost, made by openssl in `dir` (Chromium is started with
// --ignore-certificate-errors).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { join } from 'node:path';

// Connection-level headers of HTTP/1.1 that HTTP/2 forbids, and HTTP/2's pseudo-headers.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Starts the front on a free port for `origin` (http://127.0.0.1:PORT); answers { port, close }. */
export async function startHttpsFront(origin, dir) {
  const key = join(dir, 'front-key.pem');
  const cert = join(dir, 'front-cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
    ].concat([
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(origin);
  const server = http2.createSecureServer({
    key: readFileSync(key),
    cert: readFileSync(cert),
    allowHTTP1: true,
  });
  const sockets = new Set();
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const headers = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // The agency is chosen by Host, as behind the real balancer.
    headers.host = request.headers[':authority'] ?? request.headers.host;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const answerHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // The browser's open connections would keep close() waiting.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

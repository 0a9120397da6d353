import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let dist: string;
let backofficeDist: string;
const BACKOFFICE_INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/backoffice/assets/main-def456.js"></script></body></html>';
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'lc-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  // What the build writes beside each text file (vite.config.ts precompress).
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app");'));
  mkdirSync(path.join(dist, 'brand'));
  writeFileSync(path.join(dist, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  backofficeDist = mkdtempSync(path.join(tmpdir(), 'lc-backoffice-dist-'));
  mkdirSync(path.join(backofficeDist, 'assets'));
  writeFileSync(path.join(backofficeDist, 'index.html'), BACKOFFICE_INDEX);
  writeFileSync(path.join(backofficeDist, 'assets', 'main-def456.js'), 'console.log("backoffice");');
  t = await createTestApp({ WEB_DIST: dist, BACKOFFICE_DIST: backofficeDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(backofficeDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('built web app', () => {
  it('serves index.html at / with no-cache and the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('falls back to index.html for client-side routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/player/deposit?x=1', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('caches hashed assets for a year, other files revalidate', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/brand/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker with no-cache, so a deployed version is seen at the next visit', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file the browser accepts, and the plain one to others', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/player/deposit',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('answers JSON 404 for unknown /api and /sandbox URLs and for non-HTML requests', async () => {
    // `/%61pi/…` is `/api/…` to the router: it must not get the SPA either.
    for (const url of ['/api/v2/unknown', '/%61pi/v2/unknown', '/sandbox/bank/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: url.startsWith('/assets') ? {} : html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not Found' } });
    }
  });

  it('still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(res.statusCode).toBe(200);
  });
});

describe('built back office', () => {
  it('serves its index.html at /backoffice/ and for its client-side routes, never the player app', async () => {
    for (const url of ['/backoffice/', '/backoffice/login', '/backoffice/withdrawals?status=OPEN']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(BACKOFFICE_INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('redirects /backoffice to /backoffice/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/backoffice', headers: html });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/backoffice/');
  });

  it('serves its hashed assets for a year, and 404s a missing one', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/backoffice/assets/main-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("backoffice");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/backoffice/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('leaves the player app where it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/player', headers: html });
    expect(res.body).toBe(INDEX);
  });
});

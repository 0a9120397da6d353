import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agencies } from '../db/schema/agency';
import { createTestApp, type TestApp } from '../test/app';

// The server's side of the first paint (first-paint.ts). The web app's real renderer is built by the web build
// and proven in the browser (e2e/first-paint.spec.ts); here a renderer module in its place shows what the
// server does with what it renders: where it goes, for whom, in which language, how often and on failure.
const INDEX = [
  '<!doctype html><html lang="lo"><head>',
  '<link rel="preload" href="/api/v2/agency/info" as="fetch" crossorigin="use-credentials" />',
  '<link rel="preload" href="/api/v2/players/info" as="fetch" crossorigin="use-credentials" />',
  '<link rel="preload" href="/locales/lo/common.json" as="fetch" crossorigin="anonymous" />',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

const RENDERER = `
export async function renderFirstPaint({ agency, path, language, translations }) {
  globalThis.firstPaintRenders = (globalThis.firstPaintRenders ?? 0) + 1;
  if (agency.name === 'Broken') throw new Error('render failed');
  const markup = '<main>' + [agency.name, path, language, translations.common.hello, translations.errors.oops].join('|') + '</main>';
  return { markup: globalThis.firstPaintScript ? markup + '<script>x()</script>' : markup, htmlLang: 'html-' + language };
}`;

const rendersSoFar = () => (globalThis as { firstPaintRenders?: number }).firstPaintRenders ?? 0;

let t: TestApp;
let parent: string;
beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'lc-first-paint-'));
  const dist = path.join(parent, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  for (const language of ['lo', 'th']) {
    mkdirSync(path.join(dist, 'locales', language), { recursive: true });
    writeFileSync(
      path.join(dist, 'locales', language, 'common.json'),
      JSON.stringify({ hello: `hi-${language}` }),
    );
    writeFileSync(
      path.join(dist, 'locales', language, 'errors.json'),
      JSON.stringify({ oops: `e-${language}` }),
    );
  }
  // Where the web build puts the real one: beside dist/.
  mkdirSync(path.join(parent, 'dist-server'));
  writeFileSync(path.join(parent, 'dist-server', 'first-paint.js'), RENDERER);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(parent, { recursive: true, force: true });
});
beforeEach(() => {
  (globalThis as { firstPaintScript?: boolean }).firstPaintScript = false;
});

const html = { accept: 'text/html', host: 'localhost:3000' };

async function renameAgency(name: string) {
  await t.app.db.update(agencies).set({ name }).where(eq(agencies.code, 'demo'));
  t.app.forgetAgencies();
}

describe('the first paint of / and /login', () => {
  it('puts the page before the app root, inert, and holds the start-up tags back until it shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain(
      '<body><div id="first-paint" inert><main>Lao Credit Demo|/|lo|hi-lo|e-lo</main></div><div id="root"></div>' +
        '<template id="start-up"><link rel="preload" href="/api/v2/agency/info" as="fetch" crossorigin="use-credentials" />' +
        '<link rel="preload" href="/locales/lo/common.json" as="fetch" crossorigin="anonymous" />' +
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script></template></body>',
    );
    // Only a request without a session is painted: its visitor is signed out, and the app does not ask.
    expect(res.body).not.toContain('/api/v2/players/info');
    // The head keeps the style sheet and loads start-up.js in place of the app's script and preloads.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toBe(
      '<!doctype html><html lang="html-lo"><head><script type="module" src="/start-up.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
    );
  });

  it('paints /login too, and leaves other app pages to the plain index.html', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?next=%2Fplayer', headers: html });
    expect(login.body).toContain('<main>Lao Credit Demo|/login|lo|');
    const register = await t.app.inject({ method: 'GET', url: '/register', headers: html });
    expect(register.statusCode).toBe(200);
    expect(register.body).toBe(INDEX);
  });

  it("paints in the language of the visitor's cookie, the default for an unknown one", async () => {
    const thai = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, cookie: 'lng=th' } });
    expect(thai.body).toContain('<html lang="html-th">');
    expect(thai.body).toContain('<main>Lao Credit Demo|/|th|hi-th|e-th</main>');
    // The preloaded translations follow the language.
    expect(thai.body).toContain('<link rel="preload" href="/locales/th/common.json"');
    expect(thai.body).not.toContain('/locales/lo/');
    for (const cookie of ['lng=xx', 'lng=', 'lng=th%00', 'lng=../lo']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<main>Lao Credit Demo|/|lo|hi-lo|e-lo</main>');
    }
  });

  it('sends the plain index.html to a request with a session and to a host without an agency', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, cookie: 'sid=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(INDEX);
    const unknownHost = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { ...html, host: 'nobody.example' },
    });
    expect(unknownHost.statusCode).toBe(200);
    expect(unknownHost.body).toBe(INDEX);
  });

  it('sends the plain index.html when the agency cannot be read (the database does not answer)', async () => {
    const resolveAgency = t.app.resolveAgency;
    t.app.resolveAgency = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      t.app.resolveAgency = resolveAgency;
    }
  });

  it('renders a page once per agency version and language, then sends it compressed as asked', async () => {
    await t.app.inject({ method: 'GET', url: '/', headers: html });
    const before = rendersSoFar();
    const send = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-encoding': encoding } });
    const [plain, br, gzip] = await Promise.all([send('identity'), send('gzip, deflate, br'), send('gzip')]);
    expect(rendersSoFar()).toBe(before);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // Ops rename the agency: the next visitor sees the new name.
    await renameAgency('Lao Credit Renamed');
    try {
      const renamed = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(renamed.body).toContain('<main>Lao Credit Renamed|/|lo|');
      expect(rendersSoFar()).toBe(before + 1);
    } finally {
      await renameAgency('Lao Credit Demo');
    }
  });

  it('sends the plain index.html when the render fails or holds a script, and renders again next time', async () => {
    await renameAgency('Broken');
    try {
      const before = rendersSoFar();
      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({ method: 'GET', url: '/login', headers: html });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(INDEX);
      }
      // A failure is not remembered: each request tried again.
      expect(rendersSoFar()).toBe(before + 2);
    } finally {
      await renameAgency('Lao Credit Demo');
    }
    // The CSP refuses inline scripts: a page with one is not sent (a new agency name: a page not yet rendered).
    (globalThis as { firstPaintScript?: boolean }).firstPaintScript = true;
    await renameAgency('Lao Credit Scripted');
    try {
      const withScript = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(withScript.body).toBe(INDEX);
    } finally {
      await renameAgency('Lao Credit Demo');
    }
  });
});

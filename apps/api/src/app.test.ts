import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { signedSandboxRequest } from './test/provider-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };

describe('health and readiness', () => {
  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers, 503 when it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const spy = vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('headers', () => {
  it('sends a strict CSP and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain-http development: no HSTS (it is sent when SESSION_SECURE, see session.test.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("sends helmet's whole set of headers on every answer, the same on each, but none on the provider API", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    for (const res of [first, missing]) {
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    // Machine-to-machine JSON (routes declared `helmet: false`) carries none of the browser headers.
    const provider = await signedSandboxRequest(t.app, 'gclub', 'POST', '/members', {
      username: 'demo_hdr1',
    });
    expect(provider.statusCode).toBeLessThan(300);
    expect(provider.headers['content-security-policy']).toBeUndefined();
    expect(provider.headers['x-frame-options']).toBeUndefined();
    expect(provider.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-123' },
    });
    expect(ok.headers['x-request-id']).toBe('lb-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\nforged log line' },
    });
    expect(bad.headers['x-request-id']).not.toContain('forged');
  });
});

describe('errors', () => {
  it('answers 404 NOT_FOUND in the error shape for an unknown /api route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not Found' } });
  });

  it('hides 5xx details behind INTERNAL with the request id, never a stack', async () => {
    const spy = vi.spyOn(t.app.db, 'select').mockImplementationOnce(() => {
      throw new Error('secret internals at /srv/app/db.ts:42');
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { host: 'boom.test' },
    });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      error: { code: 'INTERNAL', message: 'Internal error', requestId: res.headers['x-request-id'] },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it('maps malformed JSON to 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: json,
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a 70 KiB body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: json,
      payload: JSON.stringify({ username: 'abcd', password: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('CSRF and content type on writes', () => {
  const login = { username: 'nobody', password: 'whatever-123' };

  it('refuses a cross-origin Origin with 403 CSRF', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { ...json, origin: 'https://evil.example', host: 'localhost' },
      payload: login,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it('refuses Sec-Fetch-Site: cross-site with 403 CSRF', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { ...json, 'sec-fetch-site': 'cross-site' },
      payload: login,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it('lets a same-origin write through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: {
        ...json,
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: login,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses text/plain with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(login),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a form post with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });

  it('allows a bodiless POST without content type (logout)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/players/logout' });
    expect(res.statusCode).toBe(204);
  });
});

describe('OpenAPI', () => {
  it('lists the routes with their schemas at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v2/agency/info',
      '/api/v2/players/register',
      '/api/v2/players/username/validate',
      '/api/v2/players/login',
      '/api/v2/players/logout',
      '/api/v2/players/info',
      '/api/v2/players/security/password/change',
      '/api/v2/players/backlist',
      '/api/v2/players/events',
      '/api/v2/fingerprint',
      '/api/health',
      '/api/ready',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const register = doc.paths['/api/v2/players/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(register.responses).toHaveProperty('201');
  });
});

import { ZManifest } from '@lc/shared/contracts/manifest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AGENCY_HOSTS: 'play.laocredit.test' });
});
afterAll(async () => {
  await t?.close();
});

const manifestOf = (host: string) =>
  t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });

describe('GET /manifest.webmanifest', () => {
  it('answers the manifest of the agency chosen by Host, as application/manifest+json', async () => {
    const res = await manifestOf('play.laocredit.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = ZManifest.parse(res.json());
    expect(manifest).toMatchObject({
      name: 'Lao Credit Demo',
      short_name: 'ລາວເຄຣດິດ',
      short_name_localized: { th: 'ลาวเครดิต' },
      lang: 'lo',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1020',
    });
  });

  it('lists a 192 px and a 512 px icon and a maskable one (what Chromium needs to install)', async () => {
    const { icons } = ZManifest.parse((await manifestOf('localhost:3000')).json());
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '192x192', purpose: 'any' }));
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'any' }));
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));
  });

  it('answers 404 AGENCY_NOT_FOUND in the contract error shape for an unknown host', async () => {
    const res = await manifestOf('evil.example');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      error: { code: 'AGENCY_NOT_FOUND', message: 'No agency answers on this host' },
    });
  });

  it('is allowed by the CSP, as the service worker is', async () => {
    const res = await manifestOf('localhost');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AGENCY_HOSTS: 'play.laocredit.test, Promo.LaoCredit.test' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v2/agency/info', () => {
  it('answers the seeded demo agency with money limits as decimal strings, its colour and banks', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const { agency } = res.json();
    expect(agency).toMatchObject({
      code: 'demo',
      name: 'Lao Credit Demo',
      logoUrl: '/brand/logo.svg',
      languages: ['lo', 'cn', 'vn', 'th'],
      theme: { primaryColor: '#e8b931' },
      acceptedBanks: ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'],
      isSandbox: true,
      limits: {
        depositMin: '20000',
        depositMax: '20000000',
        withdrawMin: '50.00',
        withdrawMax: '100000.00',
        promotionCreditThreshold: '5.00',
        creditBelow: null,
      },
    });
    expect(agency.social).toEqual({
      telegram: 'https://t.me/laocredit_demo',
      whatsapp: 'https://wa.me/8562055555555',
      facebook: 'https://www.facebook.com/laocredit.demo',
      twitter: 'https://twitter.com/laocredit_demo',
      line: 'https://line.me/R/ti/p/@laocredit',
    });
    expect(agency.paymentChannels).toContainEqual({
      code: 'bcel-main',
      mid: 'MID-BCEL-0001',
      displayName: 'BCEL One',
      currency: 'LAK',
    });
    expect(agency.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers on 127.0.0.1 and on AGENCY_HOSTS, ignoring case and port', async () => {
    for (const host of ['127.0.0.1:3999', 'play.laocredit.test', 'PROMO.laocredit.TEST:8443']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.json().agency.code).toBe('demo');
    }
  });

  it('answers 404 AGENCY_NOT_FOUND for an unknown host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'AGENCY_NOT_FOUND', message: 'No agency answers on this host' },
    });
  });

  it('re-seeding is idempotent (a second app on the same database keeps one demo agency)', async () => {
    const { seedDemoAgency } = await import('./seed-demo-agency');
    await seedDemoAgency(t.app.db, ['play.laocredit.test']);
    const { agencies } = await import('../../db/schema/agency');
    const rows = await t.app.db.select().from(agencies);
    expect(rows).toHaveLength(1);
  });
});

describe('the agency resolver', () => {
  it('shares one look-up between the requests of a host that arrive while it runs', async () => {
    const host = 'promo.laocredit.test';
    const first = t.app.resolveAgency(host);
    const second = t.app.resolveAgency(host);
    expect(second).toBe(first);
    expect((await first)?.code).toBe('demo');
    // An unknown host is looked up once as well, and answers null to all of them.
    const [a, b] = [t.app.resolveAgency('nobody.example'), t.app.resolveAgency('nobody.example')];
    expect(b).toBe(a);
    expect(await a).toBeNull();
  });
});

import { convert } from '@lc/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { auditLog } from '../../db/schema/audit';
import { exchangeRates } from '../../db/schema/rates';
import { createTestApp, type TestApp } from '../../test/app';
import { platformAgency } from '../../test/platform-agency';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';
import { findCurrentRate } from './get-current-rates';

let t: TestApp;
let demoAgencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.app.db.select().from(agencies).where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (!demo) throw new Error('demo agency missing');
  demoAgencyId = demo.id;
});
afterAll(async () => {
  await t?.close();
});

const getRates = (host = 'localhost') =>
  t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates', headers: { host } });
const putRate = (payload: Record<string, unknown>, token: string | null = t.app.opsToken.token) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/ops/v1/exchange-rates',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload,
  });
const rateOf = async (currency: string) =>
  (await getRates()).json().rates.find((r: { currency: string }) => r.currency === currency);

// These tests change the rates in order; each reads what it set, never the seed, after the first.
describe('GET /api/v2/exchange-rates', () => {
  it('answers the seeded sandbox rates as exact decimal strings (LAK per unit)', async () => {
    const res = await getRates();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rates: [
        { currency: 'THB', buy: '625.25', sell: '640.50' },
        { currency: 'USD', buy: '21650', sell: '21900' },
      ],
    });
    // What the deposit flow will do with them (domain.md): 100,000 kip ÷ 640.50 → 156.12 THB, rounded down.
    expect(convert('DEPOSIT', 100_000n, res.json().rates)).toBe(15_612n);
  });

  it('answers 404 AGENCY_NOT_FOUND on an unknown host', async () => {
    const res = await getRates('elsewhere.example');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('AGENCY_NOT_FOUND');
  });

  it('keeps the seed when the app restarts on the same database (ops changes survive)', async () => {
    const { seedDemoRates } = await import('./seed-demo-rates');
    const before = await t.app.db.select().from(exchangeRates);
    await seedDemoRates(t.app.db, t.clock.now());
    expect(await t.app.db.select().from(exchangeRates)).toHaveLength(before.length);
  });
});

describe('PUT /api/ops/v1/exchange-rates', () => {
  it('answers 401 without the ops token or with a wrong one, and changes nothing', async () => {
    for (const token of [null, 'not-the-ops-token-at-all']) {
      const res = await putRate({ currency: 'THB', buy: '1', sell: '2' }, token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    // Even a malformed body gets 401 first: the token is checked before validation.
    expect((await putRate({ currency: 'EUR' }, null)).statusCode).toBe(401);
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '625.25', sell: '640.50' });
  });

  it('sets a rate: the latest row is current, older rows stay as history, and the change is audited', async () => {
    t.clock.advance(60_000);
    const res = await putRate({ currency: 'THB', buy: '630.00', sell: '645.75' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rate: {
        currency: 'THB',
        buy: '630.00',
        sell: '645.75',
        updatedAt: t.clock.now().toISOString(),
        updatedBy: 'automation',
      },
    });
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '630.00', sell: '645.75' });
    expect(await rateOf('USD')).toEqual({ currency: 'USD', buy: '21650', sell: '21900' });

    // Twice within one clock tick: the later change still wins.
    expect((await putRate({ currency: 'THB', buy: '631', sell: '646.5' })).statusCode).toBe(200);
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '631', sell: '646.5' });

    const history = await t.app.db
      .select({ buy: exchangeRates.buy, sell: exchangeRates.sell, updatedBy: exchangeRates.updatedBy })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.agencyId, demoAgencyId), eq(exchangeRates.currency, 'THB')))
      .orderBy(asc(exchangeRates.id));
    expect(history.map((r) => [r.buy, r.sell])).toEqual([
      ['625.25', '640.50'],
      ['630.00', '645.75'],
      ['631', '646.5'],
    ]);
    expect(history[0]?.updatedBy).toBe('sandbox-seed');

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'exchange-rate.set'))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((a) => a.details)).toEqual([
      {
        currency: 'THB',
        buy: '630.00',
        sell: '645.75',
        previous: { currency: 'THB', buy: '625.25', sell: '640.50' },
      },
      {
        currency: 'THB',
        buy: '631',
        sell: '646.5',
        previous: { currency: 'THB', buy: '630.00', sell: '645.75' },
      },
    ]);
    expect(audit[0]).toMatchObject({ actor: res.json().rate.updatedBy, target: `agency:${demoAgencyId}` });
    expect(JSON.stringify(audit)).not.toContain(t.app.opsToken.token);

    // What an order records: the row it used, found again later whatever changed since.
    const current = await findCurrentRate(t.app.db, demoAgencyId, 'THB');
    expect(current).toMatchObject({ buy: '631', sell: '646.5' });
  });

  it('accepts buy equal to sell', async () => {
    const res = await putRate({ currency: 'USD', buy: '21800', sell: '21800.00' });
    expect(res.statusCode).toBe(200);
    expect(await rateOf('USD')).toEqual({ currency: 'USD', buy: '21800', sell: '21800.00' });
  });

  it.each([
    ['buy above sell', { currency: 'THB', buy: '650', sell: '640.50' }, { buy: 'INVALID' }],
    [
      'buy above sell at another scale',
      { currency: 'THB', buy: '640.51', sell: '640.5' },
      { buy: 'INVALID' },
    ],
    ['a zero buy', { currency: 'THB', buy: '0', sell: '640' }, { buy: 'INVALID' }],
    ['a negative sell', { currency: 'THB', buy: '600', sell: '-640' }, { sell: 'INVALID' }],
    ['a number instead of a string', { currency: 'THB', buy: 600, sell: '640' }, { buy: 'INVALID' }],
    ['an exponent', { currency: 'THB', buy: '6e2', sell: '640' }, { buy: 'INVALID_FORMAT' }],
    ['seven decimals', { currency: 'THB', buy: '600.1234567', sell: '640' }, { buy: 'INVALID_FORMAT' }],
    ['a missing sell', { currency: 'THB', buy: '600' }, { sell: 'REQUIRED' }],
    ['currency LAK', { currency: 'LAK', buy: '1', sell: '1' }, { currency: 'INVALID' }],
    ['no currency', { buy: '1', sell: '1' }, { currency: 'REQUIRED' }],
  ])('refuses %s with 400 VALIDATION_ERROR and keeps the current rate', async (_name, payload, fields) => {
    const before = await getRates();
    const res = await putRate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    expect((await getRates()).json()).toEqual(before.json());
  });

  it('keeps the rates of each agency apart', async () => {
    // An agency of its own, made the way the platform makes one.
    const _other = await platformAgency(t.app, 'other-rates.example');
    // A new agency has no rates until ops sets them (orders then refuse: no rate → 0).
    expect((await getRates('other-rates.example')).json()).toEqual({ rates: [] });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/v1/exchange-rates',
      headers: { host: 'other-rates.example', authorization: `Bearer ${t.app.opsToken.token}` },
      payload: { currency: 'THB', buy: '600', sell: '610' },
    });
    expect(res.statusCode).toBe(200);
    expect((await getRates('other-rates.example')).json()).toEqual({
      rates: [{ currency: 'THB', buy: '600', sell: '610' }],
    });
    expect((await rateOf('THB')).buy).toBe('631');
  });
});

describe('GET /api/ops/v1/exchange-rates', () => {
  it('pages every change newest first, optionally of one currency', async () => {
    expect((await putRate({ currency: 'USD', buy: '21000', sell: '21500' })).statusCode).toBe(200);
    expect((await putRate({ currency: 'THB', buy: '640', sell: '650.25' })).statusCode).toBe(200);
    const history = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/ops/v1/exchange-rates${query}`,
        headers: { authorization: `Bearer ${t.app.opsToken.token}` },
      });
    const first = await history('?pageSize=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.json().items).toEqual([
      expect.objectContaining({ currency: 'THB', buy: '640', sell: '650.25', updatedBy: 'automation' }),
    ]);
    const usd = (await history('?currency=USD&pageSize=100')).json();
    expect(usd.items[0]).toMatchObject({ currency: 'USD', buy: '21000', sell: '21500' });
    expect(usd.items.every((r: { currency: string }) => r.currency === 'USD')).toBe(true);
    expect(first.json().total).toBeGreaterThan(usd.total);
  });
});

import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { auditLog } from '../../db/schema/audit';
import { exchangeRates } from '../../db/schema/rates';
import { createTestApp, type TestApp } from '../../test/app';
import { platformAgency } from '../../test/platform-agency';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';
import { createStaffBy, createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

// Decision 0064: absolute bounds per currency, a band of 0.5×–2× around the rate in force, canonical values.
let t: TestApp;
let demoAgencyId: string;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.app.db.select().from(agencies).where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (!demo) throw new Error('demo agency missing');
  demoAgencyId = demo.id;
  // The approver of the OPS token's requests: made by an admin, not by the token (decision 0065).
  const [first, second] = [
    await createTestStaff(t.app, t.clock, 'admin'),
    await createTestStaff(t.app, t.clock, 'admin'),
  ];
  admin = await createStaffBy(t.app, t.clock, first, second, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const putRate = (payload: Record<string, unknown>, host = 'localhost') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/ops/v1/exchange-rates',
    headers: { host, authorization: `Bearer ${t.app.opsToken.token}` },
    payload,
  });
const ratesOf = async (host = 'localhost') =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates', headers: { host } })).json().rates;
const rateOf = async (currency: string) =>
  (await ratesOf()).find((r: { currency: string }) => r.currency === currency);
const pendingRateChanges = () =>
  t.app.db
    .select()
    .from(approvals)
    .where(and(eq(approvals.kind, 'RATE_CHANGE'), eq(approvals.status, 'PENDING')));
const decide = (id: string, verb: 'approve' | 'reject') =>
  staffRequest(t.app, admin.cookie, 'POST', `/api/ops/v1/approvals/${id}/${verb}`, {});

/** Refused with 400 RATE_OUT_OF_RANGE: nothing set, no request filed. */
async function expectOutOfRange(payload: Record<string, unknown>, host = 'localhost') {
  const before = await ratesOf(host);
  const requestsBefore = (await pendingRateChanges()).length;
  const res = await putRate(payload, host);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.code).toBe('RATE_OUT_OF_RANGE');
  expect(await ratesOf(host)).toEqual(before);
  expect(await pendingRateChanges()).toHaveLength(requestsBefore);
  return res.json().error;
}

// In order: each test starts from the rate the previous one left (the seed: THB 625.25 / 640.50, USD 21650 / 21900).
describe('PUT /api/ops/v1/exchange-rates: bounds and the band around the rate in force', () => {
  it('refuses a buy of 0.001 with 400 RATE_OUT_OF_RANGE, the side(s) at fault and the allowed range', async () => {
    const error = await expectOutOfRange({ currency: 'THB', buy: '0.001', sell: '640.50' });
    expect(error.fields).toEqual({ buy: 'INVALID' });
    // Half and twice the rate in force, inside THB's absolute 100–5,000 kip.
    expect(error.params).toEqual({
      currency: 'THB',
      buyMin: '312.625',
      buyMax: '1250.5',
      sellMin: '320.25',
      sellMax: '1281',
    });
    const both = await expectOutOfRange({ currency: 'THB', buy: '0.001', sell: '0.002' });
    expect(both.fields).toEqual({ buy: 'INVALID', sell: 'INVALID' });
  });

  it('refuses ×10 and ÷10 of the rate in force, even where a move of more than 5 % would be a request', async () => {
    await expectOutOfRange({ currency: 'THB', buy: '6252.50', sell: '6405' });
    await expectOutOfRange({ currency: 'THB', buy: '62.525', sell: '64.05' });
    // USD ×3 and ÷3 stay inside its absolute bounds: the band alone refuses them.
    expect((await expectOutOfRange({ currency: 'USD', buy: '64950', sell: '65700' })).fields).toEqual({
      buy: 'INVALID',
      sell: 'INVALID',
    });
    await expectOutOfRange({ currency: 'USD', buy: '7216.67', sell: '7300' });
    // One side alone outside the band is enough.
    expect((await expectOutOfRange({ currency: 'USD', buy: '21650', sell: '43800.01' })).fields).toEqual({
      sell: 'INVALID',
    });
  });

  it('inside the band behaves as before: up to 5 % set at once, more a four-eyes request', async () => {
    const direct = await putRate({ currency: 'USD', buy: '22000', sell: '22300' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await rateOf('USD')).toEqual({ currency: 'USD', buy: '22000', sell: '22300' });
    // Exactly twice the rate in force is still inside the band: a request, not a refusal.
    const twice = await putRate({ currency: 'USD', buy: '44000', sell: '44600' });
    expect(twice.statusCode, twice.body).toBe(202);
    expect(twice.json().approval).toMatchObject({ kind: 'RATE_CHANGE', status: 'PENDING' });
    expect((await decide(twice.json().approval.id, 'reject')).statusCode).toBe(200);
    expect(await rateOf('USD')).toEqual({ currency: 'USD', buy: '22000', sell: '22300' });
  });

  it('stores and answers a zero-padded value in its canonical form ("0640.50" → "640.50")', async () => {
    t.clock.advance(60_000); // the audit entry below is then the latest
    const res = await putRate({ currency: 'THB', buy: '0630.50', sell: '000645.7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rate).toMatchObject({ currency: 'THB', buy: '630.50', sell: '645.7' });
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '630.50', sell: '645.7' });
    const [row] = await t.app.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.agencyId, demoAgencyId))
      .orderBy(desc(exchangeRates.id))
      .limit(1);
    expect(row).toMatchObject({ buy: '630.50', sell: '645.7' });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'exchange-rate.set'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit?.details).toMatchObject({ buy: '630.50', sell: '645.7' });
  });

  it('files a four-eyes request with the canonical values, and approving sets them', async () => {
    const asked = await putRate({ currency: 'THB', buy: '0700.10', sell: '0710' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval.payload).toEqual({
      currency: 'THB',
      buy: '700.10',
      sell: '710',
      previousBuy: '630.50',
      previousSell: '645.7',
    });
    const done = await decide(approval.id, 'approve');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().approval.result).toEqual({ currency: 'THB', buy: '700.10', sell: '710' });
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '700.10', sell: '710' });
  });

  it('checks the band again when a request is approved: the rate in force may have moved since', async () => {
    // 1.9× the rate in force: inside the band, so a request.
    const asked = await putRate({ currency: 'THB', buy: '1330', sell: '1349' });
    expect(asked.statusCode, asked.body).toBe(202);
    // Meanwhile the rate in force moves down by steps of at most 5 %: twice it is now below the request.
    for (const [buy, sell] of [
      ['670', '680'],
      ['640', '650'],
    ]) {
      expect((await putRate({ currency: 'THB', buy, sell })).statusCode).toBe(200);
    }
    const refused = await decide(asked.json().approval.id, 'approve');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_OUT_OF_RANGE',
      fields: { buy: 'INVALID', sell: 'INVALID' },
      params: { currency: 'THB', buyMax: '1280', sellMax: '1300' },
    });
    expect(await rateOf('THB')).toEqual({ currency: 'THB', buy: '640', sell: '650' });
    // Nothing was decided: the request still waits, and can be rejected.
    expect((await pendingRateChanges()).map((a) => a.id)).toEqual([asked.json().approval.id]);
    expect((await decide(asked.json().approval.id, 'reject')).statusCode).toBe(200);
  });

  it('a first rate of a currency is checked against the absolute bounds only', async () => {
    // An agency of its own, made the way the platform makes one.
    const other = await platformAgency(t.app, 'bounds-rates.example');
    const host = 'bounds-rates.example';

    const low = await expectOutOfRange({ currency: 'THB', buy: '99.99', sell: '640' }, host);
    expect(low).toMatchObject({
      fields: { buy: 'INVALID' },
      params: { currency: 'THB', buyMin: '100', buyMax: '5000', sellMin: '100', sellMax: '5000' },
    });
    const high = await expectOutOfRange({ currency: 'USD', buy: '21000', sell: '150000.01' }, host);
    expect(high).toMatchObject({
      fields: { sell: 'INVALID' },
      params: { currency: 'USD', buyMin: '3000', buyMax: '150000', sellMin: '3000', sellMax: '150000' },
    });
    // The bounds themselves are allowed, however far from any other agency's rate.
    expect((await putRate({ currency: 'THB', buy: '5000', sell: '5000.000' }, host)).statusCode).toBe(200);
    expect((await putRate({ currency: 'USD', buy: '03000', sell: '3000.5' }, host)).statusCode).toBe(200);
    expect(await ratesOf(host)).toEqual([
      { currency: 'THB', buy: '5000', sell: '5000.000' },
      { currency: 'USD', buy: '3000', sell: '3000.5' },
    ]);
    const history = await t.app.db
      .select({ buy: exchangeRates.buy })
      .from(exchangeRates)
      .where(eq(exchangeRates.agencyId, other.id))
      .orderBy(asc(exchangeRates.id));
    expect(history).toHaveLength(2);

    // A rate in force outside the bounds (set before them, or by hand) anchors no band: a sane rate can
    // always be set again, here as a four-eyes request since it moves by far more than 5 %.
    await t.app.db.insert(exchangeRates).values({
      agencyId: other.id,
      currency: 'THB',
      buy: '0.5',
      sell: '0.6',
      updatedAt: t.clock.now(),
      updatedBy: 'by-hand',
    });
    const fixed = await putRate({ currency: 'THB', buy: '625.25', sell: '640.50' }, host);
    expect(fixed.statusCode, fixed.body).toBe(202);
    expect((await expectOutOfRange({ currency: 'THB', buy: '0.5', sell: '0.6' }, host)).params).toMatchObject(
      {
        buyMin: '100',
        sellMax: '5000',
      },
    );
  });
});

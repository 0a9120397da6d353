import { randomUUID } from 'node:crypto';
import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';
import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, agencyHosts } from '../../db/schema/agency';
import { auditLog } from '../../db/schema/audit';
import { promotions } from '../../db/schema/promotions';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { DEMO_PROMOTIONS, seedDemoPromotions } from '../promotions/seed-demo-promotions';

let t: TestApp;
let seededAt: string;
beforeAll(async () => {
  t = await createTestApp();
  seededAt = t.clock.now().toISOString();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const ops = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t.app.opsToken.token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const list = async (headers: Record<string, string> = {}): Promise<TOpsPromotion[]> => {
  const res = await ops('GET', '/api/ops/v1/promotions', undefined, headers);
  expect(res.statusCode).toBe(200);
  return res.json().promotions;
};
const auditOf = (action: string, target?: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(
      target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action),
    );
const promotionCount = async () => (await t.app.db.select({ n: count() }).from(promotions))[0]?.n;

/** A valid input with the figures written the way an operator types them ("5" rather than "5.00"). */
const input = (overrides: Partial<TPromotionInput> = {}): TPromotionInput => ({
  ...DEMO_PROMOTIONS.dailyReload,
  title: { lo: 'ທົດລອງ', cn: '测试', vn: 'Thử nghiệm', th: 'ทดสอบ' },
  providers: ['askmebet', 'gclub', 'askmebet'],
  depositAmount: '300000',
  bonus: { type: 'PERCENT', value: '12.5', max: '80' },
  targetCredit: { type: 'MULTIPLIER', value: '1.5' },
  withdraw: {
    all: false,
    min: { type: 'FIXED', value: '60' },
    max: { type: 'PERCENT', value: '300' },
    deductBonus: true,
  },
  startsAt: '2026-01-20T00:00:00+07:00',
  endsAt: '2026-02-20T00:00:00Z',
  active: false,
  ...overrides,
});

describe('ops promotions: authentication', () => {
  it('answers 401 without the bearer token, or with a wrong one, changes nothing and audits nothing', async () => {
    const [existing] = await list();
    const id = existing?.id ?? randomUUID();
    const before = (await t.app.db.select().from(auditLog)).length;
    const routes = [
      ['GET', '/api/ops/v1/promotions', undefined],
      ['POST', '/api/ops/v1/promotions', input()],
      ['PUT', `/api/ops/v1/promotions/${id}`, input()],
      ['POST', `/api/ops/v1/promotions/${id}/activate`, undefined],
      ['POST', `/api/ops/v1/promotions/${id}/deactivate`, undefined],
      ['POST', `/api/ops/v1/players/${randomUUID()}/block`, { reason: 'x' }],
      ['POST', `/api/ops/v1/players/${randomUUID()}/unblock`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', t.app.opsToken.token]) {
        const res = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url} ${authorization}`).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    }
    expect((await t.app.db.select().from(auditLog)).length).toBe(before);
    expect((await list()).find((p) => p.id === id)?.active).toBe(existing?.active);
  });
});

describe('sandbox seed', () => {
  it('gives the demo agency the three demo promotions, starting at seed time, in card order', async () => {
    const agencyId = await demoAgencyId(t.app.db);
    const rows = await t.app.db
      .select({ id: promotions.id, sortOrder: promotions.sortOrder, imageUrl: promotions.imageUrl })
      .from(promotions)
      .where(eq(promotions.agencyId, agencyId))
      .orderBy(promotions.sortOrder);
    expect(rows.map((r) => [r.sortOrder, r.imageUrl])).toEqual([
      [1, '/promotions/welcome-bonus.svg'],
      [2, '/promotions/daily-reload.svg'],
      [3, '/promotions/live-casino.svg'],
    ]);
    const seeded = await list();
    const welcome = seeded.find((p) => p.id === rows[0]?.id);
    expect(welcome).toEqual({
      ...DEMO_PROMOTIONS.welcome,
      id: rows[0]?.id,
      startsAt: seededAt,
      // Figures come back in their canonical form.
      bonus: { type: 'PERCENT', value: '50.00', max: '100.00' },
      targetCredit: { type: 'MULTIPLIER', value: '3.00' },
      withdraw: { all: false, min: null, max: { type: 'PERCENT', value: '500.00' }, deductBonus: true },
      createdAt: seededAt,
      updatedAt: seededAt,
    });
    expect(seeded.find((p) => p.id === rows[2]?.id)).toMatchObject({
      providers: ['gclub', 'gclub_live'],
      depositAmount: '500000',
      bonus: { type: 'FIXED', value: '150.00', max: null },
      targetCredit: { type: 'FIXED', value: '2000.00' },
      withdraw: { all: true, min: null, max: { type: 'FIXED', value: '3000.00' }, deductBonus: true },
      firstOrderOnly: false,
      oncePerPlayer: true,
    });
  });

  it('adds nothing once the agency has promotions, so changes by ops survive a restart', async () => {
    const before = await promotionCount();
    await seedDemoPromotions(t.app.db, new Date('2027-01-01T00:00:00Z'));
    expect(await promotionCount()).toBe(before);
  });
});

describe('GET /api/ops/v1/promotions', () => {
  it('lists every promotion of the agency, inactive ones too, newest first, and audits the look-up', async () => {
    t.clock.advance(60_000);
    const created = await ops('POST', '/api/ops/v1/promotions', input({ active: false }));
    expect(created.statusCode).toBe(201);
    const all = await list();
    expect(all[0]?.id).toBe(created.json().promotion.id);
    expect(all[0]?.active).toBe(false);
    expect(all.length).toBe(await promotionCount());
    const [audit] = (await auditOf('promotions.list')).slice(-1);
    expect(audit).toMatchObject({ target: 'agency:demo', details: { total: all.length } });
  });
});

describe('POST /api/ops/v1/promotions', () => {
  it('creates a promotion (201), stores its figures exactly and audits every field', async () => {
    t.clock.advance(60_000);
    const body = input();
    const res = await ops('POST', '/api/ops/v1/promotions', body);
    expect(res.statusCode).toBe(201);
    const { promotion } = res.json() as { promotion: TOpsPromotion };
    expect(promotion).toEqual({
      ...body,
      id: expect.any(String),
      providers: ['askmebet', 'gclub'],
      bonus: { type: 'PERCENT', value: '12.50', max: '80.00' },
      targetCredit: { type: 'MULTIPLIER', value: '1.50' },
      withdraw: {
        all: false,
        min: { type: 'FIXED', value: '60.00' },
        max: { type: 'PERCENT', value: '300.00' },
        deductBonus: true,
      },
      startsAt: '2026-01-19T17:00:00.000Z',
      endsAt: '2026-02-20T00:00:00.000Z',
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    const [row] = await t.app.db.select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(row).toMatchObject({
      agencyId: await demoAgencyId(t.app.db),
      depositAmount: 300_000n,
      bonusValue: 12_50n,
      bonusMax: 80_00n,
      targetValue: 1_50n,
      withdrawMinValue: 60_00n,
      withdrawMaxValue: 300_00n,
    });
    const audits = await auditOf('promotion.create', `promotion:${promotion.id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({ promotion: body });
    expect(audits[0]?.actor).toBe('automation');
  });

  it.each([
    ['endsAt not after startsAt', { endsAt: '2026-01-19T17:00:00Z' }, { endsAt: 'INVALID' }],
    [
      'a PERCENT bonus over 1000 %',
      { bonus: { type: 'PERCENT', value: '1000.01', max: null } },
      { 'bonus.value': 'INVALID' },
    ],
    [
      'a FIXED withdraw min above the FIXED max',
      {
        withdraw: {
          all: false,
          min: { type: 'FIXED', value: '300' },
          max: { type: 'FIXED', value: '299.99' },
          deductBonus: false,
        },
      },
      { 'withdraw.min': 'INVALID' },
    ],
    [
      'a PERCENT withdraw min above the PERCENT max',
      {
        withdraw: {
          all: false,
          min: { type: 'PERCENT', value: '50' },
          max: { type: 'PERCENT', value: '40' },
          deductBonus: false,
        },
      },
      { 'withdraw.min': 'INVALID' },
    ],
    ['a zero deposit amount', { depositAmount: '0' }, { depositAmount: 'INVALID' }],
    ["a deposit amount below the agency's minimum", { depositAmount: '19999' }, { depositAmount: 'INVALID' }],
    [
      "a deposit amount above the agency's maximum",
      { depositAmount: '20000001' },
      { depositAmount: 'INVALID' },
    ],
    ['a deposit amount with decimals', { depositAmount: '100000.50' }, { depositAmount: 'INVALID' }],
    ['an unknown provider', { providers: ['pgslot'] }, { 'providers.0': 'INVALID' }],
    ['no provider', { providers: [] }, { providers: 'INVALID' }],
    ['a missing language', { title: { lo: 'ທົດລອງ', cn: '测试', vn: 'Thử' } }, { 'title.th': 'REQUIRED' }],
    [
      'a figure with three decimals',
      { targetCredit: { type: 'FIXED', value: '1.005' } },
      { 'targetCredit.value': 'INVALID' },
    ],
    ['a date without a zone', { startsAt: '2026-01-20 00:00' }, { startsAt: 'INVALID' }],
  ] as [string, Record<string, unknown>, Record<string, string>][])(
    'refuses %s with 400 VALIDATION_ERROR naming the field, and stores nothing',
    async (_, overrides, fields) => {
      const before = await promotionCount();
      const audits = (await auditOf('promotion.create')).length;
      const res = await ops('POST', '/api/ops/v1/promotions', { ...input(), ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
      expect(await promotionCount()).toBe(before);
      expect(await auditOf('promotion.create')).toHaveLength(audits);
    },
  );

  it('accepts the edge values: a 1000 % bonus, min equal to max, a FIXED min above a PERCENT max', async () => {
    const edge = input({
      depositAmount: '20000',
      bonus: { type: 'PERCENT', value: '1000', max: null },
      withdraw: {
        all: false,
        min: { type: 'FIXED', value: '500' },
        max: { type: 'PERCENT', value: '1' },
        deductBonus: false,
      },
    });
    expect((await ops('POST', '/api/ops/v1/promotions', edge)).statusCode).toBe(201);
    const equal = input({
      depositAmount: '20000000',
      withdraw: {
        all: true,
        min: { type: 'FIXED', value: '100' },
        max: { type: 'FIXED', value: '100.00' },
        deductBonus: false,
      },
      endsAt: null,
    });
    expect((await ops('POST', '/api/ops/v1/promotions', equal)).statusCode).toBe(201);
  });

  it('refuses a body that is not JSON (415)', async () => {
    const res = await ops('POST', '/api/ops/v1/promotions', 'title=x', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
  });
});

describe('PUT /api/ops/v1/promotions/:id', () => {
  it('replaces the promotion and audits each changed field with its old and new value', async () => {
    const created = (await ops('POST', '/api/ops/v1/promotions', input())).json().promotion as TOpsPromotion;
    t.clock.advance(60_000);
    const changed = input({
      bonus: { type: 'FIXED', value: '25', max: null },
      imageUrl: '/promotions/new.svg',
    });
    const res = await ops('PUT', `/api/ops/v1/promotions/${created.id}`, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json().promotion).toMatchObject({
      id: created.id,
      bonus: { type: 'FIXED', value: '25.00', max: null },
      imageUrl: '/promotions/new.svg',
      createdAt: created.createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    expect((await list()).find((p) => p.id === created.id)?.bonus.value).toBe('25.00');
    const [audit] = await auditOf('promotion.update', `promotion:${created.id}`);
    expect(audit?.details).toEqual({
      changes: {
        imageUrl: { from: '/promotions/daily-reload.svg', to: '/promotions/new.svg' },
        bonus: {
          from: { type: 'PERCENT', value: '12.50', max: '80.00' },
          to: { type: 'FIXED', value: '25.00', max: null },
        },
      },
    });
  });

  it('answers 404 NOT_FOUND for an unknown or malformed id, and 400 for a bad body', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await ops('PUT', `/api/ops/v1/promotions/${id}`, input());
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const some = (await ops('POST', '/api/ops/v1/promotions', input())).json().promotion as TOpsPromotion;
    const bad = await ops(
      'PUT',
      `/api/ops/v1/promotions/${some.id}`,
      input({ endsAt: '2020-01-01T00:00:00Z' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ endsAt: 'INVALID' });
    expect(await auditOf('promotion.update', `promotion:${some.id}`)).toHaveLength(0);
  });
});

describe('POST /api/ops/v1/promotions/:id/activate | deactivate', () => {
  it('switches a promotion on and off, audited each time with what it was', async () => {
    const created = (await ops('POST', '/api/ops/v1/promotions', input({ active: false }))).json()
      .promotion as TOpsPromotion;
    const url = `/api/ops/v1/promotions/${created.id}`;
    const on = await ops('POST', `${url}/activate`);
    expect(on.statusCode).toBe(200);
    expect(on.json().promotion).toMatchObject({ id: created.id, active: true });
    expect((await ops('POST', `${url}/activate`)).json().promotion.active).toBe(true);
    const off = await ops('POST', `${url}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().promotion.active).toBe(false);
    expect((await list()).find((p) => p.id === created.id)?.active).toBe(false);

    const target = `promotion:${created.id}`;
    expect((await auditOf('promotion.activate', target)).map((a) => a.details)).toEqual([
      { title: 'ທົດລອງ', wasActive: false },
      { title: 'ທົດລອງ', wasActive: true },
    ]);
    expect((await auditOf('promotion.deactivate', target)).map((a) => a.details)).toEqual([
      { title: 'ທົດລອງ', wasActive: true },
    ]);
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    for (const verb of ['activate', 'deactivate']) {
      const res = await ops('POST', `/api/ops/v1/promotions/${randomUUID()}/${verb}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('promotions belong to one agency', () => {
  it("never shows or changes another agency's promotion", async () => {
    const [other] = await t.app.db
      .insert(agencies)
      .values({
        code: 'other-promos',
        name: 'Other',
        logoUrl: '/x.svg',
        social: { telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' },
        languages: ['lo'],
        paymentChannels: [],
        depositMinLak: 1n,
        depositMaxLak: 1_000_000n,
        withdrawMinSatang: 1n,
        withdrawMaxSatang: 2n,
        promotionThresholdSatang: 1n,
      })
      .returning();
    if (!other) throw new Error('insert failed');
    await t.app.db.insert(agencyHosts).values({ host: 'other-promos.example', agencyId: other.id });
    const host = { host: 'other-promos.example' };

    expect(await list(host)).toEqual([]);
    const created = await ops('POST', '/api/ops/v1/promotions', input({ depositAmount: '5' }), host);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().promotion;
    expect((await list(host)).map((p) => p.id)).toEqual([id]);
    expect((await list()).map((p) => p.id)).not.toContain(id);
    expect((await ops('PUT', `/api/ops/v1/promotions/${id}`, input())).statusCode).toBe(404);
    expect((await ops('POST', `/api/ops/v1/promotions/${id}/activate`)).statusCode).toBe(404);
  });
});

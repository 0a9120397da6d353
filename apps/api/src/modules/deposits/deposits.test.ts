import { parseLaoQr } from '@lc/shared/laoqr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, agencyHosts } from '../../db/schema/agency';
import { deposits } from '../../db/schema/deposits';
import { exchangeRates } from '../../db/schema/rates';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { depositAction, playerWithBankAccount, postDeposit } from './deposit-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const errorCode = (res: { json: () => { error: { code: string } } }) => res.json().error.code;

describe('POST /api/v2/deposits', () => {
  it('opens an OPEN deposit with a code, the credit at the sell rate rounded down and a 15-minute expiry', async () => {
    const p = await playerWithBankAccount(t.app);
    const res = await postDeposit(t.app, p);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    // 100000 LAK ÷ 640.50 = 156.128… THB → 156.12 (down).
    expect(order).toEqual({
      code: expect.stringMatching(/^D260115\d{4}[A-Z]{2}$/),
      date_time: '2026-01-15T08:00:00.000Z',
      game_provider: 'gclub',
      amount: '100000',
      credit: '156.12',
      bonus: '0.00',
      status: 'OPEN',
      mid: 'MID-BCEL-0001',
      expires_at: '2026-01-15T08:15:00.000Z',
      promotion_usage_id: null,
      latePaid: false,
      // Nothing paid yet, nothing for staff (docs/decisions/0074).
      paid_amount: null,
      review: null,
      refunded_amount: null,
    });
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, order.code));
    expect(row).toMatchObject({
      rateSell: '640.50',
      credit: 15612n,
      amount: 100000n,
      channelCode: 'bcel-main',
    });
  });

  it('numbers the codes of the day in sequence', async () => {
    const a = await postDeposit(t.app, await playerWithBankAccount(t.app));
    const b = await postDeposit(t.app, await playerWithBankAccount(t.app));
    const numberOf = (code: string) => Number(code.slice(7, 11));
    expect(numberOf(b.json().order.code)).toBe(numberOf(a.json().order.code) + 1);
  });

  it('builds a LaoQR payload as Lao banks issue them: a merchant bill with MCC, the order code as bill id and reference', async () => {
    const p = await playerWithBankAccount(t.app);
    const { code } = (await postDeposit(t.app, p, { amount: '250000' })).json().order;
    const res = await depositAction(t.app, p, code, 'laoqr');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code, amount: '250000', currency: 'LAK', merchantName: 'LAO CREDIT DEMO' });
    expect(body.expiresAt).toBe('2026-01-15T08:15:00.000Z');
    const qr = parseLaoQr(body.payload);
    expect(qr).toMatchObject({
      crcValid: true,
      pointOfInitiation: '12',
      amount: 250000n,
      paymentType: '002',
      billId: code,
      reference: code,
      bank: 'bcel',
      currency: '418',
    });
    expect(qr.mcc).toMatch(/^\d{4}$/);
    expect(qr.merchantCity).toBe('VIENTIANE');
  });

  it('refuses in the documented order: provider, bank account, amount, channel', async () => {
    const p = await playerWithBankAccount(t.app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ provider: 'pgslot', bankAccountId: 'x', amount: '1', mid: 'nope' }, 400, 'UNKNOWN_PROVIDER'],
      [{ bankAccountId: '00000000-0000-4000-8000-000000000000', amount: '1' }, 400, 'BANK_ACCOUNT_REQUIRED'],
      [{ amount: '19999', mid: 'nope' }, 400, 'AMOUNT_OUT_OF_RANGE'],
      [{ amount: '20000001' }, 400, 'AMOUNT_OUT_OF_RANGE'],
      [{ mid: 'MID-NOPE' }, 400, 'UNKNOWN_CHANNEL'],
    ];
    for (const [overrides, status, code] of cases) {
      const res = await postDeposit(t.app, p, overrides);
      expect([res.statusCode, errorCode(res)], JSON.stringify(overrides)).toEqual([status, code]);
    }
    // The limits themselves are allowed.
    expect((await postDeposit(t.app, p, { amount: '20000' })).statusCode).toBe(201);
  });

  it("refuses another player's bank account as BANK_ACCOUNT_REQUIRED", async () => {
    const a = await playerWithBankAccount(t.app);
    const b = await playerWithBankAccount(t.app);
    const res = await postDeposit(t.app, b, { bankAccountId: a.bankAccountId });
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'BANK_ACCOUNT_REQUIRED']);
  });

  it("keeps each player's inputs apart when deposits open at the same moment (their reads are batched)", async () => {
    const a = await playerWithBankAccount(t.app);
    const b = await playerWithBankAccount(t.app);
    const [own, foreign] = await Promise.all([
      postDeposit(t.app, a),
      postDeposit(t.app, b, { bankAccountId: a.bankAccountId }),
    ]);
    expect(own.statusCode).toBe(201);
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([400, 'BANK_ACCOUNT_REQUIRED']);
    // B's own account still works, and A now has an OPEN order while B has none.
    const [again, mine] = await Promise.all([postDeposit(t.app, a), postDeposit(t.app, b)]);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'OPEN_ORDER']);
    expect(mine.statusCode).toBe(201);
  });

  it('refuses a player without a bank account', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await postDeposit(t.app, {
      ...p,
      bankAccountId: '00000000-0000-4000-8000-000000000000',
      host: 'localhost',
    });
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'BANK_ACCOUNT_REQUIRED']);
  });

  it('answers 400 VALIDATION_ERROR for a non-integer amount and 401 without a session', async () => {
    const p = await playerWithBankAccount(t.app);
    for (const amount of ['100000.5', '-5', 'abc', 100000]) {
      const res = await postDeposit(t.app, p, { amount });
      expect([res.statusCode, errorCode(res)], String(amount)).toEqual([400, 'VALIDATION_ERROR']);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/deposits',
      payload: { provider: 'gclub', bankAccountId: p.bankAccountId, amount: '100000', mid: 'MID-BCEL-0001' },
    });
    expect([res.statusCode, errorCode(res)]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('allows one OPEN deposit per player: a second → 409 OPEN_ORDER', async () => {
    const p = await playerWithBankAccount(t.app);
    expect((await postDeposit(t.app, p)).statusCode).toBe(201);
    const res = await postDeposit(t.app, p, { amount: '30000' });
    expect([res.statusCode, errorCode(res)]).toEqual([409, 'OPEN_ORDER']);
  });

  it('creates exactly one OPEN deposit under 10 parallel creates', async () => {
    const p = await playerWithBankAccount(t.app);
    const results = await Promise.all(Array.from({ length: 10 }, () => postDeposit(t.app, p)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(results.filter((r) => r.statusCode === 409).map(errorCode)).toEqual(Array(9).fill('OPEN_ORDER'));
    const rows = await t.app.db.select().from(deposits).where(eq(deposits.playerId, p.player.id));
    expect(rows.map((r) => r.status)).toEqual(['OPEN']);
  });

  it('allows deposits for a blocked player (blocking is about promotions)', async () => {
    const p = await playerWithBankAccount(t.app);
    const { players } = await import('../../db/schema/players');
    await t.app.db
      .update(players)
      .set({ blockedAt: new Date(), blockReason: 'test' })
      .where(eq(players.id, p.player.id));
    expect((await postDeposit(t.app, p)).statusCode).toBe(201);
  });

  it("prices a deposit at its own agency's latest THB rate, never another agency's", async () => {
    const [demo] = await t.app.db.select().from(agencies).where(eq(agencies.code, 'demo'));
    if (!demo) throw new Error('no demo agency');
    const { id: _id, createdAt: _c, ...settings } = demo;
    const [other] = await t.app.db
      .insert(agencies)
      .values({ ...settings, code: 'rated', name: 'Rated' })
      .returning();
    if (!other) throw new Error('agency insert failed');
    await t.app.db.insert(agencyHosts).values({ host: 'rated.test', agencyId: other.id });
    const at = t.clock.now();
    for (const sell of ['500.00', '800.00']) {
      await t.app.db.insert(exchangeRates).values({
        agencyId: other.id,
        currency: 'THB',
        buy: '400.00',
        sell,
        updatedAt: at,
        updatedBy: 'test',
      });
    }
    const p = await playerWithBankAccount(t.app, 'rated.test');
    const res = await postDeposit(t.app, p);
    // 100000 LAK ÷ 800.00 (the latest row; the demo agency's is 640.50) = 125.00 THB.
    expect([res.statusCode, res.json().order.credit]).toEqual([201, '125.00']);
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, res.json().order.code));
    expect(row?.rateSell).toBe('800.00');
  });

  it('answers 403 DEPOSIT_NOT_ALLOWED when the agency has no THB rate', async () => {
    const [demo] = await t.app.db.select().from(agencies).where(eq(agencies.code, 'demo'));
    if (!demo) throw new Error('no demo agency');
    const { id: _id, createdAt: _c, ...settings } = demo;
    const [other] = await t.app.db
      .insert(agencies)
      .values({ ...settings, code: 'norate', name: 'No Rate' })
      .returning();
    if (!other) throw new Error('agency insert failed');
    await t.app.db.insert(agencyHosts).values({ host: 'norate.test', agencyId: other.id });
    const p = await playerWithBankAccount(t.app, 'norate.test');
    const res = await postDeposit(t.app, p);
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'DEPOSIT_NOT_ALLOWED']);
  });
});

describe('payment channels', () => {
  it('keep their receiving account server-side: agency info lists only code, mid, name and currency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    const channels = res.json().agency.paymentChannels;
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels)
      expect(Object.keys(channel).sort()).toEqual(['code', 'currency', 'displayName', 'mid']);
  });
});

describe('Idempotency-Key on POST /api/v2/deposits', () => {
  it('replays the first answer for a repeat with the same key and body', async () => {
    const p = await playerWithBankAccount(t.app);
    const key = { 'idempotency-key': 'dep-key-1' };
    const first = await postDeposit(t.app, p, {}, key);
    const again = await postDeposit(t.app, p, {}, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await t.app.db.select().from(deposits).where(eq(deposits.playerId, p.player.id));
    expect(rows).toHaveLength(1);
  });

  it('answers parallel repeats with the one first answer (one order)', async () => {
    const p = await playerWithBankAccount(t.app);
    const key = { 'idempotency-key': 'dep-parallel' };
    const results = await Promise.all(Array.from({ length: 8 }, () => postDeposit(t.app, p, {}, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().order.code)).size).toBe(1);
  });

  it('stores each answer of requests finishing together under its own key (answers are saved in batches)', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => playerWithBankAccount(t.app)));
    // Every other one is refused, so a batch holds answers of both kinds.
    const bodyOf = (i: number) => (i % 2 === 0 ? {} : { mid: 'MID-NOPE' });
    const postAll = () =>
      Promise.all(
        players.map((p, i) => postDeposit(t.app, p, bodyOf(i), { 'idempotency-key': `dep-batch-${i}` })),
      );
    const firsts = await postAll();
    expect(firsts.map((r) => r.statusCode)).toEqual([201, 400, 201, 400, 201, 400]);
    const replays = await postAll();
    expect(replays.map((r) => [r.headers['idempotent-replayed'], r.statusCode, r.body])).toEqual(
      firsts.map((r) => ['true', r.statusCode, r.body]),
    );
  });

  it('refuses the same key with another body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const p = await playerWithBankAccount(t.app);
    const key = { 'idempotency-key': 'dep-key-2' };
    expect((await postDeposit(t.app, p, {}, key)).statusCode).toBe(201);
    const res = await postDeposit(t.app, p, { amount: '30000' }, key);
    expect([res.statusCode, errorCode(res)]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('replays an error answer too, while a new key runs the request again', async () => {
    const p = await playerWithBankAccount(t.app);
    const first = await postDeposit(t.app, p, { mid: 'MID-NOPE' }, { 'idempotency-key': 'dep-err' });
    const again = await postDeposit(t.app, p, { mid: 'MID-NOPE' }, { 'idempotency-key': 'dep-err' });
    expect([first.statusCode, again.statusCode, errorCode(again)]).toEqual([400, 400, 'UNKNOWN_CHANNEL']);
    expect((await postDeposit(t.app, p, {}, { 'idempotency-key': 'dep-other' })).statusCode).toBe(201);
  });

  it('keeps keys per player: the same key of two players makes two orders', async () => {
    const a = await playerWithBankAccount(t.app);
    const b = await playerWithBankAccount(t.app);
    const ra = await postDeposit(t.app, a, {}, { 'idempotency-key': 'shared-key' });
    const rb = await postDeposit(t.app, b, {}, { 'idempotency-key': 'shared-key' });
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json().order.code).not.toBe(rb.json().order.code);
  });

  it('refuses a key longer than 255 characters with 400', async () => {
    const p = await playerWithBankAccount(t.app);
    const res = await postDeposit(t.app, p, {}, { 'idempotency-key': 'k'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'Idempotency-Key': 'TOO_LONG' },
    });
    expect((await postDeposit(t.app, p, {}, { 'idempotency-key': 'k'.repeat(255) })).statusCode).toBe(201);
  });
});

describe('GET /api/v2/deposits, /open and /{code}/laoqr', () => {
  it('lists only the own deposits, newest first, paged; /open lists the OPEN one', async () => {
    const p = await playerWithBankAccount(t.app);
    const other = await playerWithBankAccount(t.app);
    await postDeposit(t.app, other);
    const codes: string[] = [];
    for (const amount of ['20000', '30000', '40000']) {
      const { code } = (await postDeposit(t.app, p, { amount })).json().order;
      codes.push(code);
      if (amount !== '40000') expect((await depositAction(t.app, p, code, 'cancel')).statusCode).toBe(200);
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits?page=1&pageSize=2',
      headers: { cookie: p.cookie },
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page1.json().items.map((o: { code: string }) => o.code)).toEqual([codes[2], codes[1]]);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits?page=2&pageSize=2',
      headers: { cookie: p.cookie },
    });
    expect(page2.json().items.map((o: { code: string; status: string }) => [o.code, o.status])).toEqual([
      [codes[0], 'CANCELED'],
    ]);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits/open',
      headers: { cookie: p.cookie },
    });
    expect(open.json().orders.map((o: { code: string }) => o.code)).toEqual([codes[2]]);
  });

  it("answers 404 to player B for A's deposit (laoqr, check, cancel) and 401 without a session", async () => {
    const a = await playerWithBankAccount(t.app);
    const b = await playerWithBankAccount(t.app);
    const { code } = (await postDeposit(t.app, a)).json().order;
    for (const action of ['laoqr', 'check', 'cancel'] as const) {
      const res = await depositAction(t.app, b, code, action);
      expect([res.statusCode, errorCode(res)], action).toEqual([404, 'NOT_FOUND']);
      const unknown = await depositAction(t.app, a, 'D2601150000ZZ', action);
      expect(unknown.statusCode, action).toBe(404);
    }
    const rows = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(rows[0]?.status).toBe('OPEN');
    for (const url of ['/api/v2/deposits', '/api/v2/deposits/open', `/api/v2/deposits/${code}/laoqr`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it("answers each player for the same code at the same moment: A's QR to A, 404 to B (reads are batched)", async () => {
    const a = await playerWithBankAccount(t.app);
    const b = await playerWithBankAccount(t.app);
    const { code } = (await postDeposit(t.app, a)).json().order;
    const asked = [a, b, a, b];
    const answers = await Promise.all(asked.map((p) => depositAction(t.app, p, code, 'laoqr')));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 200, 404]);
    expect(answers[0]?.json().code).toBe(code);
  });
});

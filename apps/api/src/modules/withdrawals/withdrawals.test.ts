import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { ledgerTransactions } from '../../db/schema/ledger';
import { exchangeRates } from '../../db/schema/rates';
import { withdrawals } from '../../db/schema/withdrawals';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';
import { payoutAccount, playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import { RESEND_AFTER_MS, resolveWithdrawal } from './resolve-withdrawal';
import {
  creditOf,
  fund,
  opsAction,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from './withdrawal-test-helpers';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterEach(() => {
  t.app.sandboxFaults.reset();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

// The client's own look-up (3 tries) and the two look-ups after it: nine failed answers keep it unknown.
const UNANSWERED_LOOK_UPS = Array.from({ length: 9 }, () => 'error' as const);

async function funded(amount = '500.00', provider: 'gclub' | 'askmebet' = 'gclub'): Promise<Withdrawer> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, provider, amount);
  return p;
}
const ledgerOf = (p: Withdrawer, provider: 'gclub' | 'askmebet' = 'gclub') =>
  getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, provider));
const payoutOf = (p: Withdrawer) => getAccountBalance(t.app.db, agencyId, payoutAccount(p.player.id));
const transactionsOf = (code: string) =>
  t.app.db
    .select()
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.reference, [`${code}:out`, `${code}:back`, `${code}:payout`]));
const rowOf = async (code: string) =>
  (await t.app.db.select().from(withdrawals).where(eq(withdrawals.code, code)))[0];
async function reconciliationDifferences(): Promise<number> {
  return (await runReconciliationNow(t.app, 'FULL')).summary.differences;
}

describe('POST /api/v2/withdrawals', () => {
  it('takes the credit from the provider, books it and opens the order with the payout fixed at the buy rate', async () => {
    const p = await funded('500.00');
    const res = await withdraw(t.app, p, { credit: '150.55' });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    // 150.55 THB × 625.25 LAK = 94131.1375 → rounded down to the kip.
    expect(order).toEqual({
      code: expect.stringMatching(/^W260115\d{4}[A-Z]{2}$/),
      date_time: t.clock.now().toISOString(),
      game_provider: 'gclub',
      amount: '150.55',
      credit_received: '150.55',
      credit_returned: '0.00',
      payout_amount: '94131',
      status: 'OPEN',
    });
    expect(await creditOf(t.app, p, 'gclub')).toBe('349.45');
    expect(await ledgerOf(p)).toBe(349_45n);
    expect(await payoutOf(p)).toBe(150_55n);
    const booked = await transactionsOf(order.code);
    expect(booked.map((x) => [x.kind, x.reference])).toEqual([['WITHDRAW', `${order.code}:out`]]);
    const row = await rowOf(order.code);
    expect(row).toMatchObject({ status: 'OPEN', rateBuy: '625.25', payoutAmount: 94131n });

    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals/open',
      headers: { cookie: p.cookie },
    });
    expect(open.json()).toEqual({ orders: [order] });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals',
      headers: { cookie: p.cookie },
    });
    expect(list.json()).toEqual({ items: [order], page: 1, pageSize: 20, total: 1 });
    expect(await reconciliationDifferences()).toBe(0);
  });

  it('answers 400 UNKNOWN_PROVIDER, BANK_ACCOUNT_REQUIRED and AMOUNT_OUT_OF_RANGE, 400 VALIDATION_ERROR', async () => {
    const p = await funded('200000.00');
    const other = await playerWithBankAccount(t.app);
    const cases: [Parameters<typeof withdraw>[2], string][] = [
      [{ provider: 'pgslot', credit: '100.00' }, 'UNKNOWN_PROVIDER'],
      [{ credit: '100.00', bankAccountId: other.bankAccountId }, 'BANK_ACCOUNT_REQUIRED'],
      [{ credit: '100.00', bankAccountId: randomUUID() }, 'BANK_ACCOUNT_REQUIRED'],
      [{ credit: '100.00', bankAccountId: 'not-a-uuid' }, 'BANK_ACCOUNT_REQUIRED'],
      [{ credit: '49.99' }, 'AMOUNT_OUT_OF_RANGE'],
      [{ credit: '100000.01' }, 'AMOUNT_OUT_OF_RANGE'],
      [{ credit: '0' }, 'AMOUNT_OUT_OF_RANGE'],
      [{ credit: '1,000' }, 'VALIDATION_ERROR'],
      [{ credit: '100.001' }, 'VALIDATION_ERROR'],
      [{ credit: '-100' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await withdraw(t.app, p, body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
    }
    // The edges are inside.
    expect((await withdraw(t.app, p, { credit: '50.00' })).statusCode).toBe(201);
    expect(await creditOf(t.app, p, 'gclub')).toBe('199950.00');
  });

  it('a player without a bank account gets 400 BANK_ACCOUNT_REQUIRED', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { cookie: p.cookie },
      payload: { provider: 'gclub', bankAccountId: randomUUID(), credit: '100.00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BANK_ACCOUNT_REQUIRED');
  });

  it('answers 409 INSUFFICIENT_CREDIT above the live balance and creates nothing', async () => {
    const p = await funded('100.00');
    const res = await withdraw(t.app, p, { credit: '100.01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_CREDIT');
    // The live balance counts, not the ledger: game losses at the provider lower it.
    await setSandboxProviderBalance(t.app, 'gclub', providerMemberOf('demo', p.player.id).username, '60.00');
    expect((await withdraw(t.app, p, { credit: '60.01' })).json().error.code).toBe('INSUFFICIENT_CREDIT');
    expect(await t.app.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.player.id))).toEqual(
      [],
    );
    expect((await withdraw(t.app, p, { credit: '60.00' })).statusCode).toBe(201);
    expect(await creditOf(t.app, p, 'gclub')).toBe('0.00');
  });

  it("maps the provider's own refusal to 409 INSUFFICIENT_CREDIT: the order FAILS and nothing is taken", async () => {
    const p = await funded('100.00');
    // The balance read says 500, but the provider's row lock sees 100 and refuses the transfer.
    vi.spyOn(t.app.providers.deploymentDefault('gclub'), 'getBalance').mockResolvedValue(500_00n);
    const res = await withdraw(t.app, p, { credit: '300.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_CREDIT');
    vi.restoreAllMocks();
    expect(await creditOf(t.app, p, 'gclub')).toBe('100.00');
    expect(await ledgerOf(p)).toBe(100_00n);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals',
      headers: { cookie: p.cookie },
    });
    const [failed] = list.json().items;
    expect(failed).toMatchObject({ amount: '300.00', status: 'FAILED' });
    expect(await transactionsOf(failed.code)).toEqual([]);
    expect((await rowOf(failed.code))?.failure).toBe('INSUFFICIENT_BALANCE');
    // A failed order does not block the next one.
    expect((await withdraw(t.app, p, { credit: '100.00' })).statusCode).toBe(201);
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the provider itself fails the transfer; nothing is taken', async () => {
    const p = await funded('100.00');
    t.app.sandboxFaults.forceNext('providers', null, 'error');
    const res = await withdraw(t.app, p, { credit: '80.00' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await creditOf(t.app, p, 'gclub')).toBe('100.00');
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.player.id));
    expect(row?.status).toBe('FAILED');
  });

  it('answers 409 OPEN_ORDER while another withdrawal is open', async () => {
    const p = await funded('500.00');
    expect((await withdraw(t.app, p, { credit: '100.00' })).statusCode).toBe(201);
    const second = await withdraw(t.app, p, { credit: '100.00' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('OPEN_ORDER');
    expect(await creditOf(t.app, p, 'gclub')).toBe('400.00');
  });

  it('answers 403 WITHDRAW_NOT_ALLOWED when the agency has no THB rate', async () => {
    const p = await funded('100.00');
    const saved = await t.app.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'THB'));
    await t.app.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'THB'));
    try {
      const res = await withdraw(t.app, p, { credit: '100.00' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('WITHDRAW_NOT_ALLOWED');
    } finally {
      await t.app.db.insert(exchangeRates).overridingSystemValue().values(saved);
    }
    expect(await creditOf(t.app, p, 'gclub')).toBe('100.00');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/v2/withdrawals'],
      ['GET', '/api/v2/withdrawals'],
      ['GET', '/api/v2/withdrawals/open'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST'
          ? { payload: { provider: 'gclub', bankAccountId: randomUUID(), credit: '100.00' } }
          : {}),
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('Idempotency-Key', () => {
  it('a repeat with the same key and body gets the first answer and takes the credit once', async () => {
    const p = await funded('500.00');
    const key = { 'idempotency-key': `w-${randomUUID()}` };
    const [first, ...repeats] = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(t.app, p, { credit: '100.00' }, key)),
    );
    expect(first?.statusCode).toBe(201);
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(201);
      expect(repeat.json()).toEqual(first?.json());
    }
    const later = await withdraw(t.app, p, { credit: '100.00' }, key);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(first?.json());
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await creditOf(t.app, p, 'gclub')).toBe('400.00');

    const reused = await withdraw(t.app, p, { credit: '200.00' }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new key is a new request: refused because the first is still open.
    const fresh = await withdraw(t.app, p, { credit: '100.00' }, { 'idempotency-key': `w-${randomUUID()}` });
    expect(fresh.json().error.code).toBe('OPEN_ORDER');
  });
});

describe('GET /api/v2/withdrawals and /open', () => {
  it("pages the player's own withdrawals newest first and never shows another player's", async () => {
    const a = await funded('1000.00');
    const b = await funded('1000.00');
    const codes: string[] = [];
    for (const credit of ['100.00', '200.00', '300.00']) {
      const res = await withdraw(t.app, a, { credit });
      codes.push(res.json().order.code);
      t.clock.advance(1000);
      if (credit !== '300.00')
        expect((await opsAction(t.app, res.json().order.code, 'approve')).statusCode).toBe(200);
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals?page=1&pageSize=2',
      headers: { cookie: a.cookie },
    });
    expect(page1.json().total).toBe(3);
    expect(page1.json().items.map((o: { code: string }) => o.code)).toEqual([codes[2], codes[1]]);
    expect(page1.json().items.map((o: { status: string }) => o.status)).toEqual(['OPEN', 'SUCCESS']);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals?page=2&pageSize=2',
      headers: { cookie: a.cookie },
    });
    expect(page2.json().items.map((o: { code: string }) => o.code)).toEqual([codes[0]]);

    const ofB = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals',
      headers: { cookie: b.cookie },
    });
    expect(ofB.json()).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    const openOfB = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals/open',
      headers: { cookie: b.cookie },
    });
    expect(openOfB.json()).toEqual({ orders: [] });
    const openOfA = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals/open',
      headers: { cookie: a.cookie },
    });
    expect(openOfA.json().orders.map((o: { code: string }) => o.code)).toEqual([codes[2]]);

    const tooBig = await t.app.inject({
      method: 'GET',
      url: '/api/v2/withdrawals?pageSize=101',
      headers: { cookie: a.cookie },
    });
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('50 parallel withdrawals by one player take the credit once', async () => {
    // Enough credit for all fifty: only the one-open-withdrawal rule (a unique index) stops the rest.
    const p = await funded('1000.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(t.app, p, { credit: '60.00' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array.from({ length: 49 }, () => 'OPEN_ORDER'),
    );
    expect(await creditOf(t.app, p, 'gclub')).toBe('940.00');
    expect(await ledgerOf(p)).toBe(940_00n);
  });

  it('50 parallel withdrawals by one player on a small balance take at most the balance', async () => {
    const p = await funded('100.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(t.app, p, { credit: '60.00' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // Refused either by the open order or, once the first took its credit, by the balance.
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(['OPEN_ORDER', 'INSUFFICIENT_CREDIT']).toContain(r.json().error.code);
    }
    expect(await creditOf(t.app, p, 'gclub')).toBe('40.00');
    expect(await ledgerOf(p)).toBe(40_00n);
  });

  it('50 parallel withdrawals by ten players on their own balances never overdraw any of them', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => funded('120.00')));
    const results = await Promise.all(
      players.flatMap((p) =>
        Array.from({ length: 5 }, () => withdraw(t.app, p, { credit: '70.00' }).then((r) => ({ p, r }))),
      ),
    );
    for (const p of players) {
      const own = results.filter((x) => x.p === p);
      expect(own.filter((x) => x.r.statusCode === 201)).toHaveLength(1);
      expect(await creditOf(t.app, p, 'gclub')).toBe('50.00');
      expect(await ledgerOf(p)).toBe(50_00n);
    }
    expect(results.filter((x) => x.r.statusCode !== 201).every((x) => x.r.statusCode === 409)).toBe(true);
    expect(results.filter((x) => x.r.statusCode === 201)).toHaveLength(10);
    expect(await reconciliationDifferences()).toBe(0);
  });

  it('parallel withdrawals whose balance reads are stale are refused by the provider, never overdrawn', async () => {
    // Every balance read says plenty; only the provider's row lock stands between ten players' orders and
    // an overdraft. Each player's wallet holds 100.00 and withdraws 80.00 twice in a row, in parallel.
    vi.spyOn(t.app.providers.deploymentDefault('gclub'), 'getBalance').mockResolvedValue(1_000_00n);
    const players = await Promise.all(Array.from({ length: 10 }, () => funded('100.00')));
    const firsts = await Promise.all(players.map((p) => withdraw(t.app, p, { credit: '80.00' })));
    expect(firsts.map((r) => r.statusCode)).toEqual(players.map(() => 201));
    await Promise.all(firsts.map((r) => opsAction(t.app, r.json().order.code, 'approve')));
    const seconds = await Promise.all(players.map((p) => withdraw(t.app, p, { credit: '80.00' })));
    expect(seconds.map((r) => r.json().error?.code)).toEqual(players.map(() => 'INSUFFICIENT_CREDIT'));
    vi.restoreAllMocks();
    for (const p of players) expect(await creditOf(t.app, p, 'gclub')).toBe('20.00');
  });
});

describe('lost answers on the transfer out', () => {
  it('a lost answer found by look-up moves the credit once and opens the order', async () => {
    const p = await funded('300.00');
    t.app.sandboxFaults.forceNext('providers', null, 'lost');
    const res = await withdraw(t.app, p, { credit: '120.00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.status).toBe('OPEN');
    expect(await creditOf(t.app, p, 'gclub')).toBe('180.00');
    expect(await ledgerOf(p)).toBe(180_00n);
    expect(await reconciliationDifferences()).toBe(0);
  });

  it('an answer that stays unknown leaves the order PENDING (OPEN to the player); resolving books it once', async () => {
    const p = await funded('300.00');
    t.app.sandboxFaults.forceNext('providers', null, 'lost', ...UNANSWERED_LOOK_UPS);
    const res = await withdraw(t.app, p, { credit: '120.00' });
    expect(res.statusCode).toBe(202);
    const { order } = res.json();
    expect(order.status).toBe('OPEN');
    expect((await rowOf(order.code))?.status).toBe('PENDING');
    // The money did leave the provider; the ledger does not know it yet.
    expect(await creditOf(t.app, p, 'gclub')).toBe('180.00');
    expect(await ledgerOf(p)).toBe(300_00n);
    // Not approvable or rejectable until resolved; the player's one open slot stays taken.
    for (const action of ['approve', 'reject'] as const) {
      const refused = await opsAction(t.app, order.code, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('TRANSFER_PENDING');
    }
    expect((await withdraw(t.app, p, { credit: '60.00' })).json().error.code).toBe('OPEN_ORDER');

    const [once, twice] = await Promise.all([
      resolveWithdrawal(t.app, order.code),
      resolveWithdrawal(t.app, order.code),
    ]);
    expect(once?.status).toBe('OPEN');
    expect(twice?.status).toBe('OPEN');
    expect(await creditOf(t.app, p, 'gclub')).toBe('180.00');
    expect(await ledgerOf(p)).toBe(180_00n);
    expect(await transactionsOf(order.code)).toHaveLength(1);
    expect(await reconciliationDifferences()).toBe(0);
    expect((await opsAction(t.app, order.code, 'approve')).statusCode).toBe(200);
  });

  it('a transfer that never arrived is sent again under the same reference once the window has passed', async () => {
    const p = await funded('300.00');
    // The provider fails before doing anything and the look-ups fail too: unknown, nothing moved.
    t.app.sandboxFaults.forceNext('providers', null, 'error', ...UNANSWERED_LOOK_UPS);
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(202);
    const { code } = res.json().order;
    expect(await creditOf(t.app, p, 'gclub')).toBe('300.00');
    // Within the window the original request might still land: only looked up.
    t.clock.advance(RESEND_AFTER_MS - 1000);
    expect((await resolveWithdrawal(t.app, code))?.status).toBe('PENDING');
    t.clock.advance(2000);
    expect((await resolveWithdrawal(t.app, code))?.status).toBe('OPEN');
    expect((await resolveWithdrawal(t.app, code))?.status).toBe('OPEN');
    expect(await creditOf(t.app, p, 'gclub')).toBe('200.00');
    expect(await ledgerOf(p)).toBe(200_00n);
    expect(await reconciliationDifferences()).toBe(0);
  });

  it('a re-sent transfer the provider refuses ends FAILED with nothing taken', async () => {
    const p = await funded('300.00');
    t.app.sandboxFaults.forceNext('providers', null, 'error', ...UNANSWERED_LOOK_UPS);
    const { code } = (await withdraw(t.app, p, { credit: '100.00' })).json().order;
    // Meanwhile the player lost it all in a game.
    await setSandboxProviderBalance(t.app, 'gclub', providerMemberOf('demo', p.player.id).username, '0.00');
    t.clock.advance(RESEND_AFTER_MS + 1000);
    const failed = await resolveWithdrawal(t.app, code);
    expect(failed).toMatchObject({ status: 'FAILED', failure: 'INSUFFICIENT_BALANCE' });
    expect(await transactionsOf(code)).toEqual([]);
    expect(await ledgerOf(p)).toBe(300_00n);
    expect(await resolveWithdrawal(t.app, 'W000000000000')).toBeNull();
  });
});

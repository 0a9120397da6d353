import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, loginTestPlayer, type TestApp } from '../../test/app';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function call(
  p: { cookie: string },
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { cookie: p.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const limits = (p: { cookie: string }) => call(p, 'GET', '/api/v2/players/limits');
const setLimits = (p: { cookie: string }, body: Record<string, string | null>) =>
  call(p, 'PUT', '/api/v2/players/limits', { daily: null, weekly: null, monthly: null, ...body });

/** Opens a deposit of `amount` kip, pays it at the sandbox bank and checks it to SUCCESS. */
async function depositPaid(p: DepositPlayer, amount: string): Promise<string> {
  const res = await postDeposit(t.app, p, { amount });
  expect(res.statusCode, res.body).toBe(201);
  const { code } = res.json().order;
  expect((await sandboxPay(t.app, { billNumber: code, amount })).statusCode).toBe(201);
  const checked = await depositAction(t.app, p, code, 'check');
  expect(checked.json().order.status).toBe('SUCCESS');
  return code;
}

const errorOf = (res: LightMyRequestResponse) => res.json().error;

/** Moves the test clock and signs `p` in again (sessions end after 30 idle minutes). */
async function later(p: { cookie: string; username: string; password: string }, ms: number): Promise<void> {
  t.clock.advance(ms);
  p.cookie = await loginTestPlayer(t.app, p.username, p.password);
}

describe('deposit limits', () => {
  it('start with none; a lower limit applies at once, a higher one or a removal after 24 h', async () => {
    const p = await playerWithBankAccount(t.app);
    expect((await limits(p)).json()).toEqual({
      limits: { daily: null, weekly: null, monthly: null },
      pending: null,
    });

    const set = await setLimits(p, { daily: '500000', weekly: '2000000' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      limits: { daily: '500000', weekly: '2000000', monthly: null },
      pending: null,
    });

    // Lower daily applies now; higher weekly and removing nothing else: weekly waits.
    await later(p, HOUR);
    const raised = await setLimits(p, { daily: '300000', weekly: '3000000' });
    const effectiveAt = new Date(t.clock.now().getTime() + DAY).toISOString();
    expect(raised.json()).toEqual({
      limits: { daily: '300000', weekly: '2000000', monthly: null },
      pending: { daily: '300000', weekly: '3000000', monthly: null, effectiveAt },
    });

    // Asking again for the same raise keeps its time; a new raise restarts the 24 h for all pending values.
    await later(p, 10 * HOUR);
    expect((await setLimits(p, { daily: '300000', weekly: '3000000' })).json().pending.effectiveAt).toBe(
      effectiveAt,
    );
    const again = await setLimits(p, { daily: null, weekly: '3000000' });
    const restartedAt = new Date(t.clock.now().getTime() + DAY).toISOString();
    expect(again.json()).toEqual({
      limits: { daily: '300000', weekly: '2000000', monthly: null },
      pending: { daily: null, weekly: '3000000', monthly: null, effectiveAt: restartedAt },
    });

    await later(p, DAY - 1);
    expect((await limits(p)).json().limits).toEqual({ daily: '300000', weekly: '2000000', monthly: null });
    await later(p, 1);
    expect((await limits(p)).json()).toEqual({
      limits: { daily: null, weekly: '3000000', monthly: null },
      pending: null,
    });
  });

  it('a lower limit asked while a raise waits drops that raise', async () => {
    const p = await playerWithBankAccount(t.app);
    await setLimits(p, { daily: '500000' });
    expect((await setLimits(p, { daily: '900000' })).json().pending).not.toBeNull();
    expect((await setLimits(p, { daily: '400000' })).json()).toEqual({
      limits: { daily: '400000', weekly: null, monthly: null },
      pending: null,
    });
  });

  it('refuses malformed limits with VALIDATION_ERROR and changes nothing', async () => {
    const p = await playerWithBankAccount(t.app);
    await setLimits(p, { daily: '500000' });
    for (const daily of ['0', '-1', '100.5', '1e6', 500000, '', '99999999999999']) {
      const res = await call(p, 'PUT', '/api/v2/players/limits', { daily, weekly: null, monthly: null });
      expect(res.statusCode, String(daily)).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', fields: { daily: 'INVALID' } });
    }
    const missing = await call(p, 'PUT', '/api/v2/players/limits', { daily: '1000' });
    expect(missing.statusCode).toBe(400);
    expect((await limits(p)).json().limits.daily).toBe('500000');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/players/limits' })).statusCode).toBe(401);
  });

  it('refuses a deposit over the limit with 409 DEPOSIT_LIMIT_REACHED {period, remaining} and opens nothing', async () => {
    const p = await playerWithBankAccount(t.app);
    await setLimits(p, { daily: '150000', weekly: '1000000' });
    await depositPaid(p, '100000');
    const over = await postDeposit(t.app, p, { amount: '60000' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      params: { period: 'daily', remaining: '50000' },
    });
    const rows = await t.app.db.select().from(deposits).where(eq(deposits.playerId, p.player.id));
    expect(rows).toHaveLength(1);
    // Exactly what remains passes.
    expect((await postDeposit(t.app, p, { amount: '50000' })).statusCode).toBe(201);
  });

  it('sums SUCCESS, OPEN and PAID orders over rolling 24 h, 7 d and 30 d, not cancelled ones', async () => {
    const p = await playerWithBankAccount(t.app);
    await setLimits(p, { daily: '300000', weekly: '500000', monthly: '700000' });
    await depositPaid(p, '200000');

    // An OPEN order counts; cancelled, it no longer does.
    const open = await postDeposit(t.app, p, { amount: '100000' });
    expect(open.statusCode).toBe(201);
    await later(p, 60_000);
    expect(errorOf(await postDeposit(t.app, p, { amount: '20000' })).code).toBe('OPEN_ORDER');
    const cancelled = await depositAction(t.app, p, open.json().order.code, 'cancel');
    expect(cancelled.json().order.status).toBe('CANCELED');

    // A PAID order (paid, not yet credited) counts as well.
    const paid = await postDeposit(t.app, p, { amount: '50000' });
    await t.app.db.update(deposits).set({ status: 'PAID' }).where(eq(deposits.code, paid.json().order.code));
    expect(errorOf(await postDeposit(t.app, p, { amount: '60000' }))).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      params: { period: 'daily', remaining: '50000' },
    });

    // 24 h after the first deposit the daily sum is free again, the weekly one is not (500000 − 250000).
    await later(p, DAY);
    expect(errorOf(await postDeposit(t.app, p, { amount: '260000' }))).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      params: { period: 'weekly', remaining: '250000' },
    });
    await depositPaid(p, '250000');
    expect(errorOf(await postDeposit(t.app, p, { amount: '20000' }))).toMatchObject({
      params: { period: 'weekly', remaining: '0' },
    });

    // After 7 days the weekly sum starts again; the monthly one still holds 500000 of 700000.
    await later(p, 7 * DAY);
    expect(errorOf(await postDeposit(t.app, p, { amount: '250000' }))).toMatchObject({
      params: { period: 'monthly', remaining: '200000' },
    });
    await later(p, 23 * DAY);
    expect((await postDeposit(t.app, p, { amount: '300000' })).statusCode).toBe(201);
  });

  it('parallel deposits cannot pass the limit', async () => {
    const p = await playerWithBankAccount(t.app);
    await setLimits(p, { daily: '100000' });
    let accepted = 0n;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postDeposit(t.app, p, { amount: '30000' })),
      );
      const created = answers.filter((res) => res.statusCode === 201);
      expect(created.length).toBeLessThanOrEqual(1);
      for (const res of answers.filter((r) => r.statusCode !== 201)) {
        expect(res.statusCode).toBe(409);
        expect(['OPEN_ORDER', 'DEPOSIT_LIMIT_REACHED']).toContain(errorOf(res).code);
      }
      for (const res of created) {
        const { code } = res.json().order;
        await sandboxPay(t.app, { billNumber: code, amount: '30000' });
        expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
        accepted += 30000n;
      }
    }
    expect(accepted).toBe(90000n);
    const rows = await t.app.db.select().from(deposits).where(eq(deposits.playerId, p.player.id));
    expect(rows.reduce((sum, row) => sum + row.amount, 0n)).toBe(90000n);
  });
});

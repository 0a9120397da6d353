import { addMonths } from '@lc/shared/restriction-end';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../db/schema/players';
import { createTestApp, loginTestPlayer, type TestApp } from '../../test/app';
import { DEMO_MID } from '../deposits/deposit-test-helpers';
import {
  fund,
  opsHeaders,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60_000;

function call(
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const timeOut = (cookie: string, days: unknown) => call(cookie, 'POST', '/api/v2/players/time-out', { days });
const selfExclude = (cookie: string, months: unknown) =>
  call(cookie, 'POST', '/api/v2/players/self-exclusion', { months });
const info = (cookie: string) => call(cookie, 'GET', '/api/v2/players/info');
const deposit = (p: Withdrawer) =>
  call(p.cookie, 'POST', '/api/v2/deposits', {
    provider: 'gclub',
    bankAccountId: p.bankAccountId,
    amount: '100000',
    mid: DEMO_MID,
  });
const opsPlayer = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/ops/v1/players/${id}`, headers: opsHeaders(t.app) });

/** Moves the test clock and signs in again (sessions end after 30 idle minutes). */
async function later(p: Withdrawer, ms: number): Promise<void> {
  t.clock.advance(ms);
  p.cookie = await loginTestPlayer(t.app, p.username, p.password);
}

describe('time-out', () => {
  it('ends other sessions and restricts deposits, games and promotions until `until`; info, credits, bank account and withdrawals work', async () => {
    const p = await playerWithBankAccount(t.app);
    await fund(t.app, p, 'gclub', '500.00');
    const other = await loginTestPlayer(t.app, p.username, p.password);
    expect((await info(other)).json().restriction).toBeNull();

    const res = await timeOut(p.cookie, 7);
    expect(res.statusCode).toBe(204);
    const until = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect((await info(other)).statusCode).toBe(401);
    expect((await info(p.cookie)).json().restriction).toEqual({ kind: 'TIME_OUT', until });

    for (const refused of [
      await deposit(p),
      await call(p.cookie, 'POST', '/api/v2/games/gclub/launch', {}),
      await call(p.cookie, 'POST', '/api/v2/promotions/use', {
        promotionId: '00000000-0000-4000-8000-000000000000',
        providerId: 'gclub',
      }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'ACCOUNT_TIMED_OUT', params: { until } });
    }

    expect((await call(p.cookie, 'GET', '/api/v2/players/credits/gclub')).json().credit.amount).toBe(
      '500.00',
    );
    expect((await call(p.cookie, 'GET', '/api/v2/players/bank-accounts')).statusCode).toBe(200);
    expect((await call(p.cookie, 'GET', '/api/v2/deposits')).statusCode).toBe(200);
    const out = await withdraw(t.app, p, { credit: '500.00' });
    expect(out.statusCode, out.body).toBe(201);
    expect((await call(p.cookie, 'GET', '/api/v2/players/credits/gclub')).json().credit.amount).toBe('0.00');

    // Signing in again does not lift it.
    await later(p, DAY);
    expect((await info(p.cookie)).json().restriction).toEqual({ kind: 'TIME_OUT', until });
    expect((await deposit(p)).statusCode).toBe(403);

    // At `until` it is over by itself.
    await later(p, 6 * DAY);
    expect((await info(p.cookie)).json().restriction).toBeNull();
    expect((await deposit(p)).statusCode).toBe(201);
    expect((await call(p.cookie, 'POST', '/api/v2/players/logout')).statusCode).toBe(204);
  });

  it('cannot be shortened: a shorter or equal one → 409 RESTRICTION_ACTIVE, a longer one extends', async () => {
    const p = await playerWithBankAccount(t.app);
    expect((await timeOut(p.cookie, 30)).statusCode).toBe(204);
    const until30 = new Date(t.clock.now().getTime() + 30 * DAY).toISOString();
    for (const days of [1, 7]) {
      const res = await timeOut(p.cookie, days);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'RESTRICTION_ACTIVE', params: { until: until30 } });
    }
    expect((await info(p.cookie)).json().restriction.until).toBe(until30);
    expect((await timeOut(p.cookie, 42)).statusCode).toBe(204);
    expect((await info(p.cookie)).json().restriction.until).toBe(
      new Date(t.clock.now().getTime() + 42 * DAY).toISOString(),
    );
  });

  it('parallel requests of different lengths end with the longest', async () => {
    const p = await playerWithBankAccount(t.app);
    const answers = await Promise.all([1, 42, 7, 30].map((days) => timeOut(p.cookie, days)));
    expect(answers.every((res) => [204, 409].includes(res.statusCode))).toBe(true);
    expect((await info(p.cookie)).json().restriction.until).toBe(
      new Date(t.clock.now().getTime() + 42 * DAY).toISOString(),
    );
  });

  it('accepts only 1, 7, 30 or 42 days', async () => {
    const p = await playerWithBankAccount(t.app);
    for (const days of [0, 2, 43, '7', -1, null]) {
      const res = await timeOut(p.cookie, days);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { days: 'INVALID' } });
    }
    expect((await info(p.cookie)).json().restriction).toBeNull();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/players/time-out', payload: { days: 1 } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('self-exclusion', () => {
  it('restricts with ACCOUNT_SELF_EXCLUDED for whole calendar months; no time-out, player or operator lifts it', async () => {
    const p = await playerWithBankAccount(t.app);
    const other = await loginTestPlayer(t.app, p.username, p.password);
    expect((await timeOut(p.cookie, 42)).statusCode).toBe(204);
    // A longer self-exclusion replaces a time-out.
    expect((await selfExclude(p.cookie, 6)).statusCode).toBe(204);
    const until = addMonths(t.clock.now(), 6).toISOString();
    expect((await info(other)).statusCode).toBe(401);
    expect((await info(p.cookie)).json().restriction).toEqual({ kind: 'SELF_EXCLUSION', until });
    const refused = await deposit(p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'ACCOUNT_SELF_EXCLUDED', params: { until } });

    expect((await timeOut(p.cookie, 42)).json().error.code).toBe('RESTRICTION_ACTIVE');
    expect((await selfExclude(p.cookie, 6)).statusCode).toBe(409);

    // Operators see it; blocking and unblocking (their only player switch) leaves it as it is.
    const seen = await opsPlayer(p.player.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().player).toMatchObject({
      id: p.player.id,
      restriction: { kind: 'SELF_EXCLUSION', until },
      depositLimits: { limits: { daily: null, weekly: null, monthly: null }, pending: null },
    });
    for (const action of ['block', 'unblock']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/ops/v1/players/${p.player.id}/${action}`,
        headers: opsHeaders(t.app),
      });
    }
    expect((await opsPlayer(p.player.id)).json().player.restriction).toEqual({
      kind: 'SELF_EXCLUSION',
      until,
    });
    expect((await opsPlayer('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await opsPlayer('not-a-uuid')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ops/v1/players/${p.player.id}` })).statusCode,
    ).toBe(401);

    // A longer one extends it.
    expect((await selfExclude(p.cookie, 12)).statusCode).toBe(204);
    expect((await info(p.cookie)).json().restriction.until).toBe(addMonths(t.clock.now(), 12).toISOString());
  });

  it('the database refuses a restriction without its end', async () => {
    const p = await playerWithBankAccount(t.app);
    await expect(
      t.app.db.update(players).set({ restrictionKind: 'TIME_OUT' }).where(eq(players.id, p.player.id)),
    ).rejects.toThrow();
  });

  it('accepts only 6, 12 or 60 months', async () => {
    const p = await playerWithBankAccount(t.app);
    for (const months of [1, 24, '6', 0]) {
      expect((await selfExclude(p.cookie, months)).statusCode, String(months)).toBe(400);
    }
    expect((await info(p.cookie)).json().restriction).toBeNull();
  });
});

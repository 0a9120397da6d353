import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import {
  creditsOf,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from './deposit-test-helpers';
import { expireDeposit } from './expire-deposit';
import { findDepositsDue } from './find-deposits-due';
import { settleDeposit } from './settle-deposit';

// The steps the worker runs (its loop comes later): this file moves the clock, so it has its own app.
let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.sandboxFaults.reset();
});

async function statusOf(code: string) {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return row?.status;
}

async function openDeposit() {
  const p = await playerWithBankAccount(t.app);
  const res = await postDeposit(t.app, p);
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code as string };
}

describe('deposit expiry and the worker steps', () => {
  it('an unpaid deposit past 15 minutes: check cancels it (409 ORDER_NOT_OPEN)', async () => {
    const { p, code } = await openDeposit();
    t.clock.advance(14 * 60_000);
    expect((await depositAction(t.app, p, code, 'check')).json().error.code).toBe('DEPOSIT_NOT_PAID');
    t.clock.advance(60_000);
    const res = await depositAction(t.app, p, code, 'check');
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'ORDER_NOT_OPEN']);
    expect(await statusOf(code)).toBe('CANCELED');
  });

  it('findDepositsDue claims expired OPEN and due PAID deposits once; expire and settle finish them', async () => {
    const unpaid = await openDeposit();
    const latePaid = await openDeposit();
    const retry = await openDeposit();
    const fresh = await openDeposit();
    // `retry` is paid and its first credit attempt fails at the provider.
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await sandboxPay(t.app, { billNumber: retry.code, amount: '100000' });
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/gclub',
      headers: { cookie: retry.p.cookie },
    });
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect((await depositAction(t.app, retry.p, retry.code, 'check')).json().order.status).toBe('PAID');
    // `fresh` is created later, so it has not expired when the others have.
    await t.app.db
      .update(deposits)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 60 * 60_000) })
      .where(eq(deposits.code, fresh.code));
    t.clock.advance(16 * 60_000);
    // Paid after its expiry but before the worker ran: still credited.
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await sandboxPay(t.app, { billNumber: latePaid.code, amount: '100000' });

    const due = await findDepositsDue(t.app.db, t.clock.now(), 10);
    expect(new Map(due.map((d) => [d.code, d.status]))).toEqual(
      new Map([
        [unpaid.code, 'OPEN'],
        [latePaid.code, 'OPEN'],
        [retry.code, 'PAID'],
      ]),
    );
    // Claimed: a second worker gets none of them.
    expect(await findDepositsDue(t.app.db, t.clock.now(), 10)).toEqual([]);

    expect((await expireDeposit(t.app, unpaid.code))?.status).toBe('CANCELED');
    expect((await expireDeposit(t.app, latePaid.code))?.status).toBe('SUCCESS');
    expect((await settleDeposit(t.app, retry.code))?.status).toBe('SUCCESS');
    expect((await settleDeposit(t.app, retry.code))?.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, latePaid.p.player.id)).toEqual({
      provider: 15612n,
      ledger: 15612n,
    });
    expect(await creditsOf(t.app, agencyId, retry.p.player.id)).toEqual({ provider: 15612n, ledger: 15612n });
    expect(await expireDeposit(t.app, fresh.code)).toMatchObject({ status: 'OPEN' });
    expect(await settleDeposit(t.app, 'D0000000000XX')).toBeNull();
  });

  it('leaves an OPEN deposit alone when the bank cannot answer at expiry (retried later)', async () => {
    const { code } = await openDeposit();
    t.clock.advance(16 * 60_000);
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    await expect(expireDeposit(t.app, code)).rejects.toThrow(/bank/i);
    expect(await statusOf(code)).toBe('OPEN');
  });
});

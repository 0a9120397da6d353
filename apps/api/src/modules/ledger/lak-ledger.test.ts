import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount as depositor,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import {
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';
import { payoutOwedAccount } from './account-key';
import { getAccountBalance } from './get-account-balance';
import { demoAgencyId, entriesByAccount, ledgerSumsByCurrency } from './ledger-test-helpers';

// Domain rule 7, second half: kip received and paid out goes through LAK accounts (BANK, FX, PAYOUT_OWED),
// beside the THB postings, and each currency of each posting sums to zero.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const thb = (text: string) => parseMoney(text, 'THB');
const lak = (text: string) => parseMoney(text, 'LAK');

async function openDeposit(amount = '100000'): Promise<{ p: DepositPlayer; code: string }> {
  const p = await depositor(t.app);
  const res = await postDeposit(t.app, p, { amount });
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}

/** Pays at the sandbox bank with the webhook dropped: only the test's own calls report it. */
async function payQuietly(code: string, amount: string) {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount })).statusCode).toBe(201);
}

async function expectBalancedLedger() {
  expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
}

describe('deposits book the kip they were paid', () => {
  it('a credited deposit: LAK {BANK +paid, FX −paid} beside THB {HOUSE −credit, player +credit}', async () => {
    const { p, code } = await openDeposit('100000');
    await payQuietly(code, '100000');
    const check = await depositAction(t.app, p, code, 'check');
    expect(check.json().order.status).toBe('SUCCESS');
    const credit = thb(check.json().order.credit);

    expect(await entriesByAccount(t.app.db, [`${code}:in`])).toEqual({
      'BANK LAK': 100_000n,
      'FX LAK': -100_000n,
      'HOUSE THB': -credit,
      'PLAYER_PROVIDER THB': credit,
    });
    await expectBalancedLedger();
  });

  it('a late payment credited by staff: the kip actually paid, not the order amount', async () => {
    const { p, code } = await openDeposit('100000');
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    await payQuietly(code, '120000');
    expect((await depositAction(t.app, p, code, 'check')).json().order.latePaid).toBe(true);
    const [deposit] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    const [payment] = await t.app.db
      .select()
      .from(bankPayments)
      .where(eq(bankPayments.depositId, deposit?.id ?? ''));

    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/ops/v1/bank-payments/${payment?.id}/credit`,
      headers: opsHeaders(t.app),
      payload: { provider: 'gclub' },
    });
    expect(credited.statusCode).toBe(200);
    const credit = thb(credited.json().deposit.credit);
    expect(await entriesByAccount(t.app.db, [`${credited.json().deposit.code}:in`])).toEqual({
      'BANK LAK': 120_000n,
      'FX LAK': -120_000n,
      'HOUSE THB': -credit,
      'PLAYER_PROVIDER THB': credit,
    });
    await expectBalancedLedger();
  });
});

describe('withdrawals book the kip owed and paid', () => {
  async function openWithdrawal() {
    const p = await playerWithBankAccount(t.app);
    await fund(t.app, p, 'gclub', '300.00');
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    return {
      p,
      code: order.code as string,
      payout: lak(order.payout_amount),
      received: thb(order.credit_received),
    };
  }

  it('taken out: LAK {FX +payout, PAYOUT_OWED −payout}; approved: LAK {PAYOUT_OWED +payout, BANK −payout}', async () => {
    const { p, code, payout, received } = await openWithdrawal();
    expect(payout).toBeGreaterThan(0n);
    expect(await entriesByAccount(t.app.db, [`${code}:out`])).toEqual({
      'PLAYER_PROVIDER THB': -thb('100.00'),
      'PAYOUT THB': received,
      ...(received < thb('100.00') ? { 'HOUSE THB': thb('100.00') - received } : {}),
      'FX LAK': payout,
      'PAYOUT_OWED LAK': -payout,
    });
    expect(await getAccountBalance(t.app.db, agencyId, payoutOwedAccount(p.player.id))).toBe(-payout);

    expect((await opsAction(t.app, code, 'approve')).statusCode).toBe(200);
    expect(await entriesByAccount(t.app.db, [`${code}:payout`])).toEqual({
      'PAYOUT THB': -received,
      'HOUSE THB': received,
      'PAYOUT_OWED LAK': payout,
      'BANK LAK': -payout,
    });
    expect(await getAccountBalance(t.app.db, agencyId, payoutOwedAccount(p.player.id))).toBe(0n);
    await expectBalancedLedger();
  });

  it('rejected: the kip owed goes back through FX, as if the withdrawal never happened', async () => {
    const { p, code, payout } = await openWithdrawal();
    expect((await opsAction(t.app, code, 'reject')).json().withdrawal.status).toBe('REJECTED');
    expect(await entriesByAccount(t.app.db, [`${code}:back`])).toMatchObject({
      'FX LAK': -payout,
      'PAYOUT_OWED LAK': payout,
    });
    // :out and :back together leave nothing anywhere, in either currency.
    expect(await entriesByAccount(t.app.db, [`${code}:out`, `${code}:back`])).toEqual({});
    expect(await getAccountBalance(t.app.db, agencyId, payoutOwedAccount(p.player.id))).toBe(0n);
    await expectBalancedLedger();
  });
});

import { formatMinor, parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import {
  depositAction,
  playerWithBankAccount as depositor,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import {
  creditBackWithApproval,
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';

// The daily settlement report (backoffice.md `reports/settlement`): a Lao day's kip per channel beside the
// ledger's LAK bank movement. Expectations are computed from the amounts each step answered.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const LOCAL_MID = 'MID-BCEL-0001';
const GATEWAY_MID = 'MID-LDB-0001';
const DAY = '2026-03-03';
const thb = (text: string) => parseMoney(text, 'THB');
const lak = (text: string) => parseMoney(text, 'LAK');
const ops = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: opsHeaders(t.app), ...(payload ? { payload } : {}) });

async function channelOf(code: string): Promise<string> {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return row?.channelCode ?? '';
}

/** A deposit of `amount` paid by scanning its QR (webhook dropped) and checked → SUCCESS; its credit. */
async function creditedDeposit(amount: string, mid = LOCAL_MID) {
  const p = await depositor(t.app);
  const code = (await postDeposit(t.app, p, { amount, mid })).json().order.code;
  const qr = (await depositAction(t.app, p, code, 'laoqr')).json();
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { payload: qr.payload })).statusCode).toBe(201);
  const order = (await depositAction(t.app, p, code, 'check')).json().order;
  expect(order.status).toBe('SUCCESS');
  return { code, credit: thb(order.credit), channel: await channelOf(code) };
}

/** A deposit cancelled and then paid `paid` kip: its payment waits UNMATCHED (LATE). */
async function latePayment(paid: string) {
  const p = await depositor(t.app);
  const code = (await postDeposit(t.app, p, { amount: '100000', mid: LOCAL_MID })).json().order.code;
  expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount: paid })).statusCode).toBe(201);
  expect((await depositAction(t.app, p, code, 'check')).json().order.latePaid).toBe(true);
  const [deposit] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  const [payment] = await t.app.db
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.depositId, deposit?.id ?? ''));
  return { code, paymentId: payment?.id ?? '' };
}

/** A 100.00 THB withdrawal, approved (paid out); its payout and credit received. */
async function paidWithdrawal() {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', '300.00');
  const order = (await withdraw(t.app, p, { credit: '100.00' })).json().order;
  expect((await opsAction(t.app, order.code, 'approve')).statusCode).toBe(200);
  return { code: order.code as string, lak: lak(order.payout_amount), thb: thb(order.credit_received) };
}

const bounce = (code: string) =>
  ops('POST', `/api/ops/v1/withdrawals/${code}/bounced`, { bankReference: 'RET-1' });
const counted = (count: number, amount: bigint) => ({ count, amount: formatMinor(amount, 'LAK') });

describe('GET /api/ops/v1/reports/settlement', () => {
  it('a day of deposits, late payments, payouts, a reject, bounces, a re-pay and a credit-back', async () => {
    // The evening before (23:50 Lao time) and just after midnight of the next day: not in the report.
    t.clock.set(new Date('2026-03-02T16:50:00Z'));
    await creditedDeposit('300000');

    // 00:10 Lao time on DAY: in the report.
    t.clock.set(new Date('2026-03-02T17:10:00Z'));
    const local = await creditedDeposit('100000');
    t.clock.set(new Date('2026-03-03T03:00:00Z'));
    const gateway = await creditedDeposit('200000', GATEWAY_MID);
    expect(gateway.channel).not.toBe(local.channel);

    const late = await latePayment('120000');
    const credited = await ops('POST', `/api/ops/v1/bank-payments/${late.paymentId}/credit`, {
      provider: 'gclub',
    });
    expect(credited.statusCode).toBe(200);
    const lateCredit = thb(credited.json().deposit.credit);
    const refunded = await latePayment('90000');
    expect(
      (await ops('POST', `/api/ops/v1/bank-payments/${refunded.paymentId}/refund`, { bankReference: 'RF-1' }))
        .statusCode,
    ).toBe(200);
    await latePayment('50000'); // stays UNMATCHED

    const paid = await paidWithdrawal();
    const rejected = await playerWithBankAccount(t.app);
    await fund(t.app, rejected, 'gclub', '200.00');
    const rejectedCode = (await withdraw(t.app, rejected, { credit: '100.00' })).json().order.code;
    expect((await opsAction(t.app, rejectedCode, 'reject')).statusCode).toBe(200);
    const repaid = await paidWithdrawal();
    expect((await bounce(repaid.code)).statusCode).toBe(200);
    expect((await opsAction(t.app, repaid.code, 'approve', { bankReference: 'REF-2' })).statusCode).toBe(200);
    const creditedBack = await paidWithdrawal();
    expect((await bounce(creditedBack.code)).statusCode).toBe(200);
    expect((await creditBackWithApproval(t.app, t.clock, creditedBack.code)).statusCode).toBe(200);

    t.clock.set(new Date('2026-03-03T17:05:00Z'));
    await creditedDeposit('400000');

    const res = await ops('GET', `/api/ops/v1/reports/settlement?date=${DAY}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();

    const localIn = 100_000n + 120_000n;
    const payoutsLak = paid.lak + 2n * repaid.lak + creditedBack.lak;
    const payoutsThb = paid.thb + 2n * repaid.thb + creditedBack.thb;
    const bouncedLak = repaid.lak + creditedBack.lak;
    const bouncedThb = repaid.thb + creditedBack.thb;
    const sold = local.credit + gateway.credit + lateCredit;
    const none = counted(0, 0n);
    expect(report).toMatchObject({
      date: DAY,
      timeZone: 'Asia/Vientiane',
      from: '2026-03-02T17:00:00.000Z',
      to: '2026-03-03T17:00:00.000Z',
    });
    expect(report.channels).toEqual([
      ...[
        {
          channel: local.channel,
          kipReceived: {
            matched: counted(1, 100_000n),
            credited: counted(1, 120_000n),
            refunded: counted(1, 90_000n),
            unmatched: counted(1, 50_000n),
            total: counted(4, 100_000n + 120_000n + 90_000n + 50_000n),
          },
          depositsCredited: {
            count: 2,
            lak: formatMinor(localIn, 'LAK'),
            thb: formatMinor(local.credit + lateCredit, 'THB'),
            bonus: '0.00',
          },
          bank: { in: formatMinor(localIn, 'LAK'), out: '0', net: formatMinor(localIn, 'LAK') },
        },
        {
          channel: gateway.channel,
          kipReceived: {
            matched: counted(1, 200_000n),
            credited: none,
            refunded: none,
            unmatched: none,
            total: counted(1, 200_000n),
          },
          depositsCredited: {
            count: 1,
            lak: '200000',
            thb: formatMinor(gateway.credit, 'THB'),
            bonus: '0.00',
          },
          bank: { in: '200000', out: '0', net: '200000' },
        },
      ].sort((a, b) => a.channel.localeCompare(b.channel)),
      {
        channel: null,
        kipReceived: { matched: none, credited: none, refunded: none, unmatched: none, total: none },
        depositsCredited: { count: 0, lak: '0', thb: '0.00', bonus: '0.00' },
        bank: {
          in: formatMinor(bouncedLak, 'LAK'),
          out: formatMinor(payoutsLak, 'LAK'),
          net: formatMinor(bouncedLak - payoutsLak, 'LAK'),
        },
      },
    ]);
    const bankIn = localIn + 200_000n + bouncedLak;
    expect(report.totals).toEqual({
      kipReceived: {
        matched: counted(2, 300_000n),
        credited: counted(1, 120_000n),
        refunded: counted(1, 90_000n),
        unmatched: counted(1, 50_000n),
        total: counted(5, 560_000n),
      },
      depositsCredited: {
        count: 3,
        lak: formatMinor(localIn + 200_000n, 'LAK'),
        thb: formatMinor(sold, 'THB'),
        bonus: '0.00',
      },
      bank: {
        in: formatMinor(bankIn, 'LAK'),
        out: formatMinor(payoutsLak, 'LAK'),
        net: formatMinor(bankIn - payoutsLak, 'LAK'),
      },
    });
    expect(report.payouts).toEqual({
      paid: { count: 4, lak: formatMinor(payoutsLak, 'LAK'), thb: formatMinor(payoutsThb, 'THB') },
      bounced: { count: 2, lak: formatMinor(bouncedLak, 'LAK'), thb: formatMinor(bouncedThb, 'THB') },
    });
    expect(report.bonuses).toEqual({ given: '0.00', takenBack: '0.00' });
    expect(report.house).toEqual({
      thb: formatMinor(sold - payoutsThb + bouncedThb, 'THB'),
      lak: formatMinor(bankIn - payoutsLak, 'LAK'),
    });

    const csv = await ops('GET', `/api/ops/v1/reports/settlement?date=${DAY}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['channel', 'kip_matched_count', 'kip_matched_lak']);
    const total = lines.find((line) => line.startsWith('TOTAL,'))?.split(',');
    expect(total?.slice(1, 3)).toEqual(['2', '300000']);
    expect(total?.slice(-3)).toEqual([report.totals.bank.in, report.totals.bank.out, report.totals.bank.net]);
    expect(lines).toContain(`house_result_thb,${report.house.thb}`);
  });

  it('400 for a date that does not exist or is missing', async () => {
    for (const url of ['?date=2026-02-30', '?date=26-03-03', '']) {
      const res = await ops('GET', `/api/ops/v1/reports/settlement${url}`);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});

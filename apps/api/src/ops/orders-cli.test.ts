import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  depositAction,
  playerWithBankAccount as depositor,
  postDeposit,
  sandboxPay,
} from '../modules/deposits/deposit-test-helpers';
import {
  creditOf,
  fund,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from '../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { EXIT } from './command';
import { opsCliOf } from './ops-cli.test-helpers';

let t: TestApp;
let ops: ReturnType<typeof opsCliOf>;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  ops = opsCliOf(t.app);
});
afterEach(() => t.app.sandboxFaults.reset());
afterAll(async () => {
  await t?.close();
});

async function openWithdrawal(credit: string): Promise<{ p: Withdrawer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'askmebet', '500.00');
  const res = await withdraw(t.app, p, { provider: 'askmebet', credit });
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}

describe('npm run ops -- deposits … / withdrawals …', () => {
  it('--help lists the order commands', async () => {
    const help = (await ops(['--help'])).out.join('\n');
    for (const name of [
      'deposits list',
      'deposits confirm',
      'deposits reject',
      'bank-payments list',
      'bank-payments credit',
      'bank-payments refund',
      'channels list',
      'channels set',
      'withdrawals list',
      'withdrawals approve',
      'withdrawals reject',
      'withdrawals bounced',
      'report settlement',
    ]) {
      expect(help).toContain(name);
    }
    expect((await ops(['withdrawals', 'approve', '--help'])).out[0]).toBe(
      'Usage: npm run ops -- withdrawals approve CODE --ref BANKREF',
    );
  });

  it('withdrawals list shows the payout queue; approve pays one out once', async () => {
    const { p, code } = await openWithdrawal('150.55');
    const list = await ops(['withdrawals', 'list', '--status', 'OPEN', '--page-size', '100']);
    expect(list.code).toBe(EXIT.OK);
    expect(list.out[0]).toMatch(
      /^CODE\s+STATUS\s+PLAYER\s+PROVIDER\s+CREDIT\s+PAYOUT LAK\s+RATE\s+BANK\s+ACCOUNT\s+NAME\s+CREATED\s+BANK REF$/,
    );
    const row = list.out.find((line) => line.startsWith(code));
    expect(row).toMatch(
      new RegExp(`^${code}\\s+OPEN\\s+${p.username}\\s+askmebet\\s+150\\.55\\s+94131\\s+625\\.25\\s+bcel`),
    );
    expect(list.out.at(-1)).toMatch(/^\d+ of \d+ withdrawals \(page 1\)$/);

    expect((await ops(['withdrawals', 'approve', code])).code).toBe(EXIT.USAGE);
    const approved = await ops(['withdrawals', 'approve', code, '--ref', 'BCEL-42']);
    expect(approved.code).toBe(EXIT.OK);
    expect(approved.out).toEqual([
      `${code} SUCCESS: paid 94131 LAK to ${p.username} (bank reference BCEL-42)`,
    ]);
    const again = await ops(['withdrawals', 'approve', code, '--ref', 'BCEL-43']);
    expect(again.code).toBe(EXIT.FAILED);
    expect(again.err[0]).toMatch(/^error 409 ORDER_NOT_OPEN: /);
    const bad = await ops(['withdrawals', 'list', '--status', 'DONE']);
    expect(bad.code).toBe(EXIT.FAILED);
    expect(bad.err[0]).toMatch(/^error 400 VALIDATION_ERROR/);
  });

  it('withdrawals reject returns the credit; a lost answer exits 3 and the same command finishes it', async () => {
    const first = await openWithdrawal('100.00');
    const rejected = await ops(['withdrawals', 'reject', first.code, '--reason', 'wrong name']);
    expect(rejected.code).toBe(EXIT.OK);
    expect(rejected.out).toEqual([
      `${first.code} REJECTED: 100.00 THB returned to ${first.p.username} at askmebet`,
    ]);
    expect(await creditOf(t.app, first.p, 'askmebet')).toBe('500.00');

    const second = await openWithdrawal('200.00');
    t.app.sandboxFaults.forceNext('providers', 'lost', ...Array.from({ length: 9 }, () => 'error' as const));
    const pending = await ops(['withdrawals', 'reject', second.code]);
    expect(pending.code).toBe(EXIT.INCOMPLETE);
    expect(pending.out[0]).toMatch(/RETURNING: .*run the same command again/);
    const finished = await ops(['withdrawals', 'reject', second.code]);
    expect(finished.code).toBe(EXIT.OK);
    expect(await creditOf(t.app, second.p, 'askmebet')).toBe('500.00');
  });

  it('deposits list, confirm and reject', async () => {
    const p = await depositor(t.app);
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/gclub',
      headers: { cookie: p.cookie },
    });
    const first = (await postDeposit(t.app, p)).json().order.code;
    const list = await ops(['deposits', 'list', '--status', 'OPEN', '--page-size', '100']);
    expect(list.code).toBe(EXIT.OK);
    expect(list.out[0]).toMatch(
      /^CODE\s+STATUS\s+PLAYER\s+PROVIDER\s+AMOUNT LAK\s+PAID LAK\s+CREDIT\s+BONUS/,
    );
    expect(list.out.find((line) => line.startsWith(first))).toMatch(
      /^\S+\s+OPEN\s+\S+\s+gclub\s+100000\s+-\s+156\.12/,
    );
    const rejected = await ops(['deposits', 'reject', first, '--reason', 'test']);
    expect([rejected.code, rejected.out]).toEqual([EXIT.OK, [`${first} REJECTED`]]);

    // Paid another amount: it waits in the bank-payments queue; confirm takes that payment (credit from 99,000).
    const second = (await postDeposit(t.app, p)).json().order.code;
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await sandboxPay(t.app, { billNumber: second, amount: '99000' });
    expect((await depositAction(t.app, p, second, 'check')).json().order.status).toBe('PAID');
    const queue = await ops(['bank-payments', 'list', '--status', 'UNMATCHED', '--page-size', '100']);
    expect(queue.code).toBe(EXIT.OK);
    expect(queue.out[0]).toMatch(/^ID\s+STATUS\s+ORDER\s+BILL\s+AMOUNT LAK/);
    const line = queue.out.find((l) => l.includes(second)) ?? '';
    expect(line).toMatch(/\sUNMATCHED AMOUNT_MISMATCH\s/);
    const paymentId = line.split(/\s+/)[0] ?? '';
    expect((await ops(['deposits', 'confirm', second])).code).toBe(EXIT.USAGE);
    const confirmed = await ops(['deposits', 'confirm', second, '--payment', paymentId]);
    expect(confirmed.code).toBe(EXIT.OK);
    expect(confirmed.out).toEqual([`${second} SUCCESS: 154.56 THB credited to ${p.username} at gclub`]);
    expect(await creditOf(t.app, p, 'gclub')).toBe('154.56');
    const again = await ops(['deposits', 'confirm', second, '--payment', paymentId]);
    expect(again.code).toBe(EXIT.FAILED);
    expect(again.err[0]).toMatch(/^error 409 ORDER_NOT_OPEN: /);
    expect((await ops(['deposits', 'reject'])).code).toBe(EXIT.USAGE);

    // A payment of the rejected order arrives late: refunded once from the CLI.
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await sandboxPay(t.app, { billNumber: first, amount: '100000' });
    expect((await depositAction(t.app, p, first, 'check')).json().order).toMatchObject({ latePaid: true });
    const late = (await ops(['bank-payments', 'list', '--status', 'UNMATCHED'])).out.find((l) =>
      l.includes(first),
    );
    const lateId = late?.split(/\s+/)[0] ?? '';
    expect(late).toMatch(/\sUNMATCHED LATE\s/);
    const refunded = await ops(['bank-payments', 'refund', lateId, '--ref', 'BCEL-RF-9']);
    expect([refunded.code, refunded.out[0]]).toEqual([
      EXIT.OK,
      expect.stringMatching(/ REFUNDED \(refund BCEL-RF-9\)$/),
    ]);
    const twice = await ops(['bank-payments', 'credit', lateId, '--provider', 'gclub']);
    expect([twice.code, twice.err[0]]).toEqual([
      EXIT.FAILED,
      expect.stringMatching(/^error 409 PAYMENT_ALREADY_RESOLVED/),
    ]);
    expect(await creditOf(t.app, p, 'gclub')).toBe('154.56');
  });

  it('withdrawals bounced owes a payout again, approve re-pays it, report settlement prints the day', async () => {
    const before = t.clock.now();
    // A day of its own (10:00 Lao time), so the report holds this test's payouts only.
    t.clock.set(new Date('2026-04-10T03:00:00Z'));
    try {
      const { p, code } = await openWithdrawal('100.00');
      expect((await ops(['withdrawals', 'approve', code, '--ref', 'BCEL-1'])).code).toBe(EXIT.OK);
      const bounced = await ops(['withdrawals', 'bounced', code, '--ref', 'RET-1']);
      expect(bounced.code).toBe(EXIT.OK);
      const payout = /BOUNCED: (\d+) LAK owed/.exec(bounced.out[0] ?? '')?.[1] ?? '';
      expect(bounced.out[0]).toBe(
        `${code} BOUNCED: ${payout} LAK owed to ${p.username} again (bank reference RET-1)`,
      );
      const again = await ops(['withdrawals', 'bounced', code, '--ref', 'RET-2']);
      expect([again.code, again.err.join(' ')]).toEqual([
        EXIT.FAILED,
        expect.stringContaining('ORDER_NOT_OPEN'),
      ]);
      expect((await ops(['withdrawals', 'approve', code, '--ref', 'BCEL-2'])).out[0]).toMatch(
        / SUCCESS: paid /,
      );

      const report = await ops(['report', 'settlement', '--date', '2026-04-10']);
      expect(report.code).toBe(EXIT.OK);
      const twice = (BigInt(payout) * 2n).toString();
      expect(report.out).toContain(`payouts paid: 2, ${twice} LAK, 200.00 THB`);
      expect(report.out).toContain(`payouts bounced: 1, ${payout} LAK, 100.00 THB`);
      const csv = await ops(['report', 'settlement', '--date', '2026-04-10', '--csv']);
      expect(csv.out[0]).toMatch(/^channel,kip_matched_count,/);
      expect(csv.out).toContain(`payouts_paid_lak,${twice}`);
      expect((await ops(['report', 'settlement'])).code).toBe(EXIT.USAGE);
    } finally {
      t.clock.set(before);
    }
  });

  it('reconciliation shows no differences after these flows', async () => {
    const report = await ops(['reconciliation']);
    expect(report.out.at(-1)).toBe('differences: 0');
    expect(report.code).toBe(EXIT.OK);
  });
});

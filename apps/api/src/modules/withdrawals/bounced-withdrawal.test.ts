import { parseMoney } from '@lc/shared/money';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { runWorkerTick } from '../../worker/run-worker-tick';
import { payoutAccount, payoutOwedAccount, playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId, entriesByAccount, ledgerSumsByCurrency } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest } from '../staff/staff.test-helpers';
import { RESEND_AFTER_MS } from './resolve-withdrawal';
import {
  creditOf,
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from './withdrawal-test-helpers';

// Domain rule 9: a paid-out withdrawal whose bank transfer bounced is marked BOUNCED, its payout owed again;
// staff re-pay it (approve → SUCCESS) or credit it back to the provider (reject → REJECTED), once.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterEach(() => t.app.sandboxFaults.reset());
afterAll(async () => {
  await t?.close();
});

const thb = (text: string) => parseMoney(text, 'THB');
const lak = (text: string) => parseMoney(text, 'LAK');

function bounce(code: string, bankReference = 'BCEL-RETURN-1') {
  return t.app.inject({
    method: 'POST',
    url: `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/bounced`,
    headers: opsHeaders(t.app),
    payload: { bankReference },
  });
}

/** A withdrawal of 100.00 THB out of 300.00, paid out (SUCCESS) with BCEL-REF-1. */
async function paidOut(): Promise<{ p: Withdrawer; code: string; payout: bigint; received: bigint }> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', '300.00');
  const res = await withdraw(t.app, p, { credit: '100.00' });
  expect(res.statusCode).toBe(201);
  const { code, payout_amount, credit_received } = res.json().order;
  expect((await opsAction(t.app, code, 'approve')).json().withdrawal.status).toBe('SUCCESS');
  return { p, code, payout: lak(payout_amount), received: thb(credit_received) };
}

const owed = (p: Withdrawer) => getAccountBalance(t.app.db, agencyId, payoutOwedAccount(p.player.id));
const playerStatus = async (p: Withdrawer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/withdrawals', headers: { cookie: p.cookie } })).json()
    .items[0].status;
const actionsOf = async (code: string) =>
  (
    await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `withdrawal:${code}`))
      .orderBy(desc(auditLog.createdAt))
  ).map((r) => r.action);
const referencesOf = async (code: string) =>
  (
    await t.app.db
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `${code}:%`))
  )
    .map((r) => r.reference)
    .sort();

describe('POST /api/ops/v1/withdrawals/{code}/bounced', () => {
  it('a paid-out withdrawal → BOUNCED (the player sees it), its payout owed again in both currencies', async () => {
    const { p, code, payout, received } = await paidOut();
    expect(await owed(p)).toBe(0n);

    const res = await bounce(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({
      code,
      status: 'BOUNCED',
      bounces: 1,
      bounceReference: 'BCEL-RETURN-1',
    });
    expect(await entriesByAccount(t.app.db, [`${code}:bounce:1`])).toEqual({
      'BANK LAK': payout,
      'PAYOUT_OWED LAK': -payout,
      'PAYOUT THB': received,
      'HOUSE THB': -received,
    });
    expect(await owed(p)).toBe(-payout);
    expect(await getAccountBalance(t.app.db, agencyId, payoutAccount(p.player.id))).toBe(received);
    expect(await playerStatus(p)).toBe('BOUNCED');
    expect(await actionsOf(code)).toContain('withdrawal.bounced');
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });

  it('409 for a withdrawal that is not SUCCESS (OPEN, or already BOUNCED); nothing booked', async () => {
    const p = await playerWithBankAccount(t.app);
    await fund(t.app, p, 'gclub', '300.00');
    const open = await withdraw(t.app, p, { credit: '100.00' });
    const openCode = open.json().order.code;
    const refused = await bounce(openCode);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'ORDER_NOT_OPEN']);
    expect(await referencesOf(openCode)).toEqual([`${openCode}:out`]);

    const { code } = await paidOut();
    expect((await bounce(code)).statusCode).toBe(200);
    const again = await bounce(code, 'BCEL-RETURN-2');
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ORDER_NOT_OPEN']);
    expect(await referencesOf(code)).toEqual([`${code}:bounce:1`, `${code}:out`, `${code}:payout`]);
  });

  it('re-paid after the bounce: approve → SUCCESS with the new reference, the kip paid out once more', async () => {
    const { p, code, payout, received } = await paidOut();
    expect((await bounce(code)).statusCode).toBe(200);

    const repaid = await opsAction(t.app, code, 'approve', { bankReference: 'BCEL-REF-2' });
    expect(repaid.statusCode).toBe(200);
    expect(repaid.json().withdrawal).toMatchObject({ status: 'SUCCESS', bankReference: 'BCEL-REF-2' });
    expect(await entriesByAccount(t.app.db, [`${code}:payout:2`])).toEqual({
      'PAYOUT_OWED LAK': payout,
      'BANK LAK': -payout,
      'PAYOUT THB': -received,
      'HOUSE THB': received,
    });
    // Paid, bounced, paid again: the bank is down one payout, nothing is owed.
    expect(
      await entriesByAccount(t.app.db, [`${code}:payout`, `${code}:bounce:1`, `${code}:payout:2`]),
    ).toEqual({
      'BANK LAK': -payout,
      'PAYOUT_OWED LAK': payout,
      'PAYOUT THB': -received,
      'HOUSE THB': received,
    });
    expect(await owed(p)).toBe(0n);
    expect(await playerStatus(p)).toBe('SUCCESS');
    expect(await actionsOf(code)).toContain('withdrawal.repay');

    // A re-paid payout may bounce again: numbered, never a replay of the first.
    expect((await bounce(code, 'BCEL-RETURN-2')).json().withdrawal).toMatchObject({ bounces: 2 });
    expect(await owed(p)).toBe(-payout);
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });

  it('crediting back a bounce is four eyes: one cashier moves nothing, a second member approves it once', async () => {
    const cashier = await createTestStaff(t.app, t.clock, 'cashier');
    // The approvers exist before the request (one made after it could not decide it: decision 0065).
    const one = await createTestStaff(t.app, t.clock, 'finance');
    const two = await createTestStaff(t.app, t.clock, 'finance');
    const { p, code } = await paidOut();
    expect((await bounce(code)).statusCode).toBe(200);
    const before = await creditOf(t.app, p, 'gclub');
    const asked = await staffRequest(
      t.app,
      cashier.cookie,
      'POST',
      `/api/ops/v1/withdrawals/${code}/reject`,
      {},
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({ kind: 'BOUNCE_CREDIT_BACK', status: 'PENDING' });
    expect(approval.payload).toMatchObject({ code, credit: '100.00', bounceReference: 'BCEL-RETURN-1' });
    expect(await creditOf(t.app, p, 'gclub')).toBe(before);
    expect(await playerStatus(p)).toBe('BOUNCED');
    // While it waits: no second request, no re-pay behind its back, and the one who asked cannot approve it.
    const again = await staffRequest(
      t.app,
      cashier.cookie,
      'POST',
      `/api/ops/v1/withdrawals/${code}/reject`,
      {},
    );
    expect(again.json().error.code).toBe('APPROVAL_PENDING');
    expect((await opsAction(t.app, code, 'approve')).json().error.code).toBe('APPROVAL_PENDING');
    const approve = (cookie: string) =>
      staffRequest(t.app, cookie, 'POST', `/api/ops/v1/approvals/${approval.id}/approve`, {});
    expect((await approve(cashier.cookie)).statusCode).toBe(403);

    const [a, b] = await Promise.all([approve(one.cookie), approve(two.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(thb(await creditOf(t.app, p, 'gclub'))).toBe(thb(before) + thb('100.00'));
    expect(await playerStatus(p)).toBe('REJECTED');
    expect(await referencesOf(code)).toContain(`${code}:back`);
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });

  it('an approved credit-back whose provider answer is lost waits BOUNCE_RETURNING; the worker credits it back once', async () => {
    const cashier = await createTestStaff(t.app, t.clock, 'cashier');
    const finance = await createTestStaff(t.app, t.clock, 'finance');
    const { p, code } = await paidOut();
    expect((await bounce(code)).statusCode).toBe(200);
    const before = thb(await creditOf(t.app, p, 'gclub'));
    const asked = await staffRequest(
      t.app,
      cashier.cookie,
      'POST',
      `/api/ops/v1/withdrawals/${code}/reject`,
      {},
    );
    // The transfer back lands at the provider, but its answer and every look-up and re-send are lost.
    t.app.sandboxFaults.forceNext('providers', 'lost', ...Array<'error'>(20).fill('error'));
    const approved = await staffRequest(
      t.app,
      finance.cookie,
      'POST',
      `/api/ops/v1/approvals/${asked.json().approval.id}/approve`,
      {},
    );
    expect(approved.json().approval.result).toEqual({ withdrawal: code, status: 'BOUNCE_RETURNING' });
    expect(await playerStatus(p)).toBe('BOUNCED');
    t.app.sandboxFaults.reset();
    t.clock.advance(RESEND_AFTER_MS + 1000);
    await runWorkerTick(t.app);
    expect(await playerStatus(p)).toBe('REJECTED');
    expect(thb(await creditOf(t.app, p, 'gclub'))).toBe(before + thb('100.00'));
    expect(await referencesOf(code)).toContain(`${code}:back`);
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });

  it('two members approving one credit-back at once, 20 rounds: credited back once each time', async () => {
    // On PostgreSQL each round is two decisions taking the order's and the request's locks at the same moment.
    const cashier = await createTestStaff(t.app, t.clock, 'cashier');
    const [one, two] = [
      await createTestStaff(t.app, t.clock, 'finance'),
      await createTestStaff(t.app, t.clock, 'finance'),
    ];
    for (let round = 0; round < 20; round++) {
      const { p, code } = await paidOut();
      expect((await bounce(code)).statusCode).toBe(200);
      const before = thb(await creditOf(t.app, p, 'gclub'));
      const asked = await staffRequest(
        t.app,
        cashier.cookie,
        'POST',
        `/api/ops/v1/withdrawals/${code}/reject`,
        {},
      );
      const id = asked.json().approval.id as string;
      const approve = (cookie: string) =>
        staffRequest(t.app, cookie, 'POST', `/api/ops/v1/approvals/${id}/approve`, {});
      const answers = await Promise.all([approve(one.cookie), approve(two.cookie)]);
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect(thb(await creditOf(t.app, p, 'gclub')), `round ${round}`).toBe(before + thb('100.00'));
    }
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });

  it('credited back once under two parallel calls, while the player has another open withdrawal', async () => {
    const { p, code, payout } = await paidOut();
    expect((await bounce(code)).statusCode).toBe(200);
    // The player withdraws again meanwhile: the credit-back must not collide with that open order.
    const next = await withdraw(t.app, p, { credit: '50.00' });
    expect(next.statusCode).toBe(201);
    const before = await creditOf(t.app, p, 'gclub');

    // Two cashiers ask at once: one request; its approval credits it back; then there is nothing to reject.
    const [c1, c2, finance] = [
      await createTestStaff(t.app, t.clock, 'cashier'),
      await createTestStaff(t.app, t.clock, 'cashier'),
      await createTestStaff(t.app, t.clock, 'finance'),
    ];
    const reject = (cookie: string) =>
      staffRequest(t.app, cookie, 'POST', `/api/ops/v1/withdrawals/${code}/reject`, {});
    const [a, b] = await Promise.all([reject(c1.cookie), reject(c2.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const { approval } = (a.statusCode === 202 ? a : b).json();
    const approved = await staffRequest(
      t.app,
      finance.cookie,
      'POST',
      `/api/ops/v1/approvals/${approval.id}/approve`,
      {},
    );
    expect(approved.json().approval.result).toEqual({ withdrawal: code, status: 'REJECTED' });
    expect((await opsAction(t.app, code, 'reject')).statusCode).toBe(409);

    expect(thb(await creditOf(t.app, p, 'gclub'))).toBe(thb(before) + thb('100.00'));
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'gclub'))).toBe(
      thb(before) + thb('100.00'),
    );
    expect(await referencesOf(code)).toEqual([
      `${code}:back`,
      `${code}:bounce:1`,
      `${code}:out`,
      `${code}:payout`,
    ]);
    // Taken out, paid, bounced, credited back: the bank is where it was, the FX took its kip back.
    expect(
      await entriesByAccount(t.app.db, [`${code}:out`, `${code}:payout`, `${code}:bounce:1`, `${code}:back`]),
    ).toEqual({});
    // What is still owed is the other withdrawal's payout alone.
    expect(payout).toBeGreaterThan(0n);
    expect(await owed(p)).toBe(-lak(next.json().order.payout_amount));
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/v2/withdrawals', headers: { cookie: p.cookie } })
    ).json().items;
    expect(history.find((w: { code: string }) => w.code === code).status).toBe('REJECTED');
    expect(await actionsOf(code)).toContain('withdrawal.credit-back');
    expect(await ledgerSumsByCurrency(t.app.db)).toEqual({ THB: 0n, LAK: 0n });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameProvider } from '../../adapters/providers/game-provider';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { ledgerTransactions } from '../../db/schema/ledger';
import {
  sandboxProviderMembers as members,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { withdrawals } from '../../db/schema/withdrawals';
import { createTestApp, type TestApp } from '../../test/app';
import { isIdleTick, runWorkerTick } from '../../worker/run-worker-tick';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import { bookWithdrawalOut } from './book-withdrawal-out';
import { RESEND_AFTER_MS } from './resolve-withdrawal';
import { RETURN_ALERT_AFTER_ATTEMPTS } from './return-withdrawal-credit';
import {
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from './withdrawal-test-helpers';

// Withdrawals whose transfers go wrong in ways a faulty provider can make them (issue #12, "also seen").
const logLines: string[] = [];
let t: TestApp;
let agencyId: string;
let gclub: GameProvider;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    { listen: true, logStream: { write: (line) => logLines.push(line) } },
  );
  agencyId = await demoAgencyId(t.app.db);
  gclub = t.app.providers.deploymentDefault('gclub');
});
beforeEach(async () => {
  // Whatever an earlier test left unresolved is left alone by the worker for a while; start from quiet.
  t.clock.advance(24 * 60 * 60_000);
  for (let i = 0; i < 5 && !isIdleTick(await runWorkerTick(t.app)); i++);
  logLines.length = 0;
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

async function funded(amount: string): Promise<Withdrawer> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', amount);
  return p;
}
const rowOf = async (code: string) =>
  (await t.app.db.select().from(withdrawals).where(eq(withdrawals.code, code)))[0];
// Asked of the provider itself: the player's session may have run out while the test clock moved on.
const providerBalanceOf = (p: Withdrawer) => gclub.getBalance(providerMemberOf('demo', p.player.id));
const ledgerOf = (p: Withdrawer) =>
  getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'gclub'));
const bookedUnder = (reference: string) =>
  t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
const eventsOf = (event: string) =>
  logLines.map((line) => JSON.parse(line)).filter((line) => line.event === event);
const transferCalls = (spy: { mock: { calls: unknown[][] } }, reference: string) =>
  spy.mock.calls.filter((call) => call[3] === reference).length;

/** The sandbox provider's transfers of a player's member (what the provider says it applied). */
async function providerTransfersOf(p: Withdrawer) {
  const username = providerMemberOf('demo', p.player.id).username;
  return t.app.db
    .select({ reference: transfers.reference, direction: transfers.direction, amount: transfers.amount })
    .from(transfers)
    .innerJoin(members, eq(members.id, transfers.memberId))
    .where(and(eq(members.provider, 'gclub'), eq(members.username, username)));
}

/**
 * Writes a transfer under `reference` straight into the sandbox provider's books, as a faulty provider would
 * record the request it got (out by default): the wallet really moves by that amount.
 */
async function recordFaultyTransfer(
  p: Withdrawer,
  reference: string,
  amount: bigint,
  direction: 'in' | 'out' = 'out',
): Promise<void> {
  const username = providerMemberOf('demo', p.player.id).username;
  const isOut = direction === 'out';
  const [member] = await t.app.db
    .update(members)
    .set({
      balance: sql`${members.balance} + ${isOut ? -amount : amount}`,
      transferredIn: sql`${members.transferredIn} + ${isOut ? 0n : amount}`,
      transferredOut: sql`${members.transferredOut} + ${isOut ? amount : 0n}`,
    })
    .where(and(eq(members.provider, 'gclub'), eq(members.username, username)))
    .returning();
  if (!member) throw new Error('sandbox member missing');
  await t.app.db.insert(transfers).values({
    provider: 'gclub',
    memberId: member.id,
    reference,
    direction,
    amount,
    balanceAfter: member.balance,
    createdAt: t.app.now(),
  });
}

/** The player's row of the reconciliation (ledger vs provider): its status and difference. */
async function reconciliationOf(p: Withdrawer) {
  const { rows } = await runReconciliationNow(t.app, 'FULL');
  const row = rows.find((r) => r.playerId === p.player.id);
  return { status: row?.status, difference: row?.difference };
}

async function opsListed(status: string, code: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ops/v1/withdrawals?status=${status}&pageSize=100`,
    headers: opsHeaders(t.app),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { code: string; failure: string | null }[]).find((w) => w.code === code);
}

describe('a transfer out the provider recorded with another amount (finding 1)', () => {
  it('a lost answer whose look-up finds another amount is held PENDING for staff, never FAILED or re-sent', async () => {
    const p = await funded('300.00');
    // The provider records <code>:out as 80.00 although 100.00 was asked, and the answer is lost.
    const spy = vi.spyOn(gclub, 'transfer').mockImplementationOnce(async (_member, _dir, _amount, ref) => {
      await recordFaultyTransfer(p, ref, 80_00n);
      return { status: 'unknown', reason: 'socket hang up' };
    });
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(202);
    const { code } = res.json().order;
    expect(res.json().order.status).toBe('OPEN');
    const reference = `${code}:out`;

    const held = await rowOf(code);
    expect(held?.status).toBe('PENDING');
    expect(held?.failure).toMatch(/^REFERENCE_CONFLICT/);
    expect(held?.failure).toContain('80.00');
    expect(held?.failure).toContain('100.00');
    expect(eventsOf('provider.transfer_conflict')).toEqual([
      expect.objectContaining({ reference, sent: 'out 100.00', found: 'out 80.00' }),
    ]);
    // Nothing is booked for an amount the provider did not apply; the gap is visible, not silent.
    expect(await bookedUnder(reference)).toEqual([]);
    expect(await ledgerOf(p)).toBe(300_00n);
    expect(await providerBalanceOf(p)).toBe(220_00n);
    expect(await reconciliationOf(p)).toEqual({ status: 'DIFFERENCE', difference: '80.00' });
    expect((await opsListed('PENDING', code))?.failure).toMatch(/^REFERENCE_CONFLICT/);
    // The player's slot stays taken and staff cannot pay out a transfer nobody agrees on.
    expect((await withdraw(t.app, p, { credit: '50.00' })).json().error.code).toBe('OPEN_ORDER');
    expect((await opsAction(t.app, code, 'approve')).json().error.code).toBe('TRANSFER_PENDING');

    // The worker, long past the re-send window: still held, never re-sent, never FAILED.
    for (const step of [RESEND_AFTER_MS + 1000, 10 * 60_000, 30 * 60_000]) {
      t.clock.advance(step);
      await runWorkerTick(t.app);
      expect(await rowOf(code)).toMatchObject({ status: 'PENDING' });
    }
    expect(transferCalls(spy, reference)).toBe(1);
    const atProvider = await providerTransfersOf(p);
    expect(atProvider).toHaveLength(2);
    expect(atProvider).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direction: 'in', amount: 300_00n }),
        { reference, direction: 'out', amount: 80_00n },
      ]),
    );
    expect(await bookedUnder(reference)).toEqual([]);
    expect(eventsOf('provider.transfer_conflict').length).toBeGreaterThan(1);
  });

  it('a look-up that finds <code>:out as a transfer in (another direction) is held the same way', async () => {
    const p = await funded('300.00');
    vi.spyOn(gclub, 'transfer').mockImplementationOnce(async (_member, _dir, amount, ref) => {
      await recordFaultyTransfer(p, ref, amount, 'in');
      return { status: 'unknown', reason: 'socket hang up' };
    });
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(202);
    const { code } = res.json().order;
    t.clock.advance(RESEND_AFTER_MS + 1000);
    await runWorkerTick(t.app);
    const held = await rowOf(code);
    expect(held).toMatchObject({ status: 'PENDING' });
    expect(held?.failure).toContain('as in 100.00, we sent out 100.00');
    expect(eventsOf('provider.transfer_conflict')).toHaveLength(2);
    expect(await bookedUnder(`${code}:out`)).toEqual([]);
    expect(await reconciliationOf(p)).toEqual({ status: 'DIFFERENCE', difference: '-100.00' });
  });

  it('once the provider corrects its record, the next look-up books the withdrawal and opens it', async () => {
    const p = await funded('300.00');
    vi.spyOn(gclub, 'transfer').mockImplementationOnce(async (_member, _dir, _amount, ref) => {
      await recordFaultyTransfer(p, ref, 80_00n);
      return { status: 'unknown', reason: 'socket hang up' };
    });
    const { code } = (await withdraw(t.app, p, { credit: '100.00' })).json().order;
    t.clock.advance(20_000);
    await runWorkerTick(t.app);
    expect(await rowOf(code)).toMatchObject({ status: 'PENDING' });

    // The provider's staff fix the record to what was asked (the wallet loses the other 20.00).
    await t.app.db.delete(transfers).where(eq(transfers.reference, `${code}:out`));
    const username = providerMemberOf('demo', p.player.id).username;
    await t.app.db
      .update(members)
      .set({ balance: sql`${members.balance} + 8000`, transferredOut: sql`${members.transferredOut} - 8000` })
      .where(and(eq(members.provider, 'gclub'), eq(members.username, username)));
    await recordFaultyTransfer(p, `${code}:out`, 100_00n);

    t.clock.advance(60 * 60_000);
    await runWorkerTick(t.app);
    expect(await rowOf(code)).toMatchObject({ status: 'OPEN', failure: null });
    expect(await ledgerOf(p)).toBe(200_00n);
    expect(await providerBalanceOf(p)).toBe(200_00n);
    expect(await reconciliationOf(p)).toEqual({ status: 'OK', difference: '0.00' });
  });

  it('a re-send answered REFERENCE_CONFLICT (another amount landed meanwhile) is held, not FAILED', async () => {
    const p = await funded('300.00');
    // Nothing moved and nothing answered: PENDING.
    t.app.sandboxFaults.forceNext('providers', null, 'error', ...UNANSWERED_LOOK_UPS);
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(202);
    const { code } = res.json().order;
    const reference = `${code}:out`;
    // The stalled original lands with a wrong amount just before the worker's re-send reaches the provider.
    const original = gclub.transfer.bind(gclub);
    const spy = vi.spyOn(gclub, 'transfer').mockImplementationOnce(async (member, dir, amount, ref) => {
      await recordFaultyTransfer(p, ref, 70_00n);
      return original(member, dir, amount, ref);
    });

    t.clock.advance(RESEND_AFTER_MS + 1000);
    expect((await runWorkerTick(t.app)).withdrawals).toContain(code);
    expect(transferCalls(spy, reference)).toBe(1);
    const held = await rowOf(code);
    expect(held?.status).toBe('PENDING');
    expect(held?.failure).toMatch(/^REFERENCE_CONFLICT/);
    expect(held?.failure).toContain('70.00');
    expect(eventsOf('provider.transfer_conflict')[0]).toMatchObject({ reference, found: 'out 70.00' });
    expect(await bookedUnder(reference)).toEqual([]);
    expect(await providerBalanceOf(p)).toBe(230_00n);
    expect(await reconciliationOf(p)).toEqual({ status: 'DIFFERENCE', difference: '70.00' });
  });
});

describe('a transfer out booked from two places at once', () => {
  it('the request and the worker booking one PENDING order together book it once and open it once', async () => {
    const p = await funded('300.00');
    t.app.sandboxFaults.forceNext('providers', null, 'error', ...UNANSWERED_LOOK_UPS);
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode).toBe(202);
    const { code } = res.json().order;
    // The transfer did land at the provider; both finders of that answer book it at the same moment.
    await recordFaultyTransfer(p, `${code}:out`, 100_00n);
    const booked = await Promise.all([
      bookWithdrawalOut(t.app.db, code, t.app.now()),
      bookWithdrawalOut(t.app.db, code, t.app.now()),
    ]);
    expect(booked.map((order) => order.status)).toEqual(['OPEN', 'OPEN']);
    expect(await bookedUnder(`${code}:out`)).toHaveLength(1);
    expect(await rowOf(code)).toMatchObject({ status: 'OPEN', failure: null });
    expect(await ledgerOf(p)).toBe(200_00n);
    expect(await reconciliationOf(p)).toEqual({ status: 'OK', difference: '0.00' });
    // Booking it again later changes nothing either.
    expect((await bookWithdrawalOut(t.app.db, code, t.app.now())).status).toBe('OPEN');
    expect(await bookedUnder(`${code}:out`)).toHaveLength(1);
  });
});

describe('a transfer back that keeps failing (finding 2)', () => {
  it('is retried with a bounded backoff, shown to ops with its attempts, alerted, and finished when it works', async () => {
    const p = await funded('300.00');
    const opened = await withdraw(t.app, p, { credit: '100.00' });
    expect(opened.statusCode).toBe(201);
    const { code } = opened.json().order;
    const reference = `${code}:back`;
    // The provider refuses every transfer in of this member (e.g. its wallet is suspended there).
    const spy = vi
      .spyOn(gclub, 'transfer')
      .mockResolvedValue({ status: 'rejected', code: 'MEMBER_SUSPENDED' });

    const rejected = await opsAction(t.app, code, 'reject');
    expect(rejected.statusCode).toBe(202);
    expect(rejected.json().withdrawal.status).toBe('RETURNING');
    expect(transferCalls(spy, reference)).toBe(1);

    // Pauses after the 1st, 2nd, … failure: 1, 2, 5, 10, 30 s, 2 min. Never earlier, always then.
    const pauses = [1_000, 2_000, 5_000, 10_000, 30_000, 2 * 60_000];
    for (const [i, pause] of pauses.entries()) {
      t.clock.advance(pause - 500);
      expect((await runWorkerTick(t.app)).withdrawals).not.toContain(code);
      expect(transferCalls(spy, reference)).toBe(i + 1);
      t.clock.advance(500);
      expect((await runWorkerTick(t.app)).withdrawals).toContain(code);
      expect(transferCalls(spy, reference)).toBe(i + 2);
    }
    const attempts = pauses.length + 1;
    const stuck = await rowOf(code);
    expect(stuck).toMatchObject({ status: 'RETURNING', returnAttempts: attempts });
    expect((await opsListed('RETURNING', code))?.failure).toBe(
      `MEMBER_SUSPENDED (transfer back failed ${attempts} times; next try ${stuck?.nextAttemptAt?.toISOString()})`,
    );
    // One alert per failure from the threshold on, each with the stable event name.
    const alerts = eventsOf('withdrawal.return_stuck');
    expect(alerts).toHaveLength(attempts - RETURN_ALERT_AFTER_ATTEMPTS + 1);
    expect(alerts.at(-1)).toMatchObject({
      level: 40,
      code,
      reference,
      attempts,
      failure: 'MEMBER_SUSPENDED',
    });

    // The pause stops growing at 30 minutes: the credit belongs to the player, so it never gives up.
    t.clock.advance(4 * 60 * 60_000);
    for (let i = 0; i < 3; i++) {
      if (i > 0) t.clock.advance(30 * 60_000);
      expect((await runWorkerTick(t.app)).withdrawals).toContain(code);
    }
    const later = await rowOf(code);
    expect(later?.returnAttempts).toBe(attempts + 3);
    expect((later?.nextAttemptAt?.getTime() ?? 0) - t.app.now().getTime()).toBe(30 * 60_000);
    t.clock.advance(30 * 60_000);

    // The provider takes transfers again: the next due try returns the credit, once.
    spy.mockRestore();
    await runWorkerTick(t.app);
    expect(await rowOf(code)).toMatchObject({ status: 'REJECTED', failure: null });
    expect(await providerBalanceOf(p)).toBe(300_00n);
    expect(await ledgerOf(p)).toBe(300_00n);
    expect(await bookedUnder(reference)).toHaveLength(1);
    expect(await reconciliationOf(p)).toEqual({ status: 'OK', difference: '0.00' });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { bankPayments } from '../../db/schema/bank-payments';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';
import {
  type OpenedStream,
  openDepositOf,
  openOpsEventStream,
  payDeposit,
  queueEventsOf,
} from './events-test-helpers';

const HEARTBEAT_MS = 300;
let t: TestApp;
let support: TestStaff;
let finance: TestStaff;
let admin: TestStaff;
const opened: OpenedStream[] = [];
async function stream(headers: Record<string, string>): Promise<OpenedStream> {
  const s = await openOpsEventStream(t.app, headers);
  opened.push(s);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) }, { listen: true });
  [support, finance, admin] = await Promise.all([
    createTestStaff(t.app, t.clock, 'support'),
    createTestStaff(t.app, t.clock, 'finance'),
    createTestStaff(t.app, t.clock, 'admin'),
  ]);
}, 120_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

/** A stored bank payment of `agencyId` (null: a bill no agency issued), as the bank webhook would record. */
async function insertPayment(agencyId: string | null, status: 'UNMATCHED' | 'MATCHED') {
  const [row] = await t.app.db
    .insert(bankPayments)
    .values({
      agencyId,
      bankReference: `ref-${randomUUID()}`,
      billNumber: `bill-${randomUUID().slice(0, 8)}`,
      amount: 50_000n,
      paidAt: t.clock.now(),
      receivedAt: t.clock.now(),
      status,
      reason: status === 'UNMATCHED' ? 'UNKNOWN_BILL' : null,
    })
    .returning();
  return row?.id as string;
}

describe('GET /api/ops/v1/events', () => {
  it('401 without a session or token; a text/event-stream with retry and heartbeats for support', async () => {
    const anonymous = await stream({});
    expect(anonymous.status).toBe(401);
    await anonymous.waitForEnd();
    expect(JSON.parse(anonymous.body).error.code).toBe('UNAUTHORIZED');

    const s = await stream({ cookie: support.cookie });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store');
    await s.waitFor(() => s.lines.includes(': heartbeat'), 5000);
    expect(s.lines[0]).toBe('retry: 3000');
  });

  it("carries the agency's queues: deposits leaving OPEN, unmatched payments, withdrawals, approvals", async () => {
    const s = await stream({ cookie: support.cookie });
    const bearer = await stream({ authorization: `Bearer ${t.app.opsToken.token}` });
    const { p, code } = await openDepositOf(t.app);
    await payDeposit(t.app, p, code);
    const unmatched = await insertPayment(await demoAgencyId(t.app.db), 'UNMATCHED');
    const unknownBill = await insertPayment(null, 'UNMATCHED');
    // MATCHED payments settle their order by themselves: no queue, no event.
    const matched = await insertPayment(await demoAgencyId(t.app.db), 'MATCHED');
    const asked = await staffRequest(t.app, finance.cookie, 'POST', '/api/ops/v1/adjustments', {
      playerId: p.player.id,
      provider: 'betflix',
      amount: '10.00',
      reason: 'test',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const approvalId = asked.json().approval.id as string;
    const rejected = await staffRequest(
      t.app,
      admin.cookie,
      'POST',
      `/api/ops/v1/approvals/${approvalId}/reject`,
      {
        reason: 'no',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);

    for (const x of [s, bearer]) {
      // The webhook's settlement runs after the sandbox payment answered: wait for both ends.
      await x.waitFor(() => {
        const events = queueEventsOf(x);
        return (
          events.some((e) => e.id === approvalId && e.status === 'REJECTED') &&
          events.some((e) => e.id === code && e.status === 'SUCCESS')
        );
      });
      const events = queueEventsOf(x);
      expect(events.filter((e) => e.id === code)).toEqual([
        { type: 'deposit', id: code, status: 'PAID' },
        { type: 'deposit', id: code, status: 'SUCCESS' },
      ]);
      expect(events).toContainEqual({ type: 'bank-payment', id: unmatched, status: 'UNMATCHED' });
      expect(events).toContainEqual({ type: 'bank-payment', id: unknownBill, status: 'UNMATCHED' });
      expect(events.some((e) => e.id === matched)).toBe(false);
      expect(events.filter((e) => e.id === approvalId)).toEqual([
        { type: 'approval', id: approvalId, status: 'PENDING' },
        { type: 'approval', id: approvalId, status: 'REJECTED' },
      ]);
    }
  });

  it("never carries another agency's records", async () => {
    const [other] = await t.app.db
      .insert(agencies)
      .values({
        code: `other-${randomUUID().slice(0, 8)}`,
        name: 'Other',
        logoUrl: '/x.svg',
        social: { telegram: null, whatsapp: null, facebook: null, twitter: null, line: null },
        languages: ['lo'],
        paymentChannels: [],
        depositMinLak: 1n,
        depositMaxLak: 1_000_000n,
        withdrawMinSatang: 1n,
        withdrawMaxSatang: 1_000_000n,
        promotionThresholdSatang: 500n,
      })
      .returning();
    const s = await stream({ cookie: support.cookie });
    const foreign = await insertPayment(other?.id ?? null, 'UNMATCHED');
    const own = await insertPayment(await demoAgencyId(t.app.db), 'UNMATCHED');
    await s.waitFor(() => queueEventsOf(s).some((e) => e.id === own));
    expect(queueEventsOf(s).some((e) => e.id === foreign)).toBe(false);
  });

  it("a deactivated member's stream ends within a heartbeat; a player's stream is not a staff one", async () => {
    const member = await createTestStaff(t.app, t.clock, 'cashier');
    const s = await stream({ cookie: member.cookie });
    expect(s.status).toBe(200);
    const off = await staffRequest(t.app, admin.cookie, 'PATCH', `/api/ops/v1/staff/${member.id}`, {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await s.waitForEnd(HEARTBEAT_MS * 10);
    const player = await registerTestPlayer(t.app);
    const refused = await stream({ cookie: player.cookie });
    expect(refused.status).toBe(401);
  });

  it('an idle-expired staff session ends its stream without the stream keeping it alive', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    const s = await stream({ cookie: member.cookie });
    expect(s.status).toBe(200);
    t.clock.advance(16 * 60_000);
    await s.waitForEnd(HEARTBEAT_MS * 10);
    // The OPS token has no session to expire: its stream goes on.
    const bearer = await stream({ authorization: `Bearer ${t.app.opsToken.token}` });
    await bearer.waitFor(() => bearer.lines.filter((l) => l === ': heartbeat').length >= 2, 5000);
    expect(bearer.isEnded()).toBe(false);
  });
});

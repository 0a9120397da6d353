import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { createTestApp, type TestApp } from '../../test/app';
import { playerWithBankAccount, postDeposit } from '../deposits/deposit-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import {
  automationRequest,
  createTestStaff,
  staffRequest,
  type TestStaff,
} from '../staff/staff.test-helpers';

// Where players' deposits go is a money setting (go-live): a payment channel is created or replaced only when a
// second admin approves the request, never by one admin (nor the platform's token) alone.

let t: TestApp;
let agencyId: string;
let adminA: TestStaff;
let adminB: TestStaff;
let finance: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
  adminA = await createTestStaff(t.app, t.clock, 'admin');
  adminB = await createTestStaff(t.app, t.clock, 'admin');
  finance = await createTestStaff(t.app, t.clock, 'finance');
});
afterAll(async () => {
  await t?.close();
});

const CHANNEL = {
  mid: 'MID-JDB-7777',
  displayName: 'JDB Four Eyes',
  currency: 'LAK',
  receivingBank: 'jdb',
  mode: 'local',
  receiverId: 'JDBX7Q2M4K9P1',
  mcc: '7995',
  merchantName: 'LAO CREDIT DEMO',
  merchantCity: 'VIENTIANE',
};
const put = (member: TestStaff, code: string, body: object) =>
  staffRequest(t.app, member.cookie, 'PUT', `/api/ops/v1/agency/payment-channels/${code}`, body);
const approve = (member: TestStaff, id: string) =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/approvals/${id}/approve`, {});
const channelsNow = async () =>
  (await t.app.db.select().from(agencies).where(eq(agencies.id, agencyId)))[0]?.paymentChannels ?? [];

describe('payment channels through four eyes', () => {
  it('a request changes nothing until a second admin approves it; then deposits may use it', async () => {
    const before = await channelsNow();
    const asked = await put(adminA, 'jdb-four', CHANNEL);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().approval).toMatchObject({
      kind: 'CHANNEL_SETTINGS',
      status: 'PENDING',
      payload: { code: 'jdb-four', mid: CHANNEL.mid, receiverId: CHANNEL.receiverId },
    });
    expect(await channelsNow()).toEqual(before);
    const p = await playerWithBankAccount(t.app);
    expect((await postDeposit(t.app, p, { mid: CHANNEL.mid })).json().error.code).toBe('UNKNOWN_CHANNEL');

    // One waits per channel; its requester, a finance member and the token cannot decide it.
    expect((await put(adminB, 'jdb-four', CHANNEL)).json().error.code).toBe('APPROVAL_PENDING');
    const { id } = asked.json().approval;
    expect((await approve(adminA, id)).json().error.code).toBe('SAME_STAFF');
    expect((await approve(finance, id)).json().error.code).toBe('FORBIDDEN_ROLE');
    const byToken = await automationRequest(t.app, 'POST', `/api/ops/v1/approvals/${id}/approve`, {});
    expect(byToken.json().error.code).toBe('AUTOMATION_CANNOT_APPROVE');

    expect((await approve(adminB, id)).statusCode).toBe(200);
    expect(await channelsNow()).toContainEqual({ code: 'jdb-four', ...CHANNEL });
    expect((await postDeposit(t.app, p, { mid: CHANNEL.mid })).statusCode).toBe(201);
  });

  it('a MID another channel has is refused when asked and again when approved', async () => {
    const taken = await put(adminA, 'jdb-copy', { ...CHANNEL, displayName: 'Copy' });
    expect([taken.statusCode, taken.json().error.fields?.mid]).toEqual([400, 'INVALID']);
    // Two requests for two codes with one new MID: the second approval finds it taken and changes nothing.
    const mid = 'MID-JDB-8888';
    const first = await put(adminA, 'jdb-one', { ...CHANNEL, mid });
    const second = await put(adminA, 'jdb-two', { ...CHANNEL, mid });
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect((await approve(adminB, first.json().approval.id)).statusCode).toBe(200);
    const refused = await approve(adminB, second.json().approval.id);
    expect([refused.statusCode, refused.json().error.fields?.mid]).toEqual([400, 'INVALID']);
    expect((await channelsNow()).filter((c) => c.mid === mid).map((c) => c.code)).toEqual(['jdb-one']);
    const [still] = await t.app.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, second.json().approval.id));
    expect(still?.status).toBe('PENDING');
  });

  it('the platform token may ask, but a member the token made never approves it', async () => {
    const asked = await automationRequest(t.app, 'PUT', '/api/ops/v1/agency/payment-channels/bcel-token', {
      ...CHANNEL,
      mid: 'MID-BCEL-9999',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await approve(adminB, asked.json().approval.id)).json().error.code).toBe('SAME_STAFF');
  });
});

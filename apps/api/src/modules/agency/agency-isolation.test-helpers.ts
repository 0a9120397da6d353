import { randomInt, randomUUID } from 'node:crypto';
import { ZApiError } from '@lc/shared/errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { webhookHeaders } from '../../adapters/payments/payment-gateway';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import type { App } from '../../app';
import { rowsOf } from '../../db/rows-of';
import { registerTestPlayer, type TestApp } from '../../test/app';
import { platformAgency } from '../../test/platform-agency';
import {
  DEMO_MID,
  type DepositPlayer,
  depositAction,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import { DEMO_PROMOTIONS } from '../promotions/seed-demo-promotions';
import { waitForReconciliationRuns } from '../reconciliation/launch-reconciliation-run';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';
import { withdraw } from '../withdrawals/withdrawal-test-helpers';

// Two agencies on one deployment, each with the same kinds of records (issue #38, item 7 "Isolation"): the
// demo agency on localhost (A) and one the platform creates on B_HOST (B). Built the way the product builds
// them (API calls, sandbox bank and providers), so the isolation tests look at real records.

export const A_HOST = 'localhost';
export const B_HOST = 'isolation-b.example.test';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type IsolationPlayer = DepositPlayer & { accountNumber: string; fingerprint: string };

/** One agency and its records, as the isolation tests use them. */
export type World = {
  label: 'A' | 'B';
  host: string;
  agencyId: string;
  code: string;
  name: string;
  /** The payment channel deposits use (A: the demo's BCEL channel; B: one its admin saved). */
  mid: string;
  admin: TestStaff;
  /** A player with a bank account, a credited deposit, a deposit paid with another amount and a withdrawal. */
  player: IsolationPlayer;
  /** `player`'s session (its id as GET players/sessions shows it). */
  sessionId: string;
  /** A player who took `promotionId` (an ACTIVE usage), on a device a player of the other agency uses too. */
  promoPlayer: IsolationPlayer;
  successCode: string;
  /** PAID with another amount than ordered: waiting for staff (confirm or reject). */
  paidCode: string;
  withdrawalCode: string;
  /** The UNMATCHED bank payment (AMOUNT_MISMATCH) of `paidCode`, owned by this agency. */
  paymentId: string;
  promotionId: string;
  usageId: string;
  /** A PENDING four-eyes adjustment of `player`'s credit. */
  approvalId: string;
  noteId: string;
  noteText: string;
  runId: string;
};

export type Worlds = { a: World; b: World; app: App };

const expectStatus = (res: LightMyRequestResponse, status: number, what: string) =>
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);

/** An ops call with the OPS token on the agency of `host`. */
export function asToken(app: App, host: string, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { host, authorization: `Bearer ${app.opsToken.token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An ops call with `world`'s admin session, on `host` (the admin's own agency's unless told). */
export function asAdmin(
  app: App,
  world: Pick<World, 'admin' | 'host'>,
  method: Method,
  url: string,
  payload?: unknown,
  host?: string,
) {
  return staffRequest(
    app,
    world.admin.cookie,
    method,
    url,
    payload === undefined ? undefined : (payload as object),
    { host: host ?? world.host },
  );
}

/** A player call with `player`'s session cookie on `host` (the player's own agency's unless told). */
export function asPlayer(
  app: App,
  player: { cookie: string; host: string },
  method: Method,
  url: string,
  payload?: unknown,
  host?: string,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: player.cookie, host: host ?? player.host },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The answer is the contract's error shape with this status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, where: string): void {
  expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
  const parsed = ZApiError.safeParse(res.json());
  expect(parsed.success, `${where}: not the contract's error shape: ${res.body}`).toBe(true);
  expect(parsed.data?.error.code, where).toBe(code);
}

/**
 * The strings that name `world`'s records and must never appear in an answer given to the other agency.
 * Usernames and bank account numbers are left out on purpose: each agency has its own namespace of them, and
 * the tests give both agencies a player (and a staff member) of the same name and account number.
 */
export function secretsOf(world: World): Record<string, string> {
  return {
    agencyId: world.agencyId,
    agencyName: world.name,
    mid: world.mid,
    playerId: world.player.player.id,
    promoPlayerId: world.promoPlayer.player.id,
    bankAccountId: world.player.bankAccountId,
    sessionId: world.sessionId,
    successCode: world.successCode,
    paidCode: world.paidCode,
    withdrawalCode: world.withdrawalCode,
    paymentId: world.paymentId,
    promotionId: world.promotionId,
    usageId: world.usageId,
    approvalId: world.approvalId,
    noteId: world.noteId,
    noteText: world.noteText,
    runId: world.runId,
    adminId: world.admin.id,
  };
}

/** Fails naming every record of `other` that `body` mentions. */
export function expectNoneOf(other: World, body: string, where: string): void {
  const found = Object.entries(secretsOf(other)).filter(([, value]) => body.includes(value));
  expect(
    found.map(([name]) => `${other.label}.${name}`),
    `${where} shows records of agency ${other.label}`,
  ).toEqual([]);
}

/** The LaoQR of `code` paid at the sandbox bank with its webhook dropped; the player's check records it. */
export async function payAndCheck(app: App, p: DepositPlayer, code: string, amount: string) {
  app.sandboxFaults.forceNext('bank', 'lost');
  expectStatus(await sandboxPay(app, { billNumber: code, amount }), 201, 'sandbox pay');
  const check = await depositAction(app, p, code, 'check');
  expectStatus(check, 200, 'deposit check');
  return check.json().order as { code: string; status: string };
}

export async function newPlayer(
  app: App,
  host: string,
  options: { username?: string; password?: string; fingerprint: string; accountNumber?: string },
): Promise<IsolationPlayer> {
  const p = await registerTestPlayer(app, {
    host,
    fingerprint: options.fingerprint,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
  });
  // Never starting 000, 998 or 999: the sandbox directory's unknown, wallet and simulated accounts.
  const accountNumber = options.accountNumber ?? `1${String(randomInt(0, 10 ** 9)).padStart(11, '0')}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { cookie: p.cookie, host },
    payload: {
      bank: 'bcel',
      accountNumber,
      accountName: 'SOMCHAI PHOMMAVONG',
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  expectStatus(res, 201, `bank account on ${host}`);
  return {
    ...p,
    host,
    bankAccountId: res.json().bankAccount.id,
    accountNumber,
    fingerprint: options.fingerprint,
  };
}

type Partial1 = Pick<World, 'label' | 'host' | 'agencyId' | 'code' | 'name' | 'mid' | 'admin'>;

async function agencyOfHost(app: App, host: string) {
  const info = await app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } });
  expectStatus(info, 200, `agency info of ${host}`);
  return info.json().agency as { id: string; code: string; name: string };
}

/** The player's money records: a credited deposit, one paid with another amount (waits for staff), a withdrawal. */
async function moneyOf(app: App, base: Partial1, player: IsolationPlayer) {
  const first = await postDeposit(app, player, { mid: base.mid });
  expectStatus(first, 201, `deposit on ${base.host}`);
  const successCode = first.json().order.code as string;
  expect((await payAndCheck(app, player, successCode, '100000')).status).toBe('SUCCESS');
  const second = await postDeposit(app, player, { mid: base.mid });
  expectStatus(second, 201, `second deposit on ${base.host}`);
  const paidCode = second.json().order.code as string;
  expect((await payAndCheck(app, player, paidCode, '99000')).status).toBe('PAID');
  const out = await withdraw(app, player, { credit: '100.00' }, { host: base.host });
  expectStatus(out, 201, `withdrawal on ${base.host}`);
  const payments = await asToken(app, base.host, 'GET', '/api/ops/v1/bank-payments?status=UNMATCHED');
  const payment = (payments.json().items as Array<{ id: string; depositCode: string | null }>).find(
    (item) => item.depositCode === paidCode,
  );
  if (!payment) throw new Error(`no unmatched payment of ${paidCode}`);
  return { successCode, paidCode, withdrawalCode: out.json().order.code as string, paymentId: payment.id };
}

/** The rest of the agency's records, made by its admin (or the OPS token on its host) and its players. */
async function recordsOf(app: App, base: Partial1, player: IsolationPlayer, promoFingerprint: string) {
  const noteText = `note ${base.label} ${randomUUID()}`;
  const note = await asAdmin(app, base, 'POST', `/api/ops/v1/players/${player.player.id}/notes`, {
    text: noteText,
  });
  expectStatus(note, 201, 'note');
  const asked = await asAdmin(app, base, 'POST', '/api/ops/v1/adjustments', {
    playerId: player.player.id,
    provider: 'betflix',
    amount: '5.00',
    reason: `isolation ${base.label}`,
  });
  expectStatus(asked, 202, 'adjustment request');
  const promotion = await asToken(app, base.host, 'POST', '/api/ops/v1/promotions', {
    ...DEMO_PROMOTIONS.welcome,
    title: {
      lo: `Iso ${base.label}`,
      cn: `Iso ${base.label}`,
      vn: `Iso ${base.label}`,
      th: `Iso ${base.label}`,
    },
    providers: ['gclub'],
    startsAt: '2026-01-01T00:00:00.000Z',
    firstOrderOnly: true,
    active: true,
  });
  expectStatus(promotion, 201, 'promotion');
  const promotionId = promotion.json().promotion.id as string;
  // A new player on a device where a player of the OTHER agency already deposited: to this agency they are a
  // new customer, so the first-order-only promotion is theirs.
  const promoPlayer = await newPlayer(app, base.host, { fingerprint: promoFingerprint });
  const used = await asPlayer(app, promoPlayer, 'POST', '/api/v2/promotions/use', {
    promotionId,
    providerId: 'gclub',
  });
  expectStatus(used, 201, `promotion use on ${base.host}`);
  const sessions = await asPlayer(app, player, 'GET', '/api/v2/players/sessions');
  expectStatus(sessions, 200, 'sessions');
  return {
    noteText,
    noteId: note.json().note.id as string,
    approvalId: asked.json().approval.id as string,
    promotionId,
    promoPlayer,
    usageId: used.json().usage.usageId as string,
    sessionId: (sessions.json().sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)
      ?.id as string,
  };
}

/**
 * The app's routes as they are added, and a wait for the reconciliation runs the API is executing: they are
 * tracked per instance of the routes' plugin (launch-reconciliation-run.ts), which `onRoute` hooks see as
 * `this`. Waiting on it needs no sleep.
 */
export function routeTable() {
  const routes: RouteOptions[] = [];
  let reconciliation: FastifyInstance | undefined;
  function onRoute(this: FastifyInstance, route: RouteOptions): void {
    routes.push(route);
    if (route.url === '/api/ops/v1/reconciliation/runs') reconciliation = this;
  }
  const waitForRuns = async () => {
    if (!reconciliation) throw new Error('the reconciliation routes were not registered');
    await waitForReconciliationRuns(reconciliation);
  };
  return { routes, onRoute, waitForRuns };
}

/** A finished reconciliation run of the agency on `host` (started as ops would, awaited without sleeping). */
async function reconcile(app: App, host: string, waitForRuns: () => Promise<void>): Promise<string> {
  const started = await asToken(app, host, 'POST', '/api/ops/v1/reconciliation/runs', { kind: 'FULL' });
  expectStatus(started, 202, `reconciliation on ${host}`);
  await waitForRuns();
  const run = await asToken(app, host, 'GET', `/api/ops/v1/reconciliation/runs/${started.json().run.id}`);
  expect(run.json().run.status).toBe('DONE');
  return started.json().run.id as string;
}

/**
 * Agency A (demo, localhost) and agency B (made by the platform on B_HOST), each with an admin, a player with
 * a bank account, deposits, a withdrawal, an unmatched payment, a promotion and a usage, a note, a pending
 * approval, a session and a reconciliation run. The players of A and B share a username and a bank account
 * number (each agency has its own namespace), and each agency's promotion player uses the device of the
 * other agency's depositing player.
 */
export async function setUpWorlds(t: TestApp, waitForRuns: () => Promise<void>): Promise<Worlds> {
  const { app, clock } = t;
  await platformAgency(app, B_HOST);
  // A new agency has no rate and no channel: its admin sets them (go-live), here with the OPS token.
  expectStatus(
    await asToken(app, B_HOST, 'PUT', '/api/ops/v1/exchange-rates', {
      currency: 'THB',
      buy: '600',
      sell: '610',
    }),
    200,
    'B rate',
  );
  const bMid = 'MID-ISO-B-0001';
  // A channel is a four-eyes request (go-live): B's admin asks, a second B admin approves.
  const bAdmin = await createTestStaff(app, clock, 'admin', B_HOST);
  const bApprover = await createTestStaff(app, clock, 'admin', B_HOST);
  const onB = { host: B_HOST };
  const channelAsked = await staffRequest(
    app,
    bAdmin.cookie,
    'PUT',
    '/api/ops/v1/agency/payment-channels/iso-b-main',
    {
      mid: bMid,
      displayName: 'BCEL of B',
      currency: 'LAK',
      receivingBank: 'bcel',
      mode: 'local',
      receiverId: 'SBXMCH-BCEL-0001',
      mcc: '7995',
      merchantName: 'ISOLATION B',
      merchantCity: 'VIENTIANE',
    },
    onB,
  );
  expectStatus(channelAsked, 202, 'B channel asked');
  expectStatus(
    await staffRequest(
      app,
      bApprover.cookie,
      'POST',
      `/api/ops/v1/approvals/${channelAsked.json().approval.id}/approve`,
      {},
      onB,
    ),
    200,
    'B channel approved',
  );
  const [aAgency, bAgency] = await Promise.all([agencyOfHost(app, A_HOST), agencyOfHost(app, B_HOST)]);
  // One at a time: each moves the shared clock one TOTP step.
  const aAdmin = await createTestStaff(app, clock, 'admin', A_HOST);
  const baseA: Partial1 = { label: 'A', host: A_HOST, ...pick(aAgency), mid: DEMO_MID, admin: aAdmin };
  const baseB: Partial1 = { label: 'B', host: B_HOST, ...pick(bAgency), mid: bMid, admin: bAdmin };

  const fpA = `fp-iso-a-${randomUUID().slice(0, 8)}`;
  const fpB = `fp-iso-b-${randomUUID().slice(0, 8)}`;
  const playerA = await newPlayer(app, A_HOST, { fingerprint: fpA });
  const playerB = await newPlayer(app, B_HOST, {
    fingerprint: fpB,
    username: playerA.username,
    password: 'another-battery-horse-b',
    accountNumber: playerA.accountNumber,
  });
  // One after the other: each drops the webhook of its next sandbox payment (a queue the two would share).
  const moneyA = await moneyOf(app, baseA, playerA);
  const moneyB = await moneyOf(app, baseB, playerB);
  const [recordsA, recordsB] = await Promise.all([
    recordsOf(app, baseA, playerA, fpB),
    recordsOf(app, baseB, playerB, fpA),
  ]);
  const runA = await reconcile(app, A_HOST, waitForRuns);
  const runB = await reconcile(app, B_HOST, waitForRuns);
  return {
    app,
    a: { ...baseA, player: playerA, ...moneyA, ...recordsA, runId: runA },
    b: { ...baseB, player: playerB, ...moneyB, ...recordsB, runId: runB },
  };
}

const pick = (agency: { id: string; code: string; name: string }) => ({
  agencyId: agency.id,
  code: agency.code,
  name: agency.name,
});

/** A payment of a bill no agency issued (agency_id null), reported by the bank's signed webhook. */
export async function unownedPayment(app: App, now: Date): Promise<string> {
  const billNumber = `NOBILL${randomInt(10 ** 8, 10 ** 9)}`;
  app.sandboxFaults.forceNext('bank', 'lost');
  const paid = await sandboxPay(app, { billNumber, amount: '50000' });
  expectStatus(paid, 201, 'sandbox pay of an unknown bill');
  const raw = JSON.stringify(paid.json().payment);
  const hook = await app.inject({
    method: 'POST',
    url: '/api/v2/bank/webhook',
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders(bankWebhookSecretOf(app) ?? '', raw, now),
    },
    payload: raw,
  });
  expectStatus(hook, 200, 'webhook of an unknown bill');
  const listed = await asToken(app, A_HOST, 'GET', '/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100');
  const found = (listed.json().items as Array<{ id: string; billNumber: string }>).find(
    (p) => p.billNumber === billNumber,
  );
  if (!found) throw new Error('the unknown bill payment was not recorded');
  return found.id;
}

// Rows only background machinery writes (the outbox relay, rate limits, worker leases): never agency data.
const MACHINERY_TABLES = new Set(['order_event_outbox', 'rate_limit_hits', 'worker_leases']);

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Every row of every table of the database (sorted, as JSON), but the background machinery's and the audit
 * entries of `callerAgencyId` (a refused call is audited under the caller's own agency). Equal before and after
 * a call proves the call changed nothing of anybody's.
 */
export async function databaseSnapshot(app: App, callerAgencyId: string): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ table_name: string }>(
    await app.db.execute(
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((row) => row.table_name);
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    if (MACHINERY_TABLES.has(table)) continue;
    const where =
      table === 'audit_log' ? sql` WHERE agency_id IS DISTINCT FROM ${callerAgencyId}::uuid` : sql``;
    const rows = rowsOf<Record<string, unknown>>(
      await app.db.execute(sql`SELECT * FROM ${sql.identifier(table)}${where}`),
    );
    snapshot[table] = rows.map((row) => JSON.stringify(row, bigintSafe)).sort();
  }
  return snapshot;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}

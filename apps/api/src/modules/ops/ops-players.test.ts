import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { ledgerTransactions } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import {
  createTestApp,
  fingerprintPayload,
  registerTestPlayer,
  type TestApp,
  uniqueUsername,
} from '../../test/app';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest } from '../staff/staff.test-helpers';

let t: TestApp;
let bearer: string;
let actor: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  bearer = `Bearer ${t.app.opsToken.token}`;
  // OPS_TOKEN acts as the built-in `automation` account (backoffice.md).
  actor = 'automation';
});
afterAll(async () => {
  await t?.close();
});

const ops = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: bearer, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const credit = (playerId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ops('POST', `/api/ops/v1/players/${playerId}/credit`, body, headers);
const creditOf = async (cookie: string, provider: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v2/players/credits/${provider}`, headers: { cookie } })
  ).json().credit.amount;
const lastAudit = async () =>
  (await t.app.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(1))[0];

describe('ops authentication', () => {
  it('answers 401 without the bearer token, or with a wrong one, and audits nothing', async () => {
    const before = (await t.app.db.select().from(auditLog)).length;
    const routes = [
      ['GET', '/api/ops/v1/players'],
      ['GET', '/api/ops/v1/reconciliation'],
      ['POST', '/api/ops/v1/adjustments'],
    ] as const;
    for (const [method, url] of routes) {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', t.app.opsToken.token]) {
        const res = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(method === 'POST' ? { payload: { provider: 'gclub', amount: '1.00' } } : {}),
        });
        expect(res.statusCode, `${method} ${url} ${authorization}`).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    }
    expect((await t.app.db.select().from(auditLog)).length).toBe(before);
  });
});

describe('GET /api/ops/v1/players', () => {
  it('finds players by part of the username or display name, by id and by device, newest first', async () => {
    const a = await registerTestPlayer(t.app, { username: uniqueUsername('zq_') });
    t.clock.advance(1000);
    const b = await registerTestPlayer(t.app, { username: uniqueUsername('zq_') });
    await t.app.db
      .update(players)
      .set({ blockedAt: t.clock.now(), blockReason: 'abuse' })
      .where(eq(players.id, b.player.id));

    const byName = await ops('GET', '/api/ops/v1/players?query=ZQ_');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      items: [
        {
          id: b.player.id,
          username: b.username,
          displayName: `Player ${b.username}`,
          createdAt: b.player.createdAt,
          blocked: true,
        },
        {
          id: a.player.id,
          username: a.username,
          displayName: `Player ${a.username}`,
          createdAt: a.player.createdAt,
          blocked: false,
        },
      ],
      page: 1,
      pageSize: 20,
      total: 2,
    });
    expect(byName.body).not.toContain('argon2');

    const byId = (await ops('GET', `/api/ops/v1/players?query=${a.player.id}`)).json();
    expect(byId.items.map((p: { id: string }) => p.id)).toEqual([a.player.id]);

    const paged = (await ops('GET', '/api/ops/v1/players?query=zq_&page=2&pageSize=1')).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(paged.items.map((p: { id: string }) => p.id)).toEqual([a.player.id]);

    // `_` is matched literally, not as a LIKE wildcard.
    const literal = (await ops('GET', '/api/ops/v1/players?query=zq%5F')).json();
    expect(literal.total).toBe(2);
    const wildcard = (await ops('GET', '/api/ops/v1/players?query=z_q')).json();
    expect(wildcard.total).toBe(0);
  });

  it('finds the players sharing a device fingerprint', async () => {
    const shared = `fp-shared-${randomUUID()}`;
    const a = await registerTestPlayer(t.app);
    const b = await registerTestPlayer(t.app);
    await registerTestPlayer(t.app);
    for (const p of [a, b]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/fingerprint',
        headers: { cookie: p.cookie },
        payload: { fingerprint: fingerprintPayload(shared) },
      });
      expect(res.statusCode).toBe(204);
    }
    const found = (await ops('GET', `/api/ops/v1/players?fingerprint=${shared}`)).json();
    expect(found.items.map((p: { id: string }) => p.id).sort()).toEqual([a.player.id, b.player.id].sort());
  });

  it('writes every listing to the audit log with the automation account as actor', async () => {
    t.clock.advance(1000);
    await ops('GET', '/api/ops/v1/players?query=someone');
    const row = await lastAudit();
    expect(row).toMatchObject({ actor, action: 'players.list', target: 'agency:demo' });
    expect(row?.details).toMatchObject({ query: 'someone', fingerprint: null });
    expect(JSON.stringify(row)).not.toContain(t.app.opsToken.token);
  });
});

describe('no one credits a player alone (four eyes)', () => {
  it('neither the OPS token nor an admin session books a credit at once: nothing moves until a second person approves', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const body = { provider: 'betflix', amount: '50000.00', reason: 'goodwill' };
    const asToken = await credit(p.player.id, body);
    const asAdmin = await staffRequest(
      t.app,
      admin.cookie,
      'POST',
      `/api/ops/v1/players/${p.player.id}/credit`,
      body,
    );
    for (const res of [asToken, asAdmin]) expect(res.statusCode, res.body).toBe(404);
    expect(await creditOf(p.cookie, 'betflix')).toBe('0.00');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'))).toBe(
      0n,
    );
    const adjustments = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.playerId, p.player.id));
    expect(adjustments).toEqual([]);
  });
});

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
import { hasSuccessfulDeposit } from '../ledger/has-successful-deposit';
import { demoAgencyId } from '../ledger/ledger-test-helpers';

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
const auditRows = (action: string) => t.app.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('ops authentication', () => {
  it('answers 401 without the bearer token, or with a wrong one, and audits nothing', async () => {
    const before = (await t.app.db.select().from(auditLog)).length;
    const routes = [
      ['GET', '/api/ops/v1/players'],
      ['GET', '/api/ops/v1/reconciliation'],
      ['POST', `/api/ops/v1/players/${randomUUID()}/credit`],
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

describe('POST /api/ops/v1/players/{id}/credit', () => {
  it('transfers the credit in at the provider, books it as an ADJUSTMENT (not a deposit) and audits it', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);

    const res = await credit(p.player.id, { provider: 'betflix', amount: '100.50', reason: 'goodwill' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      credit: {
        reference: expect.stringMatching(/^ops-credit:[0-9a-f-]{36}$/),
        playerId: p.player.id,
        provider: 'betflix',
        amount: '100.50',
        reason: 'goodwill',
        status: 'APPLIED',
        createdAt: t.clock.now().toISOString(),
      },
    });
    expect(await creditOf(p.cookie, 'betflix')).toBe('100.50');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'))).toBe(
      10_050n,
    );
    // Adjustments are not deposits (domain.md rule 6): no first deposit, no turnover.
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);
    const [posted] = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, body.credit.reference));
    expect(posted).toMatchObject({
      kind: 'ADJUSTMENT',
      playerId: p.player.id,
      provider: 'betflix',
      memo: 'goodwill',
    });

    const audit = (await auditRows('player.credit')).find(
      (r) => r.details.reference === body.credit.reference,
    );
    expect(audit).toMatchObject({
      actor,
      target: `player:${p.player.id}`,
      details: { provider: 'betflix', amount: '100.50', reason: 'goodwill', status: 'APPLIED' },
    });
  });

  it('never credits twice: a repeat with the same Idempotency-Key returns the first credit', async () => {
    const p = await registerTestPlayer(t.app);
    const key = randomUUID();
    const body = { provider: 'gclub', amount: '25.00', reason: 'goodwill' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => credit(p.player.id, body, { 'idempotency-key': key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().credit.reference))).toEqual(new Set([`ops-credit:${key}`]));
    expect(await creditOf(p.cookie, 'gclub')).toBe('25.00');
    const again = await credit(p.player.id, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(await creditOf(p.cookie, 'gclub')).toBe('25.00');

    const reused = await credit(
      p.player.id,
      { provider: 'gclub', amount: '26.00', reason: 'goodwill' },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps a credit whose answer was lost PENDING (202) and resolves it once by the same key', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    const key = randomUUID();
    await creditOf(p.cookie, 'alphabet'); // the member exists, so the faults below hit the transfer
    // The transfer happens but its answer is lost, and every look-up of it fails too.
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error', 'error', 'error');
    const pending = await credit(
      p.player.id,
      { provider: 'alphabet', amount: '40.00', reason: 'goodwill' },
      { 'idempotency-key': key },
    );
    expect(pending.statusCode).toBe(202);
    expect(pending.json().credit).toMatchObject({ reference: `ops-credit:${key}`, status: 'PENDING' });
    // The provider has it; the ledger does not yet, and the player does not count as having deposited.
    expect(await creditOf(p.cookie, 'alphabet')).toBe('40.00');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'alphabet'))).toBe(
      0n,
    );
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);

    const resolved = await credit(
      p.player.id,
      { provider: 'alphabet', amount: '40.00', reason: 'goodwill' },
      { 'idempotency-key': key },
    );
    expect(resolved.statusCode).toBe(201);
    expect(resolved.json().credit.status).toBe('APPLIED');
    expect(await creditOf(p.cookie, 'alphabet')).toBe('40.00');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'alphabet'))).toBe(
      4_000n,
    );
    const statuses = (await auditRows('player.credit'))
      .filter((r) => r.details.reference === `ops-credit:${key}`)
      .map((r) => r.details.status);
    expect(statuses).toEqual(['PENDING', 'APPLIED']);
  });

  it('answers 503 when the provider refuses, records it, and moves nothing', async () => {
    const p = await registerTestPlayer(t.app);
    await creditOf(p.cookie, 'askmebet');
    const key = randomUUID();
    // The provider answers the transfer with a 503 of its own and has no such transfer afterwards.
    t.app.sandboxFaults.forceNext('providers', 'error');
    const res = await credit(
      p.player.id,
      { provider: 'askmebet', amount: '5.00', reason: 'goodwill' },
      { 'idempotency-key': key },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await creditOf(p.cookie, 'askmebet')).toBe('0.00');
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);
    const again = await credit(
      p.player.id,
      { provider: 'askmebet', amount: '5.00', reason: 'goodwill' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(503);
    expect(await creditOf(p.cookie, 'askmebet')).toBe('0.00');
    const audit = (await auditRows('player.credit')).find((r) => r.details.reference === `ops-credit:${key}`);
    expect(audit?.details).toMatchObject({ status: 'REJECTED', failure: 'SANDBOX_FAULT' });
  });

  it('validates the provider, the amount, the reason, the key and the player', async () => {
    const p = await registerTestPlayer(t.app);
    const unknown = await credit(p.player.id, { provider: 'pgslot', amount: '1.00', reason: 'goodwill' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_PROVIDER');
    for (const [amount, field] of [
      ['0.00', 'INVALID'],
      ['-1.00', 'INVALID_FORMAT'],
      ['1.001', 'INVALID_FORMAT'],
      ['1e3', 'INVALID_FORMAT'],
      ['1000000.01', 'INVALID'],
      [100, 'INVALID'],
      [undefined, 'REQUIRED'],
    ] as const) {
      const res = await credit(p.player.id, {
        provider: 'gclub',
        reason: 'goodwill',
        ...(amount === undefined ? {} : { amount }),
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error, String(amount)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { amount: field },
      });
    }
    for (const reason of [undefined, '', '   ']) {
      const res = await credit(p.player.id, {
        provider: 'gclub',
        amount: '1.00',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().error, String(reason)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { reason: 'REQUIRED' },
      });
    }
    const badKey = await credit(
      p.player.id,
      { provider: 'gclub', amount: '1.00', reason: 'goodwill' },
      { 'idempotency-key': 'a b' },
    );
    expect(badKey.statusCode).toBe(400);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await credit(id, { provider: 'gclub', amount: '1.00', reason: 'goodwill' });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
    expect(await creditOf(p.cookie, 'gclub')).toBe('0.00');
  });
});

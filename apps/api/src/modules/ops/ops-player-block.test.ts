import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { players, sessions } from '../../db/schema/players';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ops = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const block = (id: string, payload?: unknown) => ops(`/api/ops/v1/players/${id}/block`, payload);
const unblock = (id: string) => ops(`/api/ops/v1/players/${id}/unblock`);
const backlist = async (p: SignedInPlayer) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/backlist',
    headers: { cookie: p.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const auditOf = (action: string, playerId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `player:${playerId}`)));
const sessionsOf = (playerId: string) =>
  t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.playerId, playerId));

describe('POST /api/ops/v1/players/:id/block | unblock', () => {
  it('blocks a player from promotions with a reason that players/backlist shows, and unblocks', async () => {
    const p = await registerTestPlayer(t.app);
    expect(await backlist(p)).toEqual({ blocked: false, reason: null });

    const res = await block(p.player.id, { reason: '  bonus abuse  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      player: {
        id: p.player.id,
        username: p.username,
        displayName: `Player ${p.username}`,
        createdAt: p.player.createdAt,
        blocked: true,
      },
    });
    expect(await backlist(p)).toEqual({ blocked: true, reason: 'bonus abuse' });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/ops/v1/players?query=${p.player.id}`,
      headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    });
    expect(listed.json().items[0].blocked).toBe(true);

    const lifted = await unblock(p.player.id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().player.blocked).toBe(false);
    expect(await backlist(p)).toEqual({ blocked: false, reason: null });

    expect((await auditOf('player.block', p.player.id)).map((a) => a.details)).toEqual([
      { reason: 'bonus abuse', wasBlocked: false },
    ]);
    expect((await auditOf('player.unblock', p.player.id)).map((a) => a.details)).toEqual([
      { reason: null, wasBlocked: true },
    ]);
  });

  it("leaves the player's sessions alone: the player stays signed in", async () => {
    const p = await registerTestPlayer(t.app);
    const before = await sessionsOf(p.player.id);
    expect(before).toHaveLength(1);
    expect((await block(p.player.id)).statusCode).toBe(200);
    expect(await sessionsOf(p.player.id)).toEqual(before);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: { cookie: p.cookie },
    });
    expect(info.statusCode).toBe(200);
    expect(await backlist(p)).toEqual({ blocked: true, reason: null });
  });

  it('keeps when the player was first blocked; blocking again replaces the reason', async () => {
    const p = await registerTestPlayer(t.app);
    await block(p.player.id, { reason: 'first' });
    const blockedAt = t.clock.now();
    t.clock.advance(60_000);
    expect((await block(p.player.id, { reason: 'second' })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(players).where(eq(players.id, p.player.id));
    expect(row?.blockedAt).toEqual(blockedAt);
    expect(await backlist(p)).toEqual({ blocked: true, reason: 'second' });
    expect((await auditOf('player.block', p.player.id)).map((a) => a.details)).toEqual([
      { reason: 'first', wasBlocked: false },
      { reason: 'second', wasBlocked: true },
    ]);
  });

  it('answers 404 NOT_FOUND for an unknown or malformed player id, 400 for a reason over 200 characters', async () => {
    for (const id of [randomUUID(), 'nobody']) {
      for (const res of [await block(id, { reason: 'x' }), await unblock(id)]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
    const p = await registerTestPlayer(t.app);
    const long = await block(p.player.id, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { reason: 'TOO_LONG' } });
    expect(await backlist(p)).toEqual({ blocked: false, reason: null });
    expect(await auditOf('player.block', p.player.id)).toHaveLength(0);
    expect((await block(p.player.id, { reason: 'x'.repeat(200) })).statusCode).toBe(200);
  });
});

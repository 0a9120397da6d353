import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginTestPlayer, registerTestPlayer, type TestApp } from '../../test/app';
import { playerRequest } from './security-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PHONE = 'Mozilla/5.0 (Linux; Android 14) Phone/1.0';
const info = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });

describe('GET /api/v2/players/sessions', () => {
  it("lists the player's live sessions with the current one marked, and none of another player's", async () => {
    const p = await registerTestPlayer(t.app);
    await registerTestPlayer(t.app);
    t.clock.advance(1000);
    const phone = await loginTestPlayer(t.app, p.username, p.password, { 'user-agent': PHONE });
    const res = await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect(other.userAgent).toBe(PHONE);
    expect(other.createdAt).toBe(t.clock.now().toISOString());
    expect(Object.keys(other).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
    // Seen from the phone, the phone's session is the current one.
    const fromPhone = (await playerRequest(t.app, phone, 'GET', '/api/v2/players/sessions')).json().sessions;
    expect(fromPhone.find((s: { current: boolean }) => s.current).id).toBe(other.id);
  });

  it('leaves out sessions that expired (idle over 30 min) but were not yet swept', async () => {
    const p = await registerTestPlayer(t.app);
    const idle = await loginTestPlayer(t.app, p.username, p.password);
    expect((await info(idle)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(10 * 60_000);
      expect((await info(p.cookie)).statusCode).toBe(200);
    }
    const { sessions } = (await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/sessions')).json();
    expect(sessions).toHaveLength(1);
  });
});

describe('DELETE /api/v2/players/sessions/{id}', () => {
  it('signs the other device out and records a SESSION_ENDED notice with its user agent', async () => {
    const p = await registerTestPlayer(t.app);
    const phone = await loginTestPlayer(t.app, p.username, p.password, { 'user-agent': PHONE });
    const { sessions } = (await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/sessions')).json();
    const other = sessions.find((s: { current: boolean }) => !s.current);
    const res = await playerRequest(t.app, p.cookie, 'DELETE', `/api/v2/players/sessions/${other.id}`);
    expect(res.statusCode).toBe(204);
    expect((await info(phone)).statusCode).toBe(401);
    expect((await info(p.cookie)).statusCode).toBe(200);
    const { notices } = (await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/notices')).json();
    expect(notices[0]).toMatchObject({
      kind: 'SESSION_ENDED',
      userAgent: PHONE,
      at: t.clock.now().toISOString(),
    });
  });

  it("answers 404 for another player's session (which stays alive), an unknown id and a malformed one", async () => {
    const p = await registerTestPlayer(t.app);
    const stranger = await registerTestPlayer(t.app);
    const theirs = (await playerRequest(t.app, stranger.cookie, 'GET', '/api/v2/players/sessions')).json()
      .sessions[0].id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await playerRequest(t.app, p.cookie, 'DELETE', `/api/v2/players/sessions/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await info(stranger.cookie)).statusCode).toBe(200);
    const { notices } = (await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/notices')).json();
    expect(notices).toEqual([]);
  });

  it('ending the current session signs this device out', async () => {
    const p = await registerTestPlayer(t.app);
    const { sessions } = (await playerRequest(t.app, p.cookie, 'GET', '/api/v2/players/sessions')).json();
    const res = await playerRequest(t.app, p.cookie, 'DELETE', `/api/v2/players/sessions/${sessions[0].id}`);
    expect(res.statusCode).toBe(204);
    expect((await info(p.cookie)).statusCode).toBe(401);
  });
});

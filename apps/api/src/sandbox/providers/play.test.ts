import { randomBytes } from 'node:crypto';
import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProviderMembers, sandboxProviderRounds } from '../../db/schema/sandbox-providers';
import { createTestApp, type TestApp } from '../../test/app';
import { setSandboxProviderBalance, signedSandboxRequest } from '../../test/provider-sandbox';
import { winOf } from './draw-spin';

// The demo game: its page, its script and styles, spins that move the member's balance, and the test hook
// that sets a balance. All through `inject`: none of this needs the server to listen.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newUsername = () => `demo_${randomBytes(6).toString('hex')}`;
const json = { 'content-type': 'application/json' };

/** A member with `balance` and a launched game; returns the page URL. */
async function launch(balance: string, gameCode = 'amb-lucky-panda') {
  const username = newUsername();
  await setSandboxProviderBalance(t.app, 'askmebet', username, balance);
  const response = await signedSandboxRequest(t.app, 'askmebet', 'POST', '/launch', { username, gameCode });
  expect(response.statusCode).toBe(200);
  const url: string = response.json().url;
  return { username, url };
}

const spin = (url: string, stake: string) =>
  t.app.inject({ method: 'POST', url: `${url}/spin`, headers: json, payload: { stake } });

async function statementOf(username: string) {
  const response = await signedSandboxRequest(t.app, 'askmebet', 'GET', `/members/${username}/statement`);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return {
    balance: parseMoney(body.balance, 'THB'),
    transferredIn: parseMoney(body.transferredIn, 'THB'),
    transferredOut: parseMoney(body.transferredOut, 'THB'),
  };
}

async function roundsOf(username: string) {
  const [member] = await t.app.db
    .select()
    .from(sandboxProviderMembers)
    .where(eq(sandboxProviderMembers.username, username));
  if (!member) throw new Error('no member');
  return t.app.db.select().from(sandboxProviderRounds).where(eq(sandboxProviderRounds.memberId, member.id));
}

/** balance − in + out must equal the sum of what the rounds paid minus what they staked. */
async function expectRoundsExplainBalance(username: string) {
  const statement = await statementOf(username);
  const rounds = await roundsOf(username);
  const played = rounds.reduce((sum, r) => sum + r.win - r.stake, 0n);
  expect(statement.balance - statement.transferredIn + statement.transferredOut).toBe(played);
}

describe('game page', () => {
  it('serves a self-contained slot machine whose only script is the sandbox asset', async () => {
    const { url } = await launch('1234.50');
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('Lucky Panda');
    expect(html).toContain('1,234.50');
    expect(html).toContain('<button type="submit" id="spin">Spin</button>');
    for (const stake of ['1.00', '5.00', '10.00', '50.00']) expect(html).toContain(`value="${stake}"`);
    expect(html).toContain(`data-spin-url="${url}/spin"`);

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[1]).toContain('src="/sandbox/providers/assets/game.js"');
    expect(scripts[0]?.[2]).toBe('');
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    expect(html).not.toMatch(/https?:\/\//); // nothing external

    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('serves the script and the styles it links', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/providers/assets/game.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('data-spin-url');
    const style = await t.app.inject({ method: 'GET', url: '/sandbox/providers/assets/game.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toContain('text/css');
  });

  it('answers an unknown token with a 404 page', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/providers/askmebet/play/${'x'.repeat(32)}`,
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('expired');
  });
});

describe('spins', () => {
  it('move the balance by win − stake and are recorded as rounds', async () => {
    const { username, url } = await launch('100.00');
    let balance = 100_00n;
    for (let i = 0; i < 12; i++) {
      const response = await spin(url, '5.00');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const win = parseMoney(body.win, 'THB');
      expect(win).toBe(winOf(body.outcome, 5_00n));
      expect(body.reels).toHaveLength(3);
      balance = balance - 5_00n + win;
      expect(parseMoney(body.balance, 'THB')).toBe(balance);
    }
    const rounds = await roundsOf(username);
    expect(rounds.filter((r) => r.kind === 'spin')).toHaveLength(12);
    expect(
      rounds.every((r) => r.kind === 'adjustment' || (r.stake === 5_00n && r.gameCode === 'amb-lucky-panda')),
    ).toBe(true);
    expect((await statementOf(username)).balance).toBe(balance);
    await expectRoundsExplainBalance(username);

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body.match(/<li class=/g)).toHaveLength(10); // the last results, newest ten
  });

  it('refuse a stake above the balance with 409 INSUFFICIENT_BALANCE and record nothing', async () => {
    const { username, url } = await launch('3.00');
    const response = await spin(url, '5.00');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await statementOf(username)).balance).toBe(3_00n);
    expect((await roundsOf(username)).filter((r) => r.kind === 'spin')).toHaveLength(0);
  });

  it('take only the offered stakes and a live token', async () => {
    const { url } = await launch('100.00');
    for (const stake of ['7.00', '0.00', 'ten', '100.00']) {
      const response = await spin(url, stake);
      expect(response.statusCode, stake).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const stranger = await spin(`/sandbox/providers/askmebet/play/${'y'.repeat(32)}`, '1.00');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'LAUNCH_NOT_FOUND' });
    // A token of one provider does not play at another.
    const elsewhere = await spin(url.replace('/askmebet/', '/betflix/'), '1.00');
    expect(elsewhere.statusCode).toBe(404);
  });

  it('in parallel never take the balance below zero', async () => {
    const { username, url } = await launch('50.00');
    const responses = await Promise.all(Array.from({ length: 20 }, () => spin(url, '10.00')));
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 200)
        expect(parseMoney(response.json().balance, 'THB')).toBeGreaterThanOrEqual(0n);
    }
    expect((await statementOf(username)).balance).toBeGreaterThanOrEqual(0n);
    await expectRoundsExplainBalance(username);
  });

  it("stop once the member's sessions are ended, spins in flight included: each counted or refused", async () => {
    const { username, url } = await launch('100.00');
    const end = () => signedSandboxRequest(t.app, 'askmebet', 'POST', `/members/${username}/sessions/end`);
    const [ended, ...responses] = await Promise.all([
      end(),
      ...Array.from({ length: 10 }, () => spin(url, '1.00')),
    ]);
    expect(ended?.statusCode).toBe(200);
    for (const response of responses) expect([200, 404]).toContain(response.statusCode);
    const played = responses.filter((r) => r.statusCode === 200).length;
    expect((await roundsOf(username)).filter((r) => r.kind === 'spin')).toHaveLength(played);
    const after = await spin(url, '1.00');
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'LAUNCH_NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await expectRoundsExplainBalance(username);
  });

  it('stop when the link expires after a few hours', async () => {
    const { url } = await launch('10.00');
    expect((await spin(url, '1.00')).statusCode).toBe(200);
    t.clock.advance(4 * 60 * 60 * 1000 + 1);
    try {
      const response = await spin(url, '1.00');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'LAUNCH_NOT_FOUND' });
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      t.clock.advance(-(4 * 60 * 60 * 1000 + 1));
    }
  });
});

describe('set-balance test hook', () => {
  it('sets a balance, signed only, and records it as an adjustment round', async () => {
    const username = newUsername();
    await signedSandboxRequest(t.app, 'askmebet', 'POST', '/members', { username });
    const path = `/members/${username}/balance`;
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/sandbox/providers/askmebet${path}`,
      headers: json,
      payload: { balance: '999.00' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: 'BAD_SIGNATURE' });

    const set = await signedSandboxRequest(t.app, 'askmebet', 'POST', path, { balance: '80.00' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username, balance: '80.00' });
    const transfer = await signedSandboxRequest(t.app, 'askmebet', 'POST', '/transfers', {
      username,
      direction: 'out',
      amount: '30.00',
      reference: `R${randomBytes(4).toString('hex')}`,
    });
    expect(transfer.json()).toMatchObject({ balanceAfter: '50.00' });
    await signedSandboxRequest(t.app, 'askmebet', 'POST', path, { balance: '12.34' });

    expect(await statementOf(username)).toEqual({
      balance: 12_34n,
      transferredIn: 0n,
      transferredOut: 30_00n,
    });
    const adjustments = (await roundsOf(username)).filter((r) => r.kind === 'adjustment');
    expect(adjustments.map((r) => r.win).sort()).toEqual([-37_66n, 80_00n].sort());
    await expectRoundsExplainBalance(username);
  });

  it('refuses an unknown member and a bad amount', async () => {
    const missing = await signedSandboxRequest(
      t.app,
      'askmebet',
      'POST',
      `/members/${newUsername()}/balance`,
      {
        balance: '1.00',
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const username = newUsername();
    await signedSandboxRequest(t.app, 'askmebet', 'POST', '/members', { username });
    const bad = await signedSandboxRequest(t.app, 'askmebet', 'POST', `/members/${username}/balance`, {
      balance: '-5.00',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('game pictures', () => {
  it('draws a cover from any well-formed code, and refuses other file names', async () => {
    const known = await t.app.inject({
      method: 'GET',
      url: '/sandbox/providers/assets/game/bf-pp-gates-of-thunder.svg',
    });
    expect(known.body).toContain('Gates of Thunder');
    expect(known.body).toContain('>GT<');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/providers/assets/game/new-game-x.svg',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('New Game X');
    for (const file of ['..%2Fsecret.svg', 'Game.svg', 'game.png']) {
      const bad = await t.app.inject({ method: 'GET', url: `/sandbox/providers/assets/game/${file}` });
      expect(bad.statusCode, file).toBe(400);
    }
  });
});

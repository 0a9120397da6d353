import type { TProvider } from '@lc/shared/providers';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import { gameSessionEnds } from '../../db/schema/game-session-ends';
import { ledgerTransactions } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import {
  createTestApp,
  loginTestPlayer,
  registerTestPlayer,
  type SignedInPlayer,
  type TestApp,
} from '../../test/app';
import { runWorkerTick } from '../../worker/run-worker-tick';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { fund } from '../withdrawals/withdrawal-test-helpers';

// Issue #36 item 11: a game launched before a time-out or self-exclusion must not play on after it.

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { listen: true, logStream: { write: (line) => logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => t.app.sandboxFaults.reset());

const PROVIDER: TProvider = 'askmebet';
const MINUTE = 60_000;
// HttpGameProvider's attempts at a call that is safe to repeat.
const ATTEMPTS = 3;
const json = { 'content-type': 'application/json' };

const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const launch = (p: SignedInPlayer, provider: TProvider = PROVIDER) =>
  post(p.cookie, `/api/v2/games/${provider}/launch`, {});
const selfExclude = (p: SignedInPlayer) => post(p.cookie, '/api/v2/players/self-exclusion', { months: 6 });
const pendingEnds = async (p: SignedInPlayer) =>
  (
    await t.app.db
      .select({ provider: gameSessionEnds.provider })
      .from(gameSessionEnds)
      .where(eq(gameSessionEnds.playerId, p.player.id))
  )
    .map((row) => row.provider)
    .sort();
const spin = (url: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: `${url}/spin`, headers: json, payload: { stake: '5.00' } });

/** What must not move once the player is restricted: the provider's balance and the player's ledger. */
async function moneyOf(p: SignedInPlayer) {
  const [row] = await t.app.db
    .select({ agencyId: agencies.id, agencyCode: agencies.code })
    .from(players)
    .innerJoin(agencies, eq(agencies.id, players.agencyId))
    .where(eq(players.id, p.player.id));
  if (!row) throw new Error('no player');
  const member = providerMemberOf(row.agencyCode, p.player.id);
  const [postings] = await t.app.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.playerId, p.player.id));
  return {
    providerBalance: await t.app.providers.deploymentDefault(PROVIDER).getBalance(member),
    ledgerBalance: await getAccountBalance(
      t.app.db,
      row.agencyId,
      playerProviderAccount(p.player.id, PROVIDER),
    ),
    ledgerTransactions: postings?.n,
  };
}

/** A funded player who launched a game and spun once with its URL; returns that URL. */
async function playing(): Promise<{ p: SignedInPlayer; url: string }> {
  const p = await registerTestPlayer(t.app);
  await fund(t.app, p, PROVIDER, '100.00');
  const launched = await launch(p);
  expect(launched.statusCode, launched.body).toBe(200);
  const { url } = launched.json();
  const first = await spin(url);
  expect(first.statusCode, first.body).toBe(200);
  return { p, url };
}

async function expectGameEnded(p: SignedInPlayer, url: string, code: string): Promise<void> {
  const before = await moneyOf(p);
  for (let i = 0; i < 5; i++) {
    const refused = await spin(url);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toMatchObject({ code: 'LAUNCH_NOT_FOUND' });
  }
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(404);
  expect(page.body).toContain('expired');
  expect(await moneyOf(p)).toEqual(before);

  // A new launch is refused as before.
  const again = await launch(p);
  expect(again.statusCode).toBe(403);
  expect(again.json().error.code).toBe(code);
}

describe('a restriction ends the games launched before it', () => {
  it('self-exclusion: spins with the old launch URL are refused and move nothing', async () => {
    const { p, url } = await playing();
    const res = await selfExclude(p);
    expect(res.statusCode, res.body).toBe(204);
    await expectGameEnded(p, url, 'ACCOUNT_SELF_EXCLUDED');
    expect(await pendingEnds(p)).toEqual([]);
  });

  it('time-out: spins with the old launch URL are refused and move nothing', async () => {
    const { p, url } = await playing();
    const res = await post(p.cookie, '/api/v2/players/time-out', { days: 1 });
    expect(res.statusCode, res.body).toBe(204);
    await expectGameEnded(p, url, 'ACCOUNT_TIMED_OUT');
  });
});

describe('ending the games at the providers', () => {
  it('ends them at every provider where the player has a member, and asks no other', async () => {
    const { p, url } = await playing();
    await fund(t.app, p, 'gclub', '50.00');
    const other = await launch(p, 'gclub');
    expect(other.statusCode).toBe(200);
    // Every provider is down for the self-exclusion: only those two are left to ask.
    t.app.sandboxFaults.forceNext('providers', ...Array(2 * ATTEMPTS).fill('error'));
    expect((await selfExclude(p)).statusCode).toBe(204);
    expect(await pendingEnds(p)).toEqual(['askmebet', 'gclub']);
    t.app.sandboxFaults.reset();

    t.clock.advance(MINUTE + 1);
    const report = await runWorkerTick(t.app);
    expect(report.gameSessionEnds.sort()).toEqual([
      `game-session-end:${p.player.id}:askmebet`,
      `game-session-end:${p.player.id}:gclub`,
    ]);
    expect(await pendingEnds(p)).toEqual([]);
    for (const gameUrl of [url, other.json().url]) {
      expect((await spin(gameUrl)).statusCode).toBe(404);
    }
  });

  it('a provider that is down does not undo or hold up the restriction; the worker ends the games later', async () => {
    const { p, url } = await playing();
    logLines.length = 0;
    t.app.sandboxFaults.forceNext('providers', ...Array(ATTEMPTS).fill('error'));
    const res = await selfExclude(p);
    expect(res.statusCode, res.body).toBe(204);

    // In force at once: a new launch is refused.
    expect((await launch(p)).json().error.code).toBe('ACCOUNT_SELF_EXCLUDED');
    expect(await pendingEnds(p)).toEqual(['askmebet']);
    const failed = logLines.filter((line) => line.includes('play.game_sessions_end_failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(p.player.id);
    const key = t.app.providers.signingKeyOf(PROVIDER);
    expect(logLines.some((line) => line.includes(key) || line.includes(url.split('/').pop() ?? url))).toBe(
      false,
    );

    // Left to the player's own request for a minute; then the worker asks, again a minute later if need be.
    expect((await runWorkerTick(t.app)).gameSessionEnds).toEqual([]);
    t.clock.advance(MINUTE + 1);
    t.app.sandboxFaults.forceNext('providers', ...Array(ATTEMPTS).fill('error'));
    expect((await runWorkerTick(t.app)).gameSessionEnds).toHaveLength(1);
    expect(await pendingEnds(p)).toEqual(['askmebet']);
    expect((await runWorkerTick(t.app)).gameSessionEnds).toEqual([]); // leased until the next minute

    t.clock.advance(MINUTE + 1);
    expect((await runWorkerTick(t.app)).gameSessionEnds).toHaveLength(1);
    expect(await pendingEnds(p)).toEqual([]);
    await expectGameEnded(p, url, 'ACCOUNT_SELF_EXCLUDED');
  });

  it('the worker drops an end the provider never confirmed once the restriction is over', async () => {
    const { p } = await playing();
    t.app.sandboxFaults.forceNext('providers', ...Array(ATTEMPTS).fill('error'));
    expect((await post(p.cookie, '/api/v2/players/time-out', { days: 1 })).statusCode).toBe(204);
    expect(await pendingEnds(p)).toEqual(['askmebet']);

    // The provider stays out of reach for the whole day; then the player plays again.
    t.clock.advance(24 * 60 * MINUTE + 1);
    p.cookie = await loginTestPlayer(t.app, p.username, p.password);
    const relaunched = await launch(p);
    expect(relaunched.statusCode).toBe(200);
    expect((await runWorkerTick(t.app)).gameSessionEnds).toHaveLength(1);
    expect(await pendingEnds(p)).toEqual([]);
    expect((await spin(relaunched.json().url)).statusCode).toBe(200);
  });

  it('a restriction that starts while a launch is on its way ends that launch too', async () => {
    const { p } = await playing();
    // The launch has passed the route's check; the player self-excludes (and the provider ends the member's
    // sessions) before the provider makes the new URL.
    const client = t.app.providers.deploymentDefault(PROVIDER);
    const launchUrl = client.launchUrl.bind(client);
    const made: string[] = [];
    const spy = vi.spyOn(client, 'launchUrl').mockImplementationOnce(async (member, gameCode) => {
      expect((await selfExclude(p)).statusCode).toBe(204);
      const url = await launchUrl(member, gameCode);
      made.push(url);
      return url;
    });
    const launched = await launch(p).finally(() => spy.mockRestore());
    expect(launched.statusCode).toBe(403);
    expect(launched.json().error.code).toBe('ACCOUNT_SELF_EXCLUDED');
    expect(made).toHaveLength(1);
    expect((await spin(made[0] ?? '')).statusCode).toBe(404);
    expect(await pendingEnds(p)).toEqual([]);
  });
});

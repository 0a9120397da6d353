import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameProvider, ProviderMember, TransferOutcome } from '../../adapters/providers/game-provider';
import { HttpGameProvider } from '../../adapters/providers/http-provider';
import { signRequest } from '../../adapters/providers/signing';
import { rowsOf } from '../../db/rows-of';
import { sandboxProviderMembers, sandboxProviderTransfers } from '../../db/schema/sandbox-providers';
import { createTestApp, type TestApp } from '../../test/app';
import { setSandboxProviderBalance, signedSandboxRequest } from '../../test/provider-sandbox';

// The HTTP client (HttpGameProvider) against the real sandbox over real HTTP: the protocol, reference
// idempotency, fault handling and row locking, end to end.

let t: TestApp;
let askmebet: GameProvider;

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  askmebet = t.app.providers.deploymentDefault('askmebet');
});
afterAll(async () => {
  await t?.close();
});
const defaultStall = () => t.app.config.providerTimeoutMs + 1000;
afterEach(() => {
  t.app.sandboxFaults.reset();
  t.app.sandboxFaults.timeoutDelayMs = defaultStall();
});

const newMember = (): ProviderMember => ({ username: `demo_${randomBytes(6).toString('hex')}` });
const ref = (label: string) => `T${randomBytes(5).toString('hex')}:${label}`;

async function memberWith(provider: GameProvider, balance: string): Promise<ProviderMember> {
  const member = newMember();
  await setSandboxProviderBalance(t.app, provider.provider, member.username, balance);
  return member;
}

function baseUrlOf(provider: TProvider): string {
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/sandbox/providers/${provider}`;
}

/** A real HTTP request signed with the sandbox key (or another one). */
async function rawFetch(
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  options: { key?: string; timestamp?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const url = new URL(baseUrlOf('askmebet') + path);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(options.timestamp ?? t.app.now().getTime());
  const key = options.key ?? t.app.providers.signingKeyOf('askmebet');
  return fetch(url, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      'x-timestamp': timestamp,
      'x-signature': signRequest(key, timestamp, method, url.pathname + url.search, body),
      ...options.headers,
    },
    body: payload === undefined ? undefined : body,
  });
}

function applied(outcome: TransferOutcome) {
  if (outcome.status !== 'applied') throw new Error(`expected applied, got ${JSON.stringify(outcome)}`);
  return outcome.transfer;
}

describe('transfer report', () => {
  it('lists the transfers applied in a window (both ends included), oldest first, a page at a time', async () => {
    const provider = t.app.providers.deploymentDefault('alphabet');
    const member = newMember();
    await provider.ensureMember(member);
    const before = t.clock.now();
    t.clock.advance(60_000);
    const first = ref('in');
    expect((await provider.transfer(member, 'in', 12_34n, first)).status).toBe('applied');
    t.clock.advance(1000);
    const second = ref('out');
    expect((await provider.transfer(member, 'out', 2_00n, second)).status).toBe('applied');
    const at = t.clock.now();
    t.clock.advance(60_000);
    expect((await provider.transfer(member, 'in', 1n, ref('later'))).status).toBe('applied');

    const page = await provider.listTransfers(new Date(before.getTime() + 1), at);
    expect(page).toEqual({
      transfers: [
        {
          reference: first,
          member: member.username,
          direction: 'in',
          amount: 12_34n,
          appliedAt: new Date(at.getTime() - 1000),
        },
        { reference: second, member: member.username, direction: 'out', amount: 2_00n, appliedAt: at },
      ],
      cursor: null,
    });
    expect((await provider.listTransfers(before, before)).transfers).toEqual([]);
  });

  it('pages a busy window with a cursor, each transfer once, even at one microsecond-precise instant', async () => {
    const provider = t.app.providers.deploymentDefault('betflix');
    const member = newMember();
    await provider.ensureMember(member);
    const from = new Date(t.clock.now().getTime() + 3 * 60 * 60_000);
    // Stored as a provider's database would: all at one instant finer than a millisecond.
    const inserted = await t.app.db.execute(sql`
      INSERT INTO ${sandboxProviderTransfers} (provider, member_id, reference, direction, amount, balance_after, created_at)
      SELECT 'betflix', m.id, 'burst-' || m.username || '-' || i, 'in', 1, i, ${from.toISOString()}::timestamptz + interval '0.000123 second'
      FROM ${sandboxProviderMembers} m, generate_series(1, 503) AS i
      WHERE m.provider = 'betflix' AND m.username = ${member.username}
      RETURNING reference`);
    const references = rowsOf<{ reference: string }>(inserted).map((r) => r.reference);
    expect(references).toHaveLength(503);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await provider.listTransfers(from, new Date(from.getTime() + 1000), cursor);
      seen.push(...page.transfers.map((x) => x.reference));
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual([...references].sort());
  });
});

describe('transfer-wallet protocol', () => {
  it('creates members idempotently, transfers in and out, and reports a statement', async () => {
    const member = newMember();
    await askmebet.ensureMember(member);
    await askmebet.ensureMember(member);
    expect(await askmebet.getBalance(member)).toBe(0n);

    const inRef = ref('in');
    const first = applied(await askmebet.transfer(member, 'in', 100_00n, inRef));
    expect(first).toEqual({ reference: inRef, direction: 'in', amount: 100_00n, balanceAfter: 100_00n });
    const out = applied(await askmebet.transfer(member, 'out', 30_25n, ref('out')));
    expect(out.balanceAfter).toBe(69_75n);

    expect(await askmebet.getBalance(member)).toBe(69_75n);
    expect(await askmebet.getStatement(member)).toEqual({
      balance: 69_75n,
      transferredIn: 100_00n,
      transferredOut: 30_25n,
    });
    expect(await askmebet.findTransfer(inRef)).toEqual(first);
    expect(await askmebet.findTransfer(ref('never'))).toBeNull();
  });

  it('keeps members and references apart per provider', async () => {
    const member = await memberWith(askmebet, '10.00');
    const betflix = t.app.providers.deploymentDefault('betflix');
    await betflix.ensureMember(member);
    expect(await betflix.getBalance(member)).toBe(0n);
    const shared = ref('shared');
    applied(await askmebet.transfer(member, 'in', 1_00n, shared));
    applied(await betflix.transfer(member, 'in', 2_00n, shared));
    expect(await askmebet.getBalance(member)).toBe(11_00n);
    expect(await betflix.getBalance(member)).toBe(2_00n);
  });

  it('answers 201 for a new member and 200 for an existing one', async () => {
    const username = newMember().username;
    const first = await rawFetch('POST', '/members', { username });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ username, balance: '0.00' });
    expect((await rawFetch('POST', '/members', { username })).status).toBe(200);
    expect((await rawFetch('POST', '/members', { username: 'Bad Name!' })).status).toBe(400);
  });

  it('refuses unknown members with 404 MEMBER_NOT_FOUND', async () => {
    const ghost = newMember();
    expect(await askmebet.transfer(ghost, 'in', 1_00n, ref('ghost'))).toEqual({
      status: 'rejected',
      code: 'MEMBER_NOT_FOUND',
    });
    const response = await rawFetch('GET', `/members/${ghost.username}/balance`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    await expect(askmebet.getBalance(ghost)).rejects.toThrow('HTTP 404');
  });

  it('refuses a transfer out above the balance with 409 INSUFFICIENT_BALANCE and moves nothing', async () => {
    const member = await memberWith(askmebet, '5.00');
    expect(await askmebet.transfer(member, 'out', 5_01n, ref('big'))).toEqual({
      status: 'rejected',
      code: 'INSUFFICIENT_BALANCE',
    });
    const raw = await rawFetch('POST', '/transfers', {
      username: member.username,
      direction: 'out',
      amount: '6.00',
      reference: ref('raw'),
    });
    expect(raw.status).toBe(409);
    expect(await raw.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await askmebet.getBalance(member)).toBe(5_00n);
  });

  it('validates amounts and directions', async () => {
    const member = await memberWith(askmebet, '1.00');
    for (const body of [
      { direction: 'in', amount: '0.00' },
      { direction: 'in', amount: '1.001' },
      { direction: 'in', amount: '-1.00' },
      { direction: 'in', amount: 5 },
      { direction: 'sideways', amount: '1.00' },
    ]) {
      const response = await rawFetch('POST', '/transfers', {
        username: member.username,
        reference: ref('bad'),
        ...body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await askmebet.getBalance(member)).toBe(1_00n);
  });
});

describe('reference idempotency', () => {
  it('moves money once for a repeated reference and returns the original transfer', async () => {
    const member = await memberWith(askmebet, '0.00');
    const reference = ref('repeat');
    const first = applied(await askmebet.transfer(member, 'in', 50_00n, reference));
    const again = applied(await askmebet.transfer(member, 'in', 50_00n, reference));
    expect(again).toEqual(first);
    expect(await askmebet.getStatement(member)).toEqual({
      balance: 50_00n,
      transferredIn: 50_00n,
      transferredOut: 0n,
    });
  });

  it('answers 409 REFERENCE_CONFLICT for the same reference with another body', async () => {
    const member = await memberWith(askmebet, '20.00');
    const other = await memberWith(askmebet, '20.00');
    const reference = ref('conflict');
    applied(await askmebet.transfer(member, 'out', 10_00n, reference));
    const conflict = { status: 'rejected', code: 'REFERENCE_CONFLICT' };
    expect(await askmebet.transfer(member, 'out', 11_00n, reference)).toEqual(conflict);
    expect(await askmebet.transfer(member, 'in', 10_00n, reference)).toEqual(conflict);
    expect(await askmebet.transfer(other, 'out', 10_00n, reference)).toEqual(conflict);
    const raw = await rawFetch('POST', '/transfers', {
      username: member.username,
      direction: 'out',
      amount: '9.00',
      reference,
    });
    expect(raw.status).toBe(409);
    expect(await raw.json()).toMatchObject({ code: 'REFERENCE_CONFLICT' });
    expect(await askmebet.getBalance(member)).toBe(10_00n);
    expect(await askmebet.getBalance(other)).toBe(20_00n);
  });

  it('answers a repeated transfer out with the original even after the balance fell below its amount', async () => {
    const member = await memberWith(askmebet, '30.00');
    const reference = ref('spent');
    const first = applied(await askmebet.transfer(member, 'out', 25_00n, reference));
    expect(first.balanceAfter).toBe(5_00n);
    expect(applied(await askmebet.transfer(member, 'out', 25_00n, reference))).toEqual(first);
    expect(await askmebet.getStatement(member)).toMatchObject({ balance: 5_00n, transferredOut: 25_00n });
  });

  it('applies a reference once when the same transfer arrives many times at once', async () => {
    const member = await memberWith(askmebet, '0.00');
    const reference = ref('burst');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => askmebet.transfer(member, 'in', 7_00n, reference)),
    );
    expect(outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(await askmebet.getBalance(member)).toBe(7_00n);
  });
});

describe('faults', () => {
  it('resolves a lost answer by look-up: applied exactly once', async () => {
    const member = await memberWith(askmebet, '0.00');
    t.app.sandboxFaults.forceNext('providers', 'lost');
    const reference = ref('lost');
    const transfer = applied(await askmebet.transfer(member, 'in', 25_00n, reference));
    expect(transfer).toMatchObject({ reference, amount: 25_00n, balanceAfter: 25_00n });
    expect(await askmebet.getStatement(member)).toEqual({
      balance: 25_00n,
      transferredIn: 25_00n,
      transferredOut: 0n,
    });
  });

  it('really drops the answer of a lost call after doing the work', async () => {
    const member = await memberWith(askmebet, '0.00');
    t.app.sandboxFaults.forceNext('providers', 'lost');
    const reference = ref('drop');
    const body = { username: member.username, direction: 'in', amount: '3.00', reference };
    await expect(rawFetch('POST', '/transfers', body)).rejects.toThrow();
    const lookedUp = await rawFetch('GET', `/transfers/${encodeURIComponent(reference)}`);
    expect(lookedUp.status).toBe(200);
    expect(await lookedUp.json()).toEqual({
      reference,
      direction: 'in',
      amount: '3.00',
      balanceAfter: '3.00',
    });
  });

  it('a lost refusal stays unknown and moves nothing', async () => {
    const member = await memberWith(askmebet, '1.00');
    t.app.sandboxFaults.forceNext('providers', 'lost');
    const reference = ref('lost-refusal');
    expect((await askmebet.transfer(member, 'out', 5_00n, reference)).status).toBe('unknown');
    expect(await askmebet.findTransfer(reference)).toBeNull();
    expect(await askmebet.getBalance(member)).toBe(1_00n);
  });

  it('an error fault moves nothing; the look-up makes it a rejection', async () => {
    const member = await memberWith(askmebet, '10.00');
    t.app.sandboxFaults.forceNext('providers', 'error');
    const reference = ref('error');
    expect(await askmebet.transfer(member, 'out', 4_00n, reference)).toEqual({
      status: 'rejected',
      code: 'SANDBOX_FAULT',
    });
    expect(await askmebet.findTransfer(reference)).toBeNull();
    expect(await askmebet.getBalance(member)).toBe(10_00n);
  });

  it('is unknown only when the look-up fails as well, and still moves nothing', async () => {
    const member = await memberWith(askmebet, '10.00');
    t.app.sandboxFaults.reset({ providers: { error: 1 } });
    const reference = ref('dark');
    const outcome = await askmebet.transfer(member, 'out', 4_00n, reference);
    expect(outcome.status).toBe('unknown');
    await expect(askmebet.getBalance(member)).rejects.toThrow(/unavailable/);
    t.app.sandboxFaults.reset();
    expect(await askmebet.findTransfer(reference)).toBeNull();
    expect(await askmebet.getBalance(member)).toBe(10_00n);
  });

  it('a timeout fault moves nothing and leaves the outcome unknown', async () => {
    expect(t.app.sandboxFaults.timeoutDelayMs).toBe(6000); // past the default client timeout of 5 s
    // Shortened for the test: a client that waits 300 ms, a stall of 800 ms.
    const impatient = new HttpGameProvider({
      provider: 'askmebet',
      baseUrl: baseUrlOf('askmebet'),
      key: t.app.providers.signingKeyOf('askmebet'),
      timeoutMs: 300,
      now: () => t.app.now().getTime(),
    });
    t.app.sandboxFaults.timeoutDelayMs = 800;
    const member = await memberWith(askmebet, '10.00');
    t.app.sandboxFaults.forceNext('providers', 'timeout');
    const reference = ref('slow');
    const started = Date.now();
    const outcome = await impatient.transfer(member, 'out', 4_00n, reference);
    expect(Date.now() - started).toBeLessThan(800);
    expect(outcome.status).toBe('unknown');
    // Past the stall the sandbox still has done nothing.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await askmebet.findTransfer(reference)).toBeNull();
    expect(await askmebet.getBalance(member)).toBe(10_00n);
    // The caller resolves it later by the same reference: a retry applies it once.
    applied(await askmebet.transfer(member, 'out', 4_00n, reference));
    expect(await askmebet.getBalance(member)).toBe(6_00n);
  });

  it('retries reads through lost and failed answers', async () => {
    const member = await memberWith(askmebet, '8.00');
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error');
    expect(await askmebet.getBalance(member)).toBe(8_00n);
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect((await askmebet.getStatement(member)).balance).toBe(8_00n);
  });

  it('retries ending game sessions through failed answers, and says unavailable after three', async () => {
    const member = await memberWith(askmebet, '8.00');
    const url = await askmebet.launchUrl(member, 'amb-fortune-koi');
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error');
    await expect(askmebet.endMemberSessions(member)).rejects.toThrow(/unavailable/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200); // an error ends nothing
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error');
    await askmebet.endMemberSessions(member);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('creates members, lists games and launches through failed and lost answers, unavailable after three', async () => {
    const member = newMember();
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error');
    await askmebet.ensureMember(member); // the lost call created it: the retry answers the same member
    t.app.sandboxFaults.forceNext('providers', 'error', 'lost');
    expect((await askmebet.listGames()).games.length).toBeGreaterThan(0);
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect(await askmebet.launchUrl(member, 'amb-mahjong-fortune')).toMatch(
      /^\/sandbox\/providers\/askmebet\/play\//,
    );
    t.app.sandboxFaults.reset({ providers: { error: 1 } });
    await expect(askmebet.ensureMember(newMember())).rejects.toThrow(/unavailable/);
    await expect(askmebet.listGames()).rejects.toThrow(/unavailable/);
    await expect(askmebet.launchUrl(member, 'amb-mahjong-fortune')).rejects.toThrow(/unavailable/);
  });

  it('draws faults from the configured random source', async () => {
    const member = await memberWith(askmebet, '1.00');
    t.app.sandboxFaults.reset({ providers: { error: 0.5 } });
    const draws = [0.9, 0.1, 0.1, 0.1];
    t.app.sandboxFaults.random = () => draws.shift() ?? 0.9;
    expect(await askmebet.getBalance(member)).toBe(1_00n); // 0.9: no fault
    await expect(askmebet.getBalance(member)).rejects.toThrow(/unavailable/); // three errors in a row
  });
});

describe('concurrency', () => {
  it('50 parallel transfers out of a balance for 20: exactly 20 applied, never below zero', async () => {
    const member = await memberWith(askmebet, '20.00');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => askmebet.transfer(member, 'out', 1_00n, ref(`p${i}`))),
    );
    const done = outcomes.filter((o) => o.status === 'applied').map((o) => applied(o));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(done).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect(refused.every((o) => o.status === 'rejected' && o.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    // Each applied transfer saw a different balance: 19.00 down to 0.00, never below zero.
    expect(done.map((d) => d.balanceAfter).sort((a, b) => Number((a ?? 0n) - (b ?? 0n)))).toEqual(
      Array.from({ length: 20 }, (_, i) => BigInt(i) * 100n),
    );
    expect(await askmebet.getStatement(member)).toEqual({
      balance: 0n,
      transferredIn: 0n,
      transferredOut: 20_00n,
    });
  });
});

describe('signatures', () => {
  it('refuses a wrong key, a stale timestamp, a missing signature and a tampered body', async () => {
    const member = await memberWith(askmebet, '1.00');
    const path = `/members/${member.username}/balance`;
    const cases = [
      await rawFetch('GET', path, undefined, { key: 'x'.repeat(32) }),
      await rawFetch('GET', path, undefined, { timestamp: t.app.now().getTime() - 10 * 60_000 }),
      await fetch(baseUrlOf('askmebet') + path),
      // Signed for askmebet, sent to betflix: another key.
      await fetch(baseUrlOf('betflix') + path, {
        headers: { 'x-timestamp': String(t.app.now().getTime()), 'x-signature': 'ab'.repeat(32) },
      }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    }

    const url = `${baseUrlOf('askmebet')}/transfers`;
    const timestamp = String(t.app.now().getTime());
    const signed = JSON.stringify({
      username: member.username,
      direction: 'in',
      amount: '1.00',
      reference: 'x1',
    });
    const tampered = signed.replace('"1.00"', '"999.00"');
    const key = t.app.providers.signingKeyOf('askmebet');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signRequest(key, timestamp, 'POST', '/sandbox/providers/askmebet/transfers', signed),
      },
      body: tampered,
    });
    expect(response.status).toBe(401);
    expect(await askmebet.getBalance(member)).toBe(1_00n);
  });

  it('a client with the wrong key gets BAD_SIGNATURE', async () => {
    const member = await memberWith(askmebet, '1.00');
    const stranger = new HttpGameProvider({
      provider: 'askmebet',
      baseUrl: baseUrlOf('askmebet'),
      key: 'not-the-sandbox-key-0123456789',
      now: () => t.app.now().getTime(),
    });
    expect(await stranger.transfer(member, 'out', 1_00n, ref('stranger'))).toEqual({
      status: 'rejected',
      code: 'BAD_SIGNATURE',
    });
    await expect(stranger.getBalance(member)).rejects.toThrow('HTTP 401');
  });

  it('follows the app clock: a request signed with the real time is stale under the test clock', async () => {
    const member = await memberWith(askmebet, '1.00');
    const realTime = new HttpGameProvider({
      provider: 'askmebet',
      baseUrl: baseUrlOf('askmebet'),
      key: t.app.providers.signingKeyOf('askmebet'),
    });
    await expect(realTime.getBalance(member)).rejects.toThrow('HTTP 401');
  });

  it('is not subject to the /api CSRF and content-type guard', async () => {
    const username = newMember().username;
    const response = await signedSandboxRequest(
      t.app,
      'askmebet',
      'POST',
      '/members',
      { username },
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(response.statusCode).toBe(201);
    const plain = await signedSandboxRequest(
      t.app,
      'askmebet',
      'POST',
      '/members',
      { username },
      {
        'content-type': 'text/plain',
      },
    );
    // Not the API's 415 UNSUPPORTED_MEDIA_TYPE from the guard: the sandbox's own answer in its own shape.
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(plain.json().error).toBeUndefined();
  });
});

describe('games and launch', () => {
  it('lists askmebet games by type tab', async () => {
    const all = await askmebet.listGames();
    expect(all.tabs.map((tab) => tab.id)).toEqual(expect.arrayContaining(['Slot', 'Fishing', 'Table']));
    const slots = await askmebet.listGames('Slot');
    expect(slots.tabs).toEqual(all.tabs);
    expect(slots.games.length).toBeGreaterThan(3);
    expect(slots.games.every((g) => g.tab === 'Slot' && g.category === 'slot')).toBe(true);
    expect((await askmebet.listGames('Fishing')).games.every((g) => g.category === 'fish')).toBe(true);
    expect((await askmebet.listGames('Nope')).games).toEqual([]);
  });

  it('lists betflix games by sub-provider, with pictures the sandbox serves itself', async () => {
    const betflix = t.app.providers.deploymentDefault('betflix');
    const pp = await betflix.listGames('pp.txt');
    expect(pp.tabs).toContainEqual({ id: 'pp.txt', label: 'Pragmatic Play' });
    expect(pp.tabs.map((tab) => tab.id)).toEqual(expect.arrayContaining(['pg.txt', 'jili.txt']));
    expect(pp.games.length).toBeGreaterThan(2);
    for (const game of pp.games) {
      expect(game.tab).toBe('pp.txt');
      expect(game.imageUrl).toBe(`/sandbox/providers/assets/game/${game.code}.svg`);
    }
    const first = pp.games[0];
    if (!first) throw new Error('no game');
    const image = await t.app.inject({ method: 'GET', url: first.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect(image.body).toContain(first.name);
    expect(image.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('lists casino tables for gclub and gclub_live and slots for alphabet', async () => {
    for (const provider of ['gclub', 'gclub_live'] as const) {
      const { games } = await t.app.providers.deploymentDefault(provider).listGames();
      expect(games.length).toBeGreaterThan(3);
      expect(games.every((g) => g.category === 'casino')).toBe(true);
    }
    const alphabet = await t.app.providers.deploymentDefault('alphabet').listGames();
    expect(alphabet.games.every((g) => g.category === 'slot')).toBe(true);
  });

  it('launches a game page for a member; unknown members and games are refused', async () => {
    const member = await memberWith(askmebet, '12.50');
    const url = await askmebet.launchUrl(member, 'amb-fortune-koi');
    expect(url).toMatch(/^\/sandbox\/providers\/askmebet\/play\/[A-Za-z0-9_-]{32}$/);
    expect(await askmebet.launchUrl(member, 'amb-fortune-koi')).not.toBe(url);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fortune Koi');
    expect(page.body).toContain('12.50');
    // Without a game code the first game of the catalogue opens, like a lobby.
    expect(await askmebet.launchUrl(member, '')).toMatch(/\/play\//);
    await expect(askmebet.launchUrl(newMember(), 'amb-fortune-koi')).rejects.toThrow('HTTP 404');
    await expect(askmebet.launchUrl(member, 'no-such-game')).rejects.toThrow('HTTP 404');
  });

  it("ends a member's game sessions: every URL launched before stops playing, later ones play", async () => {
    const member = await memberWith(askmebet, '20.00');
    const spin = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: `${url}/spin`,
        headers: { 'content-type': 'application/json' },
        payload: { stake: '1.00' },
      });
    const urls = [
      await askmebet.launchUrl(member, 'amb-fortune-koi'),
      await askmebet.launchUrl(member, 'amb-mahjong-fortune'),
    ];
    const otherMember = await memberWith(askmebet, '5.00');
    const otherUrl = await askmebet.launchUrl(otherMember, 'amb-fortune-koi');
    expect((await spin(urls[0] ?? '')).statusCode).toBe(200);
    const balance = await askmebet.getBalance(member);

    await askmebet.endMemberSessions(member);
    for (const url of urls) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('expired');
      const refused = await spin(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'LAUNCH_NOT_FOUND' });
    }
    expect(await askmebet.getBalance(member)).toBe(balance);
    // Another member's game plays on; ending again is harmless.
    expect((await spin(otherUrl)).statusCode).toBe(200);
    await askmebet.endMemberSessions(member);
    // The provider ends what was launched; refusing new launches is the platform's part (refuseRestricted).
    expect((await spin(await askmebet.launchUrl(member, 'amb-fortune-koi'))).statusCode).toBe(200);

    // A member never created there has nothing to end.
    await askmebet.endMemberSessions(newMember());
    const raw = await signedSandboxRequest(
      t.app,
      'askmebet',
      'POST',
      `/members/${newMember().username}/sessions/end`,
    );
    expect(raw.statusCode).toBe(404);
    expect(raw.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const ended = await signedSandboxRequest(
      t.app,
      'askmebet',
      'POST',
      `/members/${member.username}/sessions/end`,
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ username: member.username, ended: 1 });
    // Unsigned: refused.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/sandbox/providers/askmebet/members/${member.username}/sessions/end`,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

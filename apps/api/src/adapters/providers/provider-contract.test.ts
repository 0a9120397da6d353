import { randomBytes, randomUUID } from 'node:crypto';
import type { TProviderProtocol } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProviderMembers } from '../../db/schema/sandbox-providers';
import { demoAgencyId } from '../../modules/ledger/ledger-test-helpers';
import { refusalError } from '../../modules/withdrawals/refusal-error';
import { SANDBOX_OPERATOR_CODE } from '../../sandbox/fundtransfer/sandbox-operator';
import { createTestApp, type TestApp } from '../../test/app';
import { aggregatorUsernameOf } from './fundtransfer-names';
import {
  type GameProvider,
  type ProviderMember,
  ProviderUnavailableError,
  type TransferOutcome,
  TransferTotalsNotOfferedError,
} from './game-provider';

// The provider contract, once per protocol: the same scenarios against our own protocol's sandbox
// (laocredit-v1, gclub) and the aggregator protocol's (fundtransfer-v1, betflix on the demo agency as the
// sandbox seed sets it), both reached the way money code reaches them (app.providers.of). What the money code
// relies on must hold for both: a refusal moved nothing, a repeat moves nothing twice, a lost answer is found
// by its reference, a time-out stays unknown and is never sent again. PGlite, or PostgreSQL with
// TEST_DATABASE_URL.

const TIMEOUT_MS = 400;

let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp(
    { PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS), SANDBOX_FUNDTRANSFER_PROVIDERS: 'betflix' },
    { listen: true },
  );
  // A `timeout` fault stalls just past the client's time-out.
  t.app.sandboxFaults.timeoutDelayMs = TIMEOUT_MS + 300;
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

const PROTOCOLS: Array<{ protocol: TProviderProtocol; provider: TProvider }> = [
  { protocol: 'laocredit-v1', provider: 'gclub' },
  { protocol: 'fundtransfer-v1', provider: 'betflix' },
];

/** A member named as ours are (`<agency>_<12 hex>`), new for each test. */
const newMember = (): ProviderMember => ({ username: `demo_${randomBytes(6).toString('hex')}` });
const newReference = (name: string) => `ct-${name}-${randomUUID().slice(0, 8)}`;

function applied(outcome: TransferOutcome) {
  if (outcome.status !== 'applied') throw new Error(`expected applied, got ${JSON.stringify(outcome)}`);
  return outcome.transfer;
}

describe.each(PROTOCOLS)('provider contract: $protocol', ({ protocol, provider }) => {
  let client: GameProvider;
  beforeAll(() => {
    client = t.app.providers.of(agencyId, provider);
  });

  /** A member holding `satang`, put there by a transfer in. */
  async function memberWith(satang: bigint): Promise<ProviderMember> {
    const member = newMember();
    await client.ensureMember(member);
    if (satang > 0n) applied(await client.transfer(member, 'in', satang, newReference('fund')));
    return member;
  }

  it('is reached over its protocol', async () => {
    expect(await t.app.providers.sourceOf(agencyId, provider)).toBe(
      protocol === 'laocredit-v1' ? 'default' : 'agency',
    );
  });

  it('member: ensured twice without harm, with a zero balance', async () => {
    const member = newMember();
    await client.ensureMember(member);
    await client.ensureMember(member);
    expect(await client.getBalance(member)).toBe(0n);
    if (protocol === 'fundtransfer-v1') {
      // At the aggregator under its own name for the member: the agent prefix and ten base-36 digits.
      const name = aggregatorUsernameOf(member, SANDBOX_OPERATOR_CODE);
      expect(name).toMatch(/^lc[0-9a-z]{10}$/);
      const [row] = await t.app.db
        .select()
        .from(sandboxProviderMembers)
        .where(and(eq(sandboxProviderMembers.provider, provider), eq(sandboxProviderMembers.username, name)));
      expect(row?.balance).toBe(0n);
    }
  });

  it('balance and transfers in and out: exact to the satang, each found by its reference', async () => {
    const member = await memberWith(0n);
    const inRef = newReference('in');
    const outRef = newReference('out');
    expect(applied(await client.transfer(member, 'in', 150_25n, inRef))).toMatchObject({
      reference: inRef,
      direction: 'in',
      amount: 150_25n,
    });
    expect(await client.getBalance(member)).toBe(150_25n);
    expect(applied(await client.transfer(member, 'out', 40_50n, outRef))).toMatchObject({
      direction: 'out',
      amount: 40_50n,
    });
    expect(await client.getBalance(member)).toBe(109_75n);
    expect(await client.findTransfer(inRef)).toMatchObject({
      reference: inRef,
      direction: 'in',
      amount: 150_25n,
    });
    expect(await client.findTransfer(outRef)).toMatchObject({ direction: 'out', amount: 40_50n });
    expect(await client.findTransfer(newReference('never'))).toBeNull();
  });

  it('refusal: a transfer out beyond the balance is refused, nothing moved, nothing found', async () => {
    const member = await memberWith(20_00n);
    const reference = newReference('refused');
    const outcome = await client.transfer(member, 'out', 20_01n, reference);
    expect(outcome).toEqual({ status: 'rejected', code: 'INSUFFICIENT_BALANCE' });
    // The player is told "not enough credit", whatever the protocol calls it.
    expect(refusalError('INSUFFICIENT_BALANCE').code).toBe('INSUFFICIENT_CREDIT');
    expect(await client.getBalance(member)).toBe(20_00n);
    expect(await client.findTransfer(reference)).toBeNull();
  });

  it('duplicate reference: the same transfer answers as the first and moves once; another amount is a conflict', async () => {
    const member = await memberWith(0n);
    const reference = newReference('twice');
    applied(await client.transfer(member, 'in', 10_00n, reference));
    expect(applied(await client.transfer(member, 'in', 10_00n, reference))).toMatchObject({
      direction: 'in',
      amount: 10_00n,
    });
    expect(await client.getBalance(member)).toBe(10_00n);
    expect(await client.transfer(member, 'in', 20_00n, reference)).toEqual({
      status: 'rejected',
      code: 'REFERENCE_CONFLICT',
    });
    expect(await client.transfer(member, 'out', 10_00n, reference)).toEqual({
      status: 'rejected',
      code: 'REFERENCE_CONFLICT',
    });
    expect(await client.getBalance(member)).toBe(10_00n);
    expect(await client.findTransfer(reference)).toMatchObject({ direction: 'in', amount: 10_00n });
  });

  it('time-out: unknown, looked up and not sent again — nothing moved', async () => {
    const member = await memberWith(30_00n);
    const reference = newReference('timeout');
    t.app.sandboxFaults.forceNext('providers', 'timeout');
    const outcome = await client.transfer(member, 'out', 5_00n, reference);
    expect(outcome.status).toBe('unknown');
    expect(outcome.status === 'unknown' && outcome.reason).toContain(`no transfer ${reference}`);
    // The request stalled and did nothing; had the client sent it again, it would have moved.
    expect(await client.findTransfer(reference)).toBeNull();
    expect(await client.getBalance(member)).toBe(30_00n);
  });

  it('lost answer: applied at the provider, found by its reference, moved once', async () => {
    const member = await memberWith(30_00n);
    const reference = newReference('lost');
    t.app.sandboxFaults.forceNext('providers', 'lost');
    expect(applied(await client.transfer(member, 'out', 12_34n, reference))).toMatchObject({
      reference,
      direction: 'out',
      amount: 12_34n,
    });
    expect(await client.getBalance(member)).toBe(17_66n);
  });

  it('an error answered before anything was done: refused once the look-up finds nothing', async () => {
    const member = await memberWith(30_00n);
    const reference = newReference('error');
    t.app.sandboxFaults.forceNext('providers', 'error');
    const outcome = await client.transfer(member, 'in', 1_00n, reference);
    expect(outcome.status).toBe('rejected');
    // Either protocol's name for it tells the player the provider is down, not that credit is short.
    if (outcome.status === 'rejected') expect(refusalError(outcome.code).code).toBe('PROVIDER_UNAVAILABLE');
    expect(await client.getBalance(member)).toBe(30_00n);
  });

  it('a balance read that errs three times is unavailable', async () => {
    const member = await memberWith(0n);
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error');
    await expect(client.getBalance(member)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await client.getBalance(member)).toBe(0n);
  });

  it('games: a catalogue with tabs, a launch that opens, and sessions ended', async () => {
    const member = await memberWith(0n);
    const catalogue = await client.listGames();
    expect(catalogue.games.length).toBeGreaterThan(3);
    const first = catalogue.games[0];
    if (!first) throw new Error('no game');
    expect(catalogue.tabs.map((tab) => tab.id)).toContain(first.tab);
    expect((await client.listGames(first.tab)).games.every((g) => g.tab === first.tab)).toBe(true);
    const url = await client.launchUrl(member, first.code);
    expect(url).toMatch(/\/play\//);
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    await client.endMemberSessions(member);
    await client.endMemberSessions(member);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A member never created has no session to end.
    await client.endMemberSessions(newMember());
  });

  it('metrics: the calls are timed under the protocol', async () => {
    const series = await t.app.metrics.registry.getSingleMetricAsString(
      'lc_external_request_duration_seconds',
    );
    expect(series).toMatch(new RegExp(`name="${provider}",protocol="${protocol}",outcome="2xx"`));
  });
});

describe('reconciliation reads of each protocol', () => {
  it('laocredit-v1 reports totals and a transfer report; fundtransfer-v1 a balance and look-ups only', async () => {
    const laocredit = t.app.providers.of(agencyId, 'gclub');
    const aggregator = t.app.providers.of(agencyId, 'betflix');
    const member = newMember();
    for (const client of [laocredit, aggregator]) {
      await client.ensureMember(member);
      applied(await client.transfer(member, 'in', 5_00n, newReference('rec')));
    }
    expect(await laocredit.getStatement(member)).toEqual({
      balance: 5_00n,
      transferredIn: 5_00n,
      transferredOut: 0n,
    });
    await expect(aggregator.getStatement(member)).rejects.toBeInstanceOf(TransferTotalsNotOfferedError);
    const window = [new Date(t.clock.now().getTime() - 60_000), new Date(t.clock.now().getTime() + 60_000)];
    const [from, to] = window as [Date, Date];
    expect((await laocredit.listTransfers(from, to)).transfers.length).toBeGreaterThan(0);
    expect(await aggregator.listTransfers(from, to)).toEqual({ transfers: [], cursor: null });
  });
});

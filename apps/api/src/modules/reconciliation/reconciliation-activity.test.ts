import type { TProvider } from '@lc/shared/providers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProviderMember } from '../../adapters/providers/game-provider';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { fund } from '../withdrawals/withdrawal-test-helpers';
import { WINDOW_OVERLAP_MS } from './execute-reconciliation-run';
import { runReconciliationNow } from './reconciliation-test-helpers';

// A run every minute and a sweep period of five: each run sweeps a fifth of the checked accounts.
const INTERVAL_MS = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { RECONCILE_INTERVAL_MS: String(INTERVAL_MS), RECONCILE_SWEEP_PERIOD_MS: String(5 * INTERVAL_MS) },
    { listen: true },
  );
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const memberOf = (p: SignedInPlayer) => providerMemberOf('demo', p.player.id).username;
const opsCredit = (p: SignedInPlayer, provider: TProvider, amount: string) =>
  fund(t.app, p, provider, amount);
/** Counts the statements asked from one provider, by member. */
function spyStatements(provider: TProvider): string[] {
  const asked: string[] = [];
  const client = t.app.providers.deploymentDefault(provider);
  const original = client.getStatement.bind(client);
  vi.spyOn(client, 'getStatement').mockImplementation((member: ProviderMember) => {
    asked.push(member.username);
    return original(member);
  });
  return asked;
}

describe('ACTIVITY runs', () => {
  it('do not ask the statement of an account without activity; the cost follows the activity', async () => {
    const [idle, busy, ...others] = (await Promise.all(
      Array.from({ length: 6 }, () => registerTestPlayer(t.app)),
    )) as [SignedInPlayer, SignedInPlayer, ...SignedInPlayer[]];
    for (const p of [idle, busy, ...others]) await opsCredit(p, 'gclub', '10.00');
    await runReconciliationNow(t.app); // every account checked once
    // Windows overlap: the next run sees these credits again; after it, they are out of reach.
    t.clock.advance(2 * WINDOW_OVERLAP_MS);
    await runReconciliationNow(t.app);
    t.clock.advance(5 * INTERVAL_MS);
    // The idle account had activity once more: afterwards it is among the most recently checked.
    await opsCredit(idle, 'gclub', '1.00');
    // Past the windows' overlap, so the next window no longer reaches back to that credit.
    t.clock.advance(2 * WINDOW_OVERLAP_MS);
    await runReconciliationNow(t.app);
    t.clock.advance(5 * INTERVAL_MS);

    await opsCredit(busy, 'gclub', '2.00');
    const asked = spyStatements('gclub');
    const report = await runReconciliationNow(t.app);
    expect(report.summary.differences).toBe(0);
    expect(asked).toContain(memberOf(busy));
    expect(asked).not.toContain(memberOf(idle));
    // The busy account, and two swept (a fifth of six accounts, rounded up) among the least recently checked.
    expect(asked).toHaveLength(3);
    expect(asked.filter((m) => others.map(memberOf).includes(m))).toHaveLength(2);
    expect(report.run).toMatchObject({ accountsChecked: 3, transfersMatched: 1 });
    // Five transfer reports (one page each) and three statements.
    expect(report.run.providerCalls).toBe(8);
  });

  it('sweep every account within the sweep period (five runs)', async () => {
    const players = await Promise.all(Array.from({ length: 7 }, () => registerTestPlayer(t.app)));
    for (const p of players) await opsCredit(p, 'betflix', '5.00');
    await runReconciliationNow(t.app);
    // Once more past the windows' overlap: from here on no account has activity.
    t.clock.advance(2 * WINDOW_OVERLAP_MS);
    await runReconciliationNow(t.app);
    const reached = new Set<string>();
    for (let run = 0; run < 5; run++) {
      t.clock.advance(INTERVAL_MS);
      const report = await runReconciliationNow(t.app);
      expect(report.summary.differences).toBe(0);
      // A fifth of the 13 accounts of this file, rounded up, per run: a sweep, not a full read.
      expect(report.rows).toHaveLength(3);
      for (const row of report.rows) reached.add(`${row.playerId}|${row.provider}`);
    }
    for (const p of players) expect(reached).toContain(`${p.player.id}|betflix`);
  });
});

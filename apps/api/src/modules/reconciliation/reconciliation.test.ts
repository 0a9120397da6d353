import type { TReconciliationResponse, TReconciliationRow } from '@lc/shared/contracts/reconciliation';
import { formatMinor, parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { auditLog } from '../../db/schema/audit';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';
import { bonusAccount, houseAccount, payoutAccount, playerProviderAccount } from '../ledger/account-key';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { postTransaction } from '../ledger/post-transaction';
import { fund } from '../withdrawals/withdrawal-test-helpers';
import { runReconciliationNow } from './reconciliation-test-helpers';

type Entries = Parameters<typeof postTransaction>[1]['entries'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const reconcile = () => runReconciliationNow(t.app);
const rowOf = (report: TReconciliationResponse, p: SignedInPlayer, provider: TProvider) =>
  report.rows.find((r) => r.playerId === p.player.id && r.provider === provider) as TReconciliationRow;
const opsCredit = (p: SignedInPlayer, provider: TProvider, amount: string) =>
  fund(t.app, p, provider, amount);
/** A transfer made at the provider behind the ledger's back (as a rogue script or a bug would). */
async function rawTransfer(
  p: SignedInPlayer,
  provider: TProvider,
  direction: 'in' | 'out',
  satang: bigint,
  reference = `raw-${crypto.randomUUID()}`,
) {
  const member = providerMemberOf('demo', p.player.id);
  const outcome = await t.app.providers
    .deploymentDefault(provider)
    .transfer(member, direction, satang, reference);
  expect(outcome.status).toBe('applied');
}

describe('reconciliation runs (POST …/reconciliation/runs, GET …/reconciliation)', () => {
  it('shows no difference after ops credits, with ledger and provider side by side', async () => {
    const a = await registerTestPlayer(t.app);
    const b = await registerTestPlayer(t.app);
    await opsCredit(a, 'gclub', '100.00');
    await opsCredit(a, 'gclub', '50.25');
    await opsCredit(b, 'askmebet', '10.00');
    // Opened by a credit read, never funded: a zero row.
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/alphabet',
      headers: { cookie: b.cookie },
    });

    const report = await reconcile();
    expect(report.summary).toEqual({
      accounts: 3,
      differences: 0,
      unavailable: 0,
      checkedAt: t.clock.now().toISOString(),
      // Ops credits come from the house: 100.00 + 50.25 + 10.00.
      ledger: { house: '-160.25', bonus: '0.00', payout: '0.00' },
      ledgerSum: '0.00',
    });
    expect(rowOf(report, a, 'gclub')).toEqual({
      playerId: a.player.id,
      username: a.username,
      provider: 'gclub',
      member: providerMemberOf('demo', a.player.id).username,
      ledger: '150.25',
      transferredIn: '150.25',
      transferredOut: '0.00',
      difference: '0.00',
      providerBalance: '150.25',
      gameNet: '0.00',
      status: 'OK',
      error: null,
    });
    expect(rowOf(report, b, 'alphabet')).toMatchObject({ ledger: '0.00', difference: '0.00', status: 'OK' });
  });

  it('does not count game results (a balance set at the provider) as a difference', async () => {
    const p = await registerTestPlayer(t.app);
    await opsCredit(p, 'betflix', '100.00');
    await setSandboxProviderBalance(
      t.app,
      'betflix',
      providerMemberOf('demo', p.player.id).username,
      '342.10',
    );
    const row = rowOf(await reconcile(), p, 'betflix');
    expect(row).toMatchObject({
      ledger: '100.00',
      providerBalance: '342.10',
      gameNet: '242.10',
      difference: '0.00',
      status: 'OK',
    });
  });

  it('flags a transfer in that the provider applied but the ledger never saw', async () => {
    const p = await registerTestPlayer(t.app);
    await opsCredit(p, 'gclub_live', '20.00');
    await rawTransfer(p, 'gclub_live', 'in', 7_50n);
    const report = await reconcile();
    expect(rowOf(report, p, 'gclub_live')).toMatchObject({
      ledger: '20.00',
      transferredIn: '27.50',
      transferredOut: '0.00',
      difference: '-7.50',
      status: 'DIFFERENCE',
    });
    expect(report.summary.differences).toBeGreaterThanOrEqual(1);
  });

  it('flags a transfer out that the provider applied but the ledger never saw', async () => {
    const p = await registerTestPlayer(t.app);
    await opsCredit(p, 'alphabet', '20.00');
    await rawTransfer(p, 'alphabet', 'out', 5_00n);
    expect(rowOf(await reconcile(), p, 'alphabet')).toMatchObject({
      ledger: '20.00',
      transferredOut: '5.00',
      providerBalance: '15.00',
      difference: '5.00',
      status: 'DIFFERENCE',
    });
  });

  it('flags a ledger posting the provider never received', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'DEPOSIT',
        reference: `ledger-only-${p.player.id}`,
        playerId: p.player.id,
        provider: 'askmebet',
        at: t.clock.now(),
        entries: [
          { account: houseAccount('THB'), amount: -3_00n },
          { account: playerProviderAccount(p.player.id, 'askmebet'), amount: 3_00n },
        ],
      }),
    );
    expect(rowOf(await reconcile(), p, 'askmebet')).toMatchObject({
      ledger: '3.00',
      transferredIn: '0.00',
      difference: '3.00',
      status: 'DIFFERENCE',
    });
  });

  it('accounts bonuses apart from the house, and payouts owed over all players; the ledger sums to zero', async () => {
    const before = (await reconcile()).summary.ledger;
    const agencyId = await demoAgencyId(t.app.db);
    const p = await registerTestPlayer(t.app);
    const q = await registerTestPlayer(t.app);
    await opsCredit(p, 'gclub', '100.00');
    // A promotion bonus and two withdrawals as the engine books them, each also moved at the provider.
    const post = (player: SignedInPlayer, reference: string, kind: 'BONUS' | 'WITHDRAW', entries: Entries) =>
      t.app.db.transaction((tx) =>
        postTransaction(tx, {
          agencyId,
          kind,
          reference: `${reference}-${player.player.id}`,
          playerId: player.player.id,
          provider: 'gclub',
          at: t.clock.now(),
          entries,
        }),
      );
    // The provider and the ledger get the same reference, as the engine does.
    await rawTransfer(p, 'gclub', 'in', 30_00n, `bonus-${p.player.id}`);
    await post(p, 'bonus', 'BONUS', [
      { account: bonusAccount('THB'), amount: -30_00n },
      { account: playerProviderAccount(p.player.id, 'gclub'), amount: 30_00n },
    ]);
    await rawTransfer(p, 'gclub', 'out', 50_00n, `withdraw-${p.player.id}`);
    await post(p, 'withdraw', 'WITHDRAW', [
      { account: playerProviderAccount(p.player.id, 'gclub'), amount: -50_00n },
      { account: payoutAccount(p.player.id), amount: 50_00n },
    ]);
    await opsCredit(q, 'gclub', '20.00');
    await rawTransfer(q, 'gclub', 'out', 20_00n, `withdraw-${q.player.id}`);
    await post(q, 'withdraw', 'WITHDRAW', [
      { account: playerProviderAccount(q.player.id, 'gclub'), amount: -20_00n },
      { account: payoutAccount(q.player.id), amount: 20_00n },
    ]);

    const report = await reconcile();
    const delta = (now: string, then: string) =>
      formatMinor(
        parseMoney(now, 'THB', { allowNegative: true }) - parseMoney(then, 'THB', { allowNegative: true }),
        'THB',
      );
    const { ledger } = report.summary;
    expect(delta(ledger.house, before.house)).toBe('-120.00');
    expect(delta(ledger.bonus, before.bonus)).toBe('-30.00');
    expect(delta(ledger.payout, before.payout)).toBe('70.00');
    expect(report.summary.ledgerSum).toBe('0.00');
    expect(rowOf(report, p, 'gclub')).toMatchObject({ ledger: '80.00', difference: '0.00', status: 'OK' });
    expect(rowOf(report, q, 'gclub')).toMatchObject({ ledger: '0.00', difference: '0.00', status: 'OK' });
  });

  it('audits every run with its counts', async () => {
    t.clock.advance(1000);
    const report = await reconcile();
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reconciliation.run'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(row?.details).toEqual({
      runId: report.run.id,
      status: 'DONE',
      accounts: report.summary.accounts,
      differences: report.summary.differences,
      unavailable: 0,
    });
    expect(report.summary.differences).toBe(3);
  });
});

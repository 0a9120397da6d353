import type { TReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import type { TProvider } from '@lc/shared/providers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { ledgerAccounts } from '../../db/schema/ledger';
import { reconciliationRuns } from '../../db/schema/reconciliation';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { houseAccount, playerProviderAccount } from '../ledger/account-key';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { postTransaction } from '../ledger/post-transaction';
import { runReconciliationNow } from './reconciliation-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const bearer = () => ({ authorization: `Bearer ${t.app.opsToken.token}` });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer() });
const differenceOf = (report: TReconciliationResponse, p: SignedInPlayer, provider: TProvider) =>
  report.differences.find((d) => d.playerId === p.player.id && d.provider === provider);

/** A transfer made at the provider behind the ledger's back (as a rogue script or a bug would). */
async function providerTransfer(p: SignedInPlayer, provider: TProvider, satang: bigint, reference: string) {
  // A credit read opens the wallet (member and ledger account), as the player's first visit does.
  await t.app.inject({
    method: 'GET',
    url: `/api/v2/players/credits/${provider}`,
    headers: { cookie: p.cookie },
  });
  const member = providerMemberOf('demo', p.player.id);
  expect(
    (await t.app.providers.deploymentDefault(provider).transfer(member, 'in', satang, reference)).status,
  ).toBe('applied');
}
/** A posting the provider never heard of (as a bug in the engine would make). */
async function ledgerPosting(p: SignedInPlayer, provider: TProvider, satang: bigint, reference: string) {
  const agencyId = await demoAgencyId(t.app.db);
  await t.app.db.transaction((tx) =>
    postTransaction(tx, {
      agencyId,
      kind: 'ADJUSTMENT',
      reference,
      playerId: p.player.id,
      provider,
      at: t.clock.now(),
      entries: [
        { account: houseAccount('THB'), amount: -satang },
        { account: playerProviderAccount(p.player.id, provider), amount: satang },
      ],
    }),
  );
}

describe('POST /api/ops/v1/reconciliation/runs and the stored runs', () => {
  it('answers 404 before any run finished, 202 with the RUNNING run, then the run DONE, listed and latest', async () => {
    expect((await get('/api/ops/v1/reconciliation')).statusCode).toBe(404);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/reconciliation/runs',
      headers: bearer(),
      payload: {},
    });
    expect(started.statusCode).toBe(202);
    const { run } = started.json();
    expect(run).toMatchObject({
      kind: 'ACTIVITY',
      status: 'RUNNING',
      startedAt: t.clock.now().toISOString(),
    });
    let detail = await get(`/api/ops/v1/reconciliation/runs/${run.id}`);
    for (let i = 0; i < 100 && detail.json().run.status === 'RUNNING'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      detail = await get(`/api/ops/v1/reconciliation/runs/${run.id}`);
    }
    expect(detail.statusCode).toBe(200);
    expect(detail.json().run).toMatchObject({ id: run.id, status: 'DONE', differences: 0 });
    expect((await get('/api/ops/v1/reconciliation')).json().run.id).toBe(run.id);

    const second = await runReconciliationNow(t.app);
    const list = await get('/api/ops/v1/reconciliation/runs?page=1&pageSize=1');
    expect(list.json()).toMatchObject({ page: 1, pageSize: 1, total: 2, items: [{ id: second.run.id }] });
    expect((await get('/api/ops/v1/reconciliation')).json().run.id).toBe(second.run.id);
    expect((await get(`/api/ops/v1/reconciliation/runs/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('lists a provider transfer missing in the ledger with its reference', async () => {
    const p = await registerTestPlayer(t.app);
    await providerTransfer(p, 'gclub', 7_50n, `rogue-in-${p.player.id}`);
    const report = await runReconciliationNow(t.app);
    expect(differenceOf(report, p, 'gclub')).toMatchObject({
      account: 'PLAYER_PROVIDER THB',
      username: p.username,
      balance: { ledger: '0.00', provider: '7.50', difference: '-7.50' },
      references: [
        { reference: `rogue-in-${p.player.id}`, kind: 'MISSING_IN_LEDGER', provider: '7.50', ledger: null },
      ],
    });
    // Still listed, with its reference, by the next run (no new activity on that account).
    t.clock.advance(10 * 60_000);
    expect(differenceOf(await runReconciliationNow(t.app), p, 'gclub')?.references).toEqual([
      { reference: `rogue-in-${p.player.id}`, kind: 'MISSING_IN_LEDGER', provider: '7.50', ledger: null },
    ]);
  });

  it('lists a ledger posting missing at the provider with its reference', async () => {
    const p = await registerTestPlayer(t.app);
    await ledgerPosting(p, 'askmebet', 3_00n, `ledger-only-${p.player.id}`);
    const report = await runReconciliationNow(t.app);
    expect(differenceOf(report, p, 'askmebet')).toMatchObject({
      balance: { ledger: '3.00', provider: '0.00', difference: '3.00' },
      references: [
        {
          reference: `ledger-only-${p.player.id}`,
          kind: 'MISSING_AT_PROVIDER',
          provider: null,
          ledger: '3.00',
        },
      ],
    });
  });

  it('lists a reference whose amounts differ on the two sides', async () => {
    const p = await registerTestPlayer(t.app);
    await providerTransfer(p, 'betflix', 6_00n, `uneven-${p.player.id}`);
    await ledgerPosting(p, 'betflix', 5_00n, `uneven-${p.player.id}`);
    const report = await runReconciliationNow(t.app);
    expect(differenceOf(report, p, 'betflix')).toMatchObject({
      balance: { ledger: '5.00', provider: '6.00', difference: '-1.00' },
      references: [
        { reference: `uneven-${p.player.id}`, kind: 'AMOUNT_DIFFERS', provider: '6.00', ledger: '5.00' },
      ],
    });
    expect(report.summary.differences).toBe(report.differences.length);
  });

  it('reports a cached balance that no longer equals the sum of its entries', async () => {
    const p = await registerTestPlayer(t.app);
    await providerTransfer(p, 'alphabet', 4_00n, `cached-${p.player.id}`);
    await ledgerPosting(p, 'alphabet', 4_00n, `cached-${p.player.id}`);
    const clean = await runReconciliationNow(t.app);
    expect(differenceOf(clean, p, 'alphabet')).toBeUndefined();
    // Tampered as an outside fault would: the cache moves, no entry does.
    await t.app.db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 1` })
      .where(eq(ledgerAccounts.playerId, p.player.id));
    const report = await runReconciliationNow(t.app);
    expect(differenceOf(report, p, 'alphabet')).toMatchObject({ cache: { cached: '4.01', entries: '4.00' } });
    expect(report.summary.ledgerSum).toBe('0.01');
    await t.app.db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - 1` })
      .where(eq(ledgerAccounts.playerId, p.player.id));
  });

  it('finishes as FAILED a RUNNING run whose runner died, then starts a new one', async () => {
    const agencyId = await demoAgencyId(t.app.db);
    // Stored RUNNING by a process that crashed: no runner's lease.
    const [dead] = await t.app.db
      .insert(reconciliationRuns)
      .values({
        agencyId,
        kind: 'ACTIVITY',
        status: 'RUNNING',
        requestedBy: 'worker',
        startedAt: t.clock.now(),
      })
      .returning();
    const report = await runReconciliationNow(t.app);
    expect(report.run.id).not.toBe(dead?.id);
    const old = await get(`/api/ops/v1/reconciliation/runs/${dead?.id}`);
    expect(old.json().run).toMatchObject({ status: 'FAILED', error: 'its runner stopped before finishing' });
  });
});

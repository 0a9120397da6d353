import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorUsernameOf } from '../../adapters/providers/fundtransfer-names';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencyProviderSettings } from '../../db/schema/agency';
import { deposits } from '../../db/schema/deposits';
import { sandboxProviderMembers } from '../../db/schema/sandbox-providers';
import { withdrawals } from '../../db/schema/withdrawals';
import {
  creditsOf,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../../modules/deposits/deposit-test-helpers';
import { houseAccount, playerProviderAccount } from '../../modules/ledger/account-key';
import { demoAgencyId } from '../../modules/ledger/ledger-test-helpers';
import { postTransaction } from '../../modules/ledger/post-transaction';
import { sealCredentials } from '../../modules/provider-settings/provider-settings-repository';
import { runReconciliationNow } from '../../modules/reconciliation/reconciliation-test-helpers';
import { opsAction, withdraw } from '../../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  FUNDTRANSFER_API_PATH,
  SANDBOX_OPERATOR_CODE,
  sandboxFundTransferCredentials,
  sandboxOperatorSecret,
} from './sandbox-operator';

// The demo with betflix on the aggregator protocol (SANDBOX_FUNDTRANSFER_PROVIDERS): the seed's settings,
// money through the aggregator's sandbox, reconciliation by look-ups (it has no statement), and what the
// money code does with an aggregator answer it cannot read: the order is held with the reason, never booked.

let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_FUNDTRANSFER_PROVIDERS: 'betflix' }, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const memberOf = (playerId: string) =>
  aggregatorUsernameOf(providerMemberOf('demo', playerId), SANDBOX_OPERATOR_CODE);

async function aggregatorBalance(playerId: string): Promise<bigint | undefined> {
  const [row] = await t.app.db
    .select({ balance: sandboxProviderMembers.balance })
    .from(sandboxProviderMembers)
    .where(
      and(
        eq(sandboxProviderMembers.provider, 'betflix'),
        eq(sandboxProviderMembers.username, memberOf(playerId)),
      ),
    );
  return row?.balance;
}

/** A paid deposit of 100,000 LAK to betflix, checked once; its row after the check. */
async function depositToBetflix(p: Awaited<ReturnType<typeof playerWithBankAccount>>) {
  const created = await postDeposit(t.app, p, { provider: 'betflix' });
  expect(created.statusCode, created.body).toBe(201);
  const code = created.json().order.code as string;
  expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
  await depositAction(t.app, p, code, 'check');
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  if (!row) throw new Error('deposit vanished');
  return row;
}

describe('the demo agency on the aggregator protocol', () => {
  it('is seeded for betflix only: its own settings, sealed, naming this process’s sandbox', async () => {
    const rows = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(eq(agencyProviderSettings.agencyId, agencyId));
    expect(rows.map((r) => [r.provider, r.protocol, r.url, r.enabled])).toEqual([
      ['betflix', 'fundtransfer-v1', FUNDTRANSFER_API_PATH, true],
    ]);
    expect(rows[0]?.credentialsSealed).not.toContain(sandboxOperatorSecret(t.app));
    expect(await t.app.providers.sourceOf(agencyId, 'betflix')).toBe('agency');
    expect(await t.app.providers.sourceOf(agencyId, 'gclub')).toBe('default');
  });

  it('a deposit lands at the aggregator, a withdrawal leaves it, and reconciliation finds nothing', async () => {
    const p = await playerWithBankAccount(t.app);
    const deposit = await depositToBetflix(p);
    expect(deposit.status).toBe('SUCCESS');
    const credit = deposit.credit + deposit.bonus;
    expect(await creditsOf(t.app, agencyId, p.player.id, 'betflix')).toEqual({
      provider: credit,
      ledger: credit,
    });
    expect(await aggregatorBalance(p.player.id)).toBe(credit);

    const out = await withdraw(t.app, p, { provider: 'betflix', credit: '50.00' });
    expect(out.statusCode, out.body).toBe(201);
    const code = out.json().order.code as string;
    expect((await opsAction(t.app, code, 'approve')).statusCode).toBe(200);
    expect(await aggregatorBalance(p.player.id)).toBe(credit - 50_00n);

    const activity = await runReconciliationNow(t.app, 'ACTIVITY');
    expect(activity.summary).toMatchObject({ differences: 0, unavailable: 0 });
    const full = await runReconciliationNow(t.app, 'FULL');
    expect(full.summary).toMatchObject({ differences: 0, unavailable: 0 });
    const row = full.rows.find((r) => r.playerId === p.player.id && r.provider === 'betflix');
    // The aggregator's balance and the sums of its look-ups of the account's two transfers.
    expect(row).toMatchObject({ status: 'OK', providerBalance: row?.ledger });
  });

  it('a posting the aggregator never heard of: the account differs and the reference is missing there', async () => {
    const p = await playerWithBankAccount(t.app);
    expect((await depositToBetflix(p)).status).toBe('SUCCESS');
    const reference = `rogue-${p.player.id.slice(0, 8)}`;
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'ADJUSTMENT',
        reference,
        playerId: p.player.id,
        provider: 'betflix',
        at: t.clock.now(),
        entries: [
          { account: houseAccount('THB'), amount: -7_00n },
          { account: playerProviderAccount(p.player.id, 'betflix'), amount: 7_00n },
        ],
      }),
    );
    const report = await runReconciliationNow(t.app, 'ACTIVITY');
    // Found twice over: its reference is not at the aggregator, and the account's look-ups add up to 7.00 less.
    expect(report.differences).toContainEqual(
      expect.objectContaining({
        playerId: p.player.id,
        provider: 'betflix',
        balance: expect.objectContaining({ difference: '7.00' }),
        references: [{ reference, kind: 'MISSING_AT_PROVIDER', ledger: '7.00', provider: null }],
      }),
    );
  });
});

describe('an aggregator answer the money code cannot read', () => {
  let stub: http.Server;
  let stubUrl: string;
  const makeTransferAnswer = { body: '' };

  beforeAll(async () => {
    // The aggregator as a stub: members and balances as the document says; transfers as the test says.
    stub = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://stub').pathname;
      const body =
        path === '/createMember.aspx'
          ? '{"errCode":"0","errMsg":"SUCCESS"}'
          : path === '/getBalance.aspx'
            ? '{"errCode":"0","errMsg":"SUCCESS","balance":5000.0}'
            : path === '/makeTransfer.aspx'
              ? makeTransferAnswer.body
              : '{"errCode":"-987","errMsg":"RECORD_NOT_FOUND"}';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    await pointBetflixAt(stubUrl, `${stubUrl}/log`);
  });
  afterAll(async () => {
    await pointBetflixAt(FUNDTRANSFER_API_PATH, '/sandbox/fundtransfer/log');
    stub?.closeAllConnections();
    await new Promise((resolve) => stub?.close(resolve));
  });

  let settingsVersion = 0;

  /** The demo agency's betflix settings, as an approval would write them. */
  async function pointBetflixAt(url: string, logUrl: string) {
    const credentials = { ...sandboxFundTransferCredentials(t.app, 'betflix'), logUrl };
    const box = t.app.secrets;
    if (!box) throw new Error('no secret box');
    await t.app.db
      .update(agencyProviderSettings)
      .set({
        url,
        credentialsSealed: sealCredentials(box, agencyId, 'betflix', credentials),
        // A new version: the registry builds a new client for it.
        updatedAt: new Date(t.clock.now().getTime() + ++settingsVersion),
      })
      .where(
        and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, 'betflix')),
      );
    t.app.providers.forgetAgency(agencyId);
  }

  it('an unexpected shape: the deposit stays PAID with the reason, nothing booked', async () => {
    makeTransferAnswer.body = '{"result":"OK"}';
    const p = await playerWithBankAccount(t.app);
    const deposit = await depositToBetflix(p);
    expect(deposit.status).toBe('PAID');
    expect(deposit.lastError).toMatch(/^unknown: no transfer D\w+:in after .*answered without an errCode/);
    expect((await creditsOf(t.app, agencyId, p.player.id, 'betflix')).ledger).toBe(0n);
  });

  it('an unknown error code on a withdrawal: held PENDING with the reason, the credit not given back', async () => {
    makeTransferAnswer.body = '{"errCode":"4242","errMsg":"SOMETHING_NEW"}';
    const p = await playerWithBankAccount(t.app);
    const out = await withdraw(t.app, p, { provider: 'betflix', credit: '50.00' });
    // Accepted, its transfer out unknown: PENDING inside (shown OPEN), for the worker and staff to settle.
    expect(out.statusCode, out.body).toBe(202);
    const [row] = await t.app.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.code, out.json().order.code as string));
    expect(row?.status).toBe('PENDING');
    expect(row?.failure).toMatch(/unknown error code: errCode 4242 \(SOMETHING_NEW\)/);
  });
});

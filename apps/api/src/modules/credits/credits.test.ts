import { PROVIDERS } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { ledgerAccounts } from '../../db/schema/ledger';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const getCredit = (provider: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/players/credits/${provider}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/v2/players/credits/{provider}', () => {
  it('answers 0.00 THB at each of the five providers for a new player', async () => {
    const p = await registerTestPlayer(t.app);
    for (const provider of PROVIDERS) {
      const res = await getCredit(provider, p.cookie);
      expect(res.statusCode, provider).toBe(200);
      expect(res.json(), provider).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
    }
  });

  it('asks the provider live: a balance changed at the provider shows at once, only at that provider', async () => {
    const p = await registerTestPlayer(t.app);
    const member = providerMemberOf('demo', p.player.id);
    for (const [i, provider] of PROVIDERS.entries()) {
      await setSandboxProviderBalance(t.app, provider, member.username, `${i + 1}00.25`);
    }
    for (const [i, provider] of PROVIDERS.entries()) {
      expect((await getCredit(provider, p.cookie)).json().credit.amount, provider).toBe(`${i + 1}00.25`);
    }
    await setSandboxProviderBalance(t.app, 'betflix', member.username, '0.07');
    expect((await getCredit('betflix', p.cookie)).json().credit.amount).toBe('0.07');
    expect((await getCredit('gclub', p.cookie)).json().credit.amount).toBe('400.25');
  });

  it('answers reads of many players at once each with its own balance (the sandbox batches its look-ups)', async () => {
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => registerTestPlayer(t.app)));
    for (const [i, p] of players.entries()) {
      await setSandboxProviderBalance(
        t.app,
        'askmebet',
        providerMemberOf('demo', p.player.id).username,
        `${i}.0${i}`,
      );
    }
    const reads = [...players, ...players].map((p) => getCredit('askmebet', p.cookie));
    const amounts = (await Promise.all(reads)).map((res) => res.json().credit.amount);
    expect(amounts).toEqual(['0.00', '1.01', '2.02', '3.03', '4.04', '0.00', '1.01', '2.02', '3.03', '4.04']);
  });

  it('creates the member once and opens its ledger account (at zero) for reconciliation', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    const results = await Promise.all([1, 2, 3].map(() => getCredit('gclub_live', p.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.playerId, p.player.id));
    expect(rows.map((r) => [r.kind, r.provider, r.balance])).toEqual([['PLAYER_PROVIDER', 'gclub_live', 0n]]);
    expect(
      await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'gclub_live')),
    ).toBe(0n);
  });

  it('answers 400 UNKNOWN_PROVIDER for any other provider name', async () => {
    const p = await registerTestPlayer(t.app);
    for (const name of ['pgslot', 'GCLUB', 'gclub%20', '__proto__']) {
      const res = await getCredit(name, p.cookie);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('UNKNOWN_PROVIDER');
    }
  });

  it('answers 401 without a session', async () => {
    const res = await getCredit('gclub');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

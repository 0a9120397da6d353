import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';

// Session look-ups of requests that arrive together share one statement (find-live-session.ts). Whatever
// the batch holds, each request must get its own player and accounts, and a dead session none.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const info = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });

async function playerWithAccount(index: number): Promise<SignedInPlayer & { accountNumber: string }> {
  const p = await registerTestPlayer(t.app);
  const accountNumber = `20260000${String(index).padStart(4, '0')}`;
  await t.app.db.insert(bankAccounts).values({
    playerId: p.player.id,
    agencyId: await demoAgencyId(t.app.db),
    bank: 'bcel',
    accountNumber,
    accountName: `OWNER ${index}`,
    owner: 'SELF',
    createdAt: t.clock.now(),
  });
  return { ...p, accountNumber };
}

describe('session look-up of many requests at once', () => {
  it('answers each request with its own player and bank accounts, and 401 for ended or unknown sessions', async () => {
    const withAccounts = await Promise.all([1, 2, 3].map(playerWithAccount));
    const without = await Promise.all([1, 2, 3].map(() => registerTestPlayer(t.app)));
    const loggedOut = await registerTestPlayer(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { cookie: loggedOut.cookie },
    });
    expect(logout.statusCode).toBe(204);

    // Every live cookie twice, interleaved with a dead and a forged one, all in flight together.
    const live = [...withAccounts, ...without];
    const cookies = [...live, ...live].map((p) => p.cookie);
    cookies.splice(3, 0, loggedOut.cookie);
    cookies.splice(7, 0, 'sid=forged-token-value');
    const responses = await Promise.all(cookies.map(info));

    for (const [i, cookie] of cookies.entries()) {
      const res = responses[i];
      const p = live.find((candidate) => candidate.cookie === cookie);
      if (!p) {
        expect(res?.statusCode, cookie).toBe(401);
        continue;
      }
      expect(res?.statusCode, p.username).toBe(200);
      const body = res?.json();
      expect(body.player.id).toBe(p.player.id);
      expect(body.credential.username).toBe(p.username);
      const account = withAccounts.find((w) => w.player.id === p.player.id);
      expect(body.bankAccounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual(
        account ? [`********${account.accountNumber.slice(-4)}`] : [],
      );
    }
  });
});

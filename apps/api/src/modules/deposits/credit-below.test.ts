import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { playerWithBankAccount, postDeposit } from './deposit-test-helpers';

// The agency's limits.creditBelow (decision 0069): the spec's "credit must be below a threshold" for a deposit.
// Set, a player deposits to a provider only while their credit there is below it; unset, credit is not read.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const setCreditBelow = (satang: bigint | null) =>
  t.app.db.update(agencies).set({ creditBelowSatang: satang }).where(eq(agencies.id, agencyId));

describe('deposit: credit below the agency threshold', () => {
  it('refuses at or above the threshold with it in params, opens nothing, and takes a deposit below it', async () => {
    await setCreditBelow(10_00n);
    t.app.forgetAgencies();
    const p = await playerWithBankAccount(t.app);
    const member = providerMemberOf('demo', p.player.id).username;
    await setSandboxProviderBalance(t.app, 'gclub', member, '10.00');
    const refused = await postDeposit(t.app, p);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CREDIT_NOT_BELOW', params: { threshold: '10.00' } });
    expect(await t.app.db.select().from(deposits).where(eq(deposits.playerId, p.player.id))).toEqual([]);

    // Another provider's credit is its own: betflix holds nothing, so a deposit there is taken.
    expect((await postDeposit(t.app, p, { provider: 'betflix' })).statusCode).toBe(201);
    const q = await playerWithBankAccount(t.app);
    await setSandboxProviderBalance(t.app, 'gclub', providerMemberOf('demo', q.player.id).username, '9.99');
    expect((await postDeposit(t.app, q)).statusCode).toBe(201);
  });

  it('without the setting a deposit is taken whatever the credit', async () => {
    await setCreditBelow(null);
    t.app.forgetAgencies();
    const p = await playerWithBankAccount(t.app);
    await setSandboxProviderBalance(
      t.app,
      'gclub',
      providerMemberOf('demo', p.player.id).username,
      '5000.00',
    );
    expect((await postDeposit(t.app, p)).statusCode).toBe(201);
  });
});

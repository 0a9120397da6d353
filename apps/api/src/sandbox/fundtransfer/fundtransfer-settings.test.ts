import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorUsernameOf } from '../../adapters/providers/fundtransfer-names';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { selfBaseUrl } from '../../adapters/self-url';
import { sandboxProviderMembers } from '../../db/schema/sandbox-providers';
import { playerWithBankAccount } from '../../modules/deposits/deposit-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../../modules/staff/staff.test-helpers';
import { fund } from '../../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  FUNDTRANSFER_API_PATH,
  FUNDTRANSFER_LOG_PATH,
  SANDBOX_OPERATOR_CODE,
  SANDBOX_PROVIDER_CODES,
  sandboxOperatorSecret,
} from './sandbox-operator';

// An agency's admins put a provider on the aggregator protocol as on any other (decision 0070): asked by one,
// approved by another, checked; the aggregator here is another process's sandbox, reached at absolute URLs,
// and the agency's money lands there.

let t: TestApp;
let outside: TestApp;
let adminA: TestStaff;
let adminB: TestStaff;

beforeAll(async () => {
  outside = await createTestApp({}, { listen: true });
  t = await createTestApp({}, { listen: true });
  adminA = await createTestStaff(t.app, t.clock, 'admin');
  adminB = await createTestStaff(t.app, t.clock, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await outside?.close();
});

describe('a provider put on the aggregator protocol through four eyes', () => {
  it('is checked there and the agency’s players are its members there', async () => {
    const base = selfBaseUrl(outside.app);
    const secretKey = sandboxOperatorSecret(outside.app);
    const asked = await staffRequest(t.app, adminA.cookie, 'PUT', '/api/ops/v1/settings/providers/alphabet', {
      protocol: 'fundtransfer-v1',
      url: `${base}${FUNDTRANSFER_API_PATH}`,
      credentials: {
        operatorCode: SANDBOX_OPERATOR_CODE,
        secretKey,
        providerCode: SANDBOX_PROVIDER_CODES.alphabet,
        logUrl: `${base}${FUNDTRANSFER_LOG_PATH}`,
      },
      enabled: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.body).not.toContain(secretKey);
    const id = asked.json().approval.id as string;
    const approved = await staffRequest(
      t.app,
      adminB.cookie,
      'POST',
      `/api/ops/v1/approvals/${id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const listed = await staffRequest(t.app, adminA.cookie, 'GET', '/api/ops/v1/settings/providers');
    expect(listed.json().protocols).toContain('fundtransfer-v1');
    expect(listed.json().items.find((i: { provider: string }) => i.provider === 'alphabet')).toMatchObject({
      source: 'agency',
      protocol: 'fundtransfer-v1',
      url: `${base}${FUNDTRANSFER_API_PATH}`,
    });
    const checked = await staffRequest(
      t.app,
      adminA.cookie,
      'POST',
      '/api/ops/v1/settings/providers/alphabet/check',
      {},
    );
    expect(checked.json(), checked.body).toMatchObject({ ok: true, detail: 'balance 0.00 THB' });

    const player = await playerWithBankAccount(t.app);
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/alphabet',
      headers: { cookie: player.cookie },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const name = aggregatorUsernameOf(providerMemberOf('demo', player.player.id), SANDBOX_OPERATOR_CODE);
    const atOutside = await outside.app.db
      .select()
      .from(sandboxProviderMembers)
      .where(and(eq(sandboxProviderMembers.provider, 'alphabet'), eq(sandboxProviderMembers.username, name)));
    expect(atOutside).toHaveLength(1);
    await fund(t.app, player, 'alphabet', '10.00');
    const [funded] = await outside.app.db
      .select({ balance: sandboxProviderMembers.balance })
      .from(sandboxProviderMembers)
      .where(and(eq(sandboxProviderMembers.provider, 'alphabet'), eq(sandboxProviderMembers.username, name)));
    expect(funded?.balance).toBe(10_00n);

    // The game opens at the aggregator's address (its link is relative to it).
    const launched = await t.app.inject({
      method: 'POST',
      url: '/api/v2/games/alphabet/launch',
      headers: { cookie: player.cookie },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().url).toMatch(new RegExp(`^${base}/sandbox/providers/alphabet/play/`));
  });
});

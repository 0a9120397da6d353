import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { houseAccount, playerProviderAccount } from '../ledger/account-key';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { postTransaction } from '../ledger/post-transaction';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let t: TestApp;
beforeAll(async () => {
  // gclub is configured to an address where nothing answers; the other four stay on the sandbox.
  const port = await closedPort();
  t = await createTestApp(
    { PROVIDER_GCLUB_URL: `http://127.0.0.1:${port}/v1`, PROVIDER_GCLUB_KEY: 'gclub-key-0123456789abcdef' },
    { listen: true },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a provider that does not answer', () => {
  it('answers 503 PROVIDER_UNAVAILABLE for its credit and games; the other providers still answer', async () => {
    const p = await registerTestPlayer(t.app);
    const headers = { cookie: p.cookie };
    const credit = await t.app.inject({ method: 'GET', url: '/api/v2/players/credits/gclub', headers });
    expect(credit.statusCode).toBe(503);
    expect(credit.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(credit.body).not.toContain('127.0.0.1');

    const games = await t.app.inject({ method: 'GET', url: '/api/v2/games/gclub', headers });
    expect(games.statusCode).toBe(503);
    expect(games.json().error.code).toBe('PROVIDER_UNAVAILABLE');

    const other = await t.app.inject({ method: 'GET', url: '/api/v2/players/credits/gclub_live', headers });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
  });
});

describe('reconciliation with a provider that does not answer', () => {
  it('lists its accounts as UNAVAILABLE, not as differences, and still checks the others', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    for (const provider of ['gclub', 'gclub_live'] as const) {
      await t.app.db.transaction((tx) =>
        postTransaction(tx, {
          agencyId,
          kind: 'ADJUSTMENT',
          reference: `down-${provider}-${p.player.id}`,
          playerId: p.player.id,
          provider,
          at: t.clock.now(),
          entries: [
            { account: houseAccount('THB'), amount: -1n },
            { account: playerProviderAccount(p.player.id, provider), amount: 1n },
          ],
        }),
      );
    }
    const report = await runReconciliationNow(t.app);
    const down = report.rows.find(
      (r: { provider: string; playerId: string }) => r.provider === 'gclub' && r.playerId === p.player.id,
    );
    expect(down).toMatchObject({
      ledger: '0.01',
      difference: null,
      status: 'UNAVAILABLE',
      error: expect.any(String),
    });
    const up = report.rows.find(
      (r: { provider: string; playerId: string }) =>
        r.provider === 'gclub_live' && r.playerId === p.player.id,
    );
    expect(up).toMatchObject({ ledger: '0.01', difference: '0.01', status: 'DIFFERENCE' });
    // Every gclub account (the first test's player got one when its credit was asked) could not be checked.
    const gclubRows = report.rows.filter((r: { provider: string }) => r.provider === 'gclub');
    expect(gclubRows.length).toBe(2);
    expect(gclubRows.every((r: { status: string }) => r.status === 'UNAVAILABLE')).toBe(true);
    expect(report.summary).toMatchObject({ unavailable: 2, differences: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { auditLog } from '../../db/schema/audit';
import { ledgerTransactions } from '../../db/schema/ledger';
import { isAppError } from '../../lib/app-error';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { hasSuccessfulDeposit } from '../ledger/has-successful-deposit';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { creditPlayer } from './credit-player';
import { jobScope } from './record-audit';

/**
 * `creditPlayer` books what an approved adjustment moves (decide-approval.ts and the worker's resume call it;
 * no route books a credit by one person: ops-players.test.ts and approvals.test.ts). Called directly here.
 */
let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

async function credit(playerId: string, provider: TProvider, amount: bigint, key: string) {
  const [agency] = await t.app.db.select().from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw new Error('no demo agency');
  return creditPlayer(t.app.db, {
    agency,
    playerId,
    provider: t.app.providers.of(agencyId, provider),
    amount,
    reason: 'goodwill',
    key,
    actor: 'finance_two',
    scope: jobScope(agencyId),
    now: t.clock.now(),
    log: t.app.log,
  });
}
const creditOf = async (cookie: string, provider: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v2/players/credits/${provider}`, headers: { cookie } })
  ).json().credit.amount;
const auditOf = async (reference: string) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'player.credit'))).filter(
    (row) => row.details.reference === reference,
  );

describe('creditPlayer (an approved adjustment)', () => {
  it('transfers the credit in at the provider, books it as an ADJUSTMENT (not a deposit) and audits it', async () => {
    const p = await registerTestPlayer(t.app);
    const key = randomUUID();
    const booked = await credit(p.player.id, 'betflix', 10_050n, key);
    expect(booked).toMatchObject({ reference: `ops-credit:${key}`, status: 'APPLIED', amount: 10_050n });
    expect(await creditOf(p.cookie, 'betflix')).toBe('100.50');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'))).toBe(
      10_050n,
    );
    // Adjustments are not deposits (domain rule 6): no first deposit, no turnover.
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);
    const [posted] = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, booked.reference));
    expect(posted).toMatchObject({
      kind: 'ADJUSTMENT',
      playerId: p.player.id,
      provider: 'betflix',
      memo: 'goodwill',
    });
    expect((await auditOf(booked.reference)).map((row) => [row.actor, row.details.status])).toEqual([
      ['finance_two', 'APPLIED'],
    ]);
  });

  it('never credits twice: three parallel calls and a repeat with one key move the amount once', async () => {
    const p = await registerTestPlayer(t.app);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => credit(p.player.id, 'gclub', 2_500n, key)));
    expect(new Set(answers.map((a) => a.reference))).toEqual(new Set([`ops-credit:${key}`]));
    await credit(p.player.id, 'gclub', 2_500n, key);
    expect(await creditOf(p.cookie, 'gclub')).toBe('25.00');
    const reused = await credit(p.player.id, 'gclub', 2_600n, key).catch((error: unknown) => error);
    expect(isAppError(reused) && reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps a credit whose answer was lost PENDING and resolves it once under the same reference', async () => {
    const p = await registerTestPlayer(t.app);
    const key = randomUUID();
    await creditOf(p.cookie, 'alphabet'); // the member exists, so the faults below hit the transfer
    // The transfer happens but its answer is lost, and every look-up of it fails too.
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error', 'error', 'error');
    const pending = await credit(p.player.id, 'alphabet', 4_000n, key);
    expect(pending.status).toBe('PENDING');
    // The provider has it; the ledger does not yet, and the player does not count as having deposited.
    expect(await creditOf(p.cookie, 'alphabet')).toBe('40.00');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'alphabet'))).toBe(
      0n,
    );
    const resolved = await credit(p.player.id, 'alphabet', 4_000n, key);
    expect(resolved.status).toBe('APPLIED');
    expect(await creditOf(p.cookie, 'alphabet')).toBe('40.00');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'alphabet'))).toBe(
      4_000n,
    );
    expect((await auditOf(`ops-credit:${key}`)).map((row) => row.details.status)).toEqual([
      'PENDING',
      'APPLIED',
    ]);
  });

  it('answers 503 when the provider refuses, records it, and moves nothing', async () => {
    const p = await registerTestPlayer(t.app);
    await creditOf(p.cookie, 'askmebet');
    const key = randomUUID();
    // The provider answers the transfer with a 503 of its own and has no such transfer afterwards.
    t.app.sandboxFaults.forceNext('providers', 'error');
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await credit(p.player.id, 'askmebet', 500n, key).catch((error: unknown) => error);
      expect(isAppError(refused) && refused.code).toBe('PROVIDER_UNAVAILABLE');
    }
    expect(await creditOf(p.cookie, 'askmebet')).toBe('0.00');
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);
    expect((await auditOf(`ops-credit:${key}`))[0]?.details).toMatchObject({
      status: 'REJECTED',
      failure: 'SANDBOX_FAULT',
    });
  });

  it('refuses a player of no agency or another one', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await credit(id, 'gclub', 100n, randomUUID()).catch((error: unknown) => error);
      expect(isAppError(missing) && missing.code, id).toBe('NOT_FOUND');
    }
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { promotionUsages } from '../../db/schema/promotions';
import { transfers } from '../../db/schema/transfers';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import {
  createPromotion,
  depositAndCredit,
  promoPlayer,
  promotionInput,
  setBalance,
  usePromo,
} from '../promotions/promotion-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import {
  fund,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';
import {
  bothSides,
  inTransitOf,
  legsOf,
  listTransfers,
  postTransfer,
  transferRow,
} from './transfer-test-helpers';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterEach(() => {
  t.app.sandboxFaults.reset();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

async function funded(amount = '500.00', provider: 'askmebet' | 'gclub' = 'askmebet'): Promise<Withdrawer> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, provider, amount);
  return p;
}
const codeOf = (res: { json: () => { error?: { code?: string } } }) => res.json().error?.code;

describe('POST /api/v2/credits/transfer', () => {
  it('moves the amount once: out of `from`, into `to`, at the providers and in the ledger, under one reference', async () => {
    const p = await funded('500.00');
    const res = await postTransfer(t.app, p, { from: 'askmebet', to: 'gclub', amount: '120.50' });
    expect(res.statusCode).toBe(200);
    const { transfer } = res.json();
    expect(transfer).toEqual({
      reference: expect.stringMatching(/^T260115\d{4}[A-Z]{2}$/),
      from: 'askmebet',
      to: 'gclub',
      amount: '120.50',
      status: 'SUCCESS',
      createdAt: t.clock.now().toISOString(),
    });
    expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({ provider: '379.50', ledger: '379.50' });
    expect(await bothSides(t.app, agencyId, p, 'gclub')).toEqual({ provider: '120.50', ledger: '120.50' });
    expect(await inTransitOf(t.app, agencyId, p)).toBe(0n);
    const ref = transfer.reference;
    expect(await legsOf(t.app, ref)).toEqual({
      ledger: [
        ['TRANSFER', `${ref}:in`],
        ['TRANSFER', `${ref}:out`],
      ],
      providers: [
        ['askmebet', `${ref}:out`, 'out'],
        ['gclub', `${ref}:in`, 'in'],
      ],
    });

    const history = await listTransfers(t.app, p);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ items: [transfer], page: 1, pageSize: 20, total: 1 });
    expect((await runReconciliationNow(t.app, 'FULL')).summary.differences).toBe(0);
  });

  it('answers the same Idempotency-Key with the same answer; three parallel requests with one key make one transfer', async () => {
    const p = await funded('300.00');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => postTransfer(t.app, p, { amount: '100.00' }, key)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [first] = answers;
    for (const answer of answers) expect(answer.json()).toEqual(first?.json());
    const again = await postTransfer(t.app, p, { amount: '100.00' }, key);
    expect(again.json()).toEqual(first?.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const rows = await t.app.db.select().from(transfers).where(eq(transfers.playerId, p.player.id));
    expect(rows).toHaveLength(1);
    expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({ provider: '200.00', ledger: '200.00' });
    expect(await bothSides(t.app, agencyId, p, 'gclub')).toEqual({ provider: '100.00', ledger: '100.00' });

    const reused = await postTransfer(t.app, p, { amount: '50.00' }, key);
    expect(reused.statusCode).toBe(409);
    expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    const keyless = await postTransfer(t.app, p, { amount: '50.00' }, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'Idempotency-Key': 'REQUIRED' },
    });
  });

  it('races: five parallel transfers (other keys) above the balance move what it holds, each once; provider = ledger', async () => {
    const p = await funded('100.00');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postTransfer(t.app, p, { to: i % 2 === 0 ? 'gclub' : 'alphabet', amount: '40.00' }),
      ),
    );
    const moved = answers.filter((r) => r.statusCode === 200);
    expect(moved.map((r) => r.json().transfer.status)).toEqual(['SUCCESS', 'SUCCESS']);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'INSUFFICIENT_CREDIT']);
    }
    const sides = await Promise.all(
      (['askmebet', 'gclub', 'alphabet'] as const).map((provider) => bothSides(t.app, agencyId, p, provider)),
    );
    for (const side of sides) expect(side.provider).toBe(side.ledger);
    expect(sides[0]?.provider).toBe('20.00');
    expect(await inTransitOf(t.app, agencyId, p)).toBe(0n);
  });

  it('answers 400 VALIDATION_ERROR, UNKNOWN_PROVIDER and AMOUNT_OUT_OF_RANGE (with the bounds), moving nothing', async () => {
    const p = await funded('200000.00');
    const cases: [Record<string, string>, string, Record<string, string>?][] = [
      [{ from: 'gclub', to: 'gclub', amount: '10.00' }, 'VALIDATION_ERROR', { to: 'INVALID' }],
      [{ amount: '0' }, 'VALIDATION_ERROR', { amount: 'INVALID' }],
      [{ amount: '0.00' }, 'VALIDATION_ERROR', { amount: 'INVALID' }],
      [{ amount: '-5.00' }, 'VALIDATION_ERROR', { amount: 'INVALID' }],
      [{ amount: '1.001' }, 'VALIDATION_ERROR', { amount: 'INVALID' }],
      [{ from: 'pgslot' }, 'UNKNOWN_PROVIDER'],
      [{ amount: '0.99' }, 'AMOUNT_OUT_OF_RANGE'],
      [{ amount: '100000.01' }, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [body, code, fields] of cases) {
      const res = await postTransfer(t.app, p, { amount: '10.00', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
      if (fields) expect(res.json().error.fields).toEqual(fields);
      if (code === 'AMOUNT_OUT_OF_RANGE')
        expect(res.json().error.params).toEqual({ min: '1.00', max: '100000.00' });
    }
    // The agency's limits are public, and the edges are inside.
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(info.json().agency.limits).toMatchObject({ transferMin: '1.00', transferMax: '100000.00' });
    expect((await postTransfer(t.app, p, { amount: '1.00' })).json().transfer.status).toBe('SUCCESS');
    expect((await postTransfer(t.app, p, { amount: '100000.00' })).json().transfer.status).toBe('SUCCESS');
    expect(await bothSides(t.app, agencyId, p, 'gclub')).toEqual({
      provider: '100001.00',
      ledger: '100001.00',
    });
  });

  it('answers 409 INSUFFICIENT_CREDIT above the live balance and records nothing', async () => {
    const p = await funded('100.00');
    const res = await postTransfer(t.app, p, { amount: '100.01' });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('INSUFFICIENT_CREDIT');
    expect(await t.app.db.select().from(transfers).where(eq(transfers.playerId, p.player.id))).toEqual([]);
    expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({ provider: '100.00', ledger: '100.00' });
  });

  it('a transfer out that `from` refuses (the balance went in a game meanwhile) is FAILED, nothing booked, 409', async () => {
    const p = await funded('100.00');
    // The balance read says 100.00; by the time the transfer out arrives a game has taken it down to 10.00.
    await setBalance(t.app, p, 'askmebet', '10.00');
    vi.spyOn(t.app.providers.deploymentDefault('askmebet'), 'getBalance').mockResolvedValue(100_00n);
    const res = await postTransfer(t.app, p, { amount: '50.00' });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('INSUFFICIENT_CREDIT');
    const [row] = await t.app.db.select().from(transfers).where(eq(transfers.playerId, p.player.id));
    expect(row?.status).toBe('FAILED');
    expect(await legsOf(t.app, row?.reference ?? '')).toEqual({ ledger: [], providers: [] });
    expect((await listTransfers(t.app, p)).json().items).toMatchObject([
      { status: 'FAILED', amount: '50.00' },
    ]);
  });

  it('answers 409 OPEN_ORDER while a withdrawal of `from` is open; credit may still come in to its provider', async () => {
    const p = await funded('500.00');
    await fund(t.app, p, 'gclub', '100.00');
    const withdrawal = await withdraw(t.app, p, { provider: 'askmebet', credit: '100.00' });
    expect(withdrawal.statusCode).toBe(201);
    const refused = await postTransfer(t.app, p, { from: 'askmebet', to: 'gclub', amount: '50.00' });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('OPEN_ORDER');
    expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({ provider: '400.00', ledger: '400.00' });
    const towards = await postTransfer(t.app, p, { from: 'gclub', to: 'askmebet', amount: '50.00' });
    expect(towards.json().transfer?.status).toBe('SUCCESS');
  });

  it('answers 409 PROMOTION_CREDIT_USED while a promotion in use holds the credit of `from` or `to`', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'gclub')).json();
    await fund(t.app, p, 'askmebet', '100.00');
    // Taken, its deposit not made yet: credit moved in would count towards its target.
    const intoActive = await postTransfer(t.app, p, { from: 'askmebet', to: 'gclub', amount: '10.00' });
    expect(intoActive.statusCode).toBe(409);
    expect(intoActive.json().error).toMatchObject({
      code: 'PROMOTION_CREDIT_USED',
      params: { threshold: '5.00' },
    });

    await depositAndCredit(t.app, p, 'gclub', '100000');
    for (const body of [
      { from: 'gclub', to: 'askmebet', amount: '10.00' },
      { from: 'askmebet', to: 'gclub', amount: '10.00' },
    ]) {
      const res = await postTransfer(t.app, p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'PROMOTION_CREDIT_USED',
        params: { threshold: '5.00' },
      });
    }
    // Other providers are free.
    await fund(t.app, p, 'alphabet', '20.00');
    expect(
      (await postTransfer(t.app, p, { from: 'alphabet', to: 'askmebet', amount: '20.00' })).statusCode,
    ).toBe(200);
    // Played down below the threshold, the promotion has run its course: it ends, and the rest may move.
    await setBalance(t.app, p, 'gclub', '4.99');
    const rest = await postTransfer(t.app, p, { from: 'gclub', to: 'askmebet', amount: '4.99' });
    expect(rest.json().transfer?.status).toBe('SUCCESS');
    const [ended] = await t.app.db
      .select()
      .from(promotionUsages)
      .where(eq(promotionUsages.id, usage.usageId));
    expect(ended?.status).toBe('INACTIVE');
  });

  it('answers 403 ACCOUNT_TIMED_OUT and ACCOUNT_SELF_EXCLUDED to a restricted player', async () => {
    const cases = [
      ['/api/v2/players/time-out', { days: 1 }, 'ACCOUNT_TIMED_OUT'],
      ['/api/v2/players/self-exclusion', { months: 6 }, 'ACCOUNT_SELF_EXCLUDED'],
    ] as const;
    for (const [url, payload, code] of cases) {
      const p = await funded('100.00');
      const restrict = await t.app.inject({ method: 'POST', url, headers: { cookie: p.cookie }, payload });
      expect(restrict.statusCode).toBe(204);
      const res = await postTransfer(t.app, p, { amount: '10.00' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.params.until).toEqual(expect.any(String));
      expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({
        provider: '100.00',
        ledger: '100.00',
      });
    }
  });
});

describe('GET /api/v2/credits/transfers', () => {
  it("pages the player's own transfers, newest first; another player's are never shown", async () => {
    const p = await funded('100.00');
    const refs: string[] = [];
    for (const amount of ['10.00', '20.00', '30.00']) {
      refs.push((await postTransfer(t.app, p, { amount })).json().transfer.reference);
      t.clock.advance(1000);
    }
    const page = await listTransfers(t.app, p, '?page=1&pageSize=2');
    expect(page.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page.json().items.map((x: { reference: string }) => x.reference)).toEqual([refs[2], refs[1]]);
    const second = await listTransfers(t.app, p, '?page=2&pageSize=2');
    expect(second.json().items.map((x: { reference: string }) => x.reference)).toEqual([refs[0]]);

    const other = await registerTestPlayer(t.app);
    expect((await listTransfers(t.app, other)).json()).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/credits/transfers' })).statusCode).toBe(401);
    expect(await transferRow(t.app, refs[0] ?? '')).toMatchObject({ playerId: p.player.id });
  });
});

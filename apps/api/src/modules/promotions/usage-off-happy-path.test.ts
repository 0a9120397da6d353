import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema/deposits';
import { promotionUsages } from '../../db/schema/promotions';
import { withdrawals } from '../../db/schema/withdrawals';
import { createTestApp, type TestApp } from '../../test/app';
import { creditsOf, depositAction, sandboxPay } from '../deposits/deposit-test-helpers';
import { houseAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { opsAction, opsHeaders, withdraw } from '../withdrawals/withdrawal-test-helpers';
import {
  cancelPromo,
  codeOf,
  createPromotion,
  deposit,
  depositAndCredit,
  type PromoPlayer,
  promoPlayer,
  promotionInput,
  recheckPromo,
  updatePromotion,
  usePromo,
} from './promotion-test-helpers';

// domain.md "When money leaves the happy path", rules 4 and 5, and Withdraw step 2 (issue #12: 2, 4, 5).
// 100,000 LAK at the demo sell rate 640.50 gives 156.12 THB of credit; with a 100.00 bonus the player has 256.12.
const DEPOSIT = '100000';
const thb = (text: string) => parseMoney(text, 'THB');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.sandboxFaults.reset();
});

async function usageRow(usageId: string) {
  const [row] = await t.app.db.select().from(promotionUsages).where(eq(promotionUsages.id, usageId));
  if (!row) throw new Error(`no usage ${usageId}`);
  return row;
}

/** A player whose usage of a new promotion (`terms`) on `provider` is USED: deposited and credited. */
async function usedUsage(provider: TProvider, terms: Partial<TPromotionInput>) {
  const promo = await createPromotion(t.app, promotionInput(terms));
  const p = await promoPlayer(t.app);
  const { usage } = (await usePromo(t.app, p, promo.id, provider)).json();
  await depositAndCredit(t.app, p, provider, DEPOSIT);
  return { promo, p, usageId: usage.usageId as string };
}

const CAPPED: Partial<TPromotionInput> = {
  bonus: { type: 'FIXED', value: '100.00', max: null },
  targetCredit: { type: 'FIXED', value: '100.00' },
  withdraw: { all: false, min: null, max: { type: 'FIXED', value: '100.00' }, deductBonus: false },
};

describe('staff reject a withdrawal that ended a usage (finding 2)', () => {
  it('undoes it all: credit back, the house returns its part, the usage is USED again and caps the next one', async () => {
    const { p, usageId } = await usedUsage('alphabet', CAPPED);
    const houseBefore = await getAccountBalance(t.app.db, agencyId, houseAccount('THB'));
    const first = await withdraw(t.app, p, { provider: 'alphabet', credit: '256.12' });
    expect(first.statusCode).toBe(201);
    const order = first.json().order;
    expect(order).toMatchObject({ credit_received: '100.00', credit_returned: '156.12' });
    expect(await usageRow(usageId)).toMatchObject({ status: 'SUCCESS', withdrawalCode: order.code });

    const rejected = await opsAction(t.app, order.code, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().withdrawal.status).toBe('REJECTED');
    expect(await usageRow(usageId)).toMatchObject({ status: 'USED', withdrawalCode: null, endedAt: null });
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(houseBefore);
    expect(await creditsOf(t.app, agencyId, p.player.id, 'alphabet')).toEqual({
      provider: thb('256.12'),
      ledger: thb('256.12'),
    });

    const again = await withdraw(t.app, p, { provider: 'alphabet', credit: '256.12' });
    expect(again.statusCode).toBe(201);
    expect(again.json().order).toMatchObject({ credit_received: '100.00', credit_returned: '156.12' });
    expect(await usageRow(usageId)).toMatchObject({
      status: 'SUCCESS',
      withdrawalCode: again.json().order.code,
    });
  });

  it('refuses a new promotion while the withdrawal that ended the last one waits for payout', async () => {
    const { p, promo } = await usedUsage('betflix', CAPPED);
    const order = (await withdraw(t.app, p, { provider: 'betflix', credit: '256.12' })).json().order;
    // Credit on another provider stays below the threshold: only the open withdrawal stands in the way.
    expect(codeOf(await usePromo(t.app, p, promo.id, 'gclub'))).toBe('OPEN_ORDER');
    expect((await opsAction(t.app, order.code, 'reject')).statusCode).toBe(200);
    expect(codeOf(await usePromo(t.app, p, promo.id, 'gclub'))).toBe('PROMOTION_USED_BY_PROVIDER');
  });
});

/** An ACTIVE usage on gclub whose deposit was paid and then FAILED at the provider (10 failed credits). */
async function usageWithFailedDeposit(): Promise<{ p: PromoPlayer; usageId: string; code: string }> {
  const promo = await createPromotion(t.app, promotionInput());
  const p = await promoPlayer(t.app);
  const { usage } = (await usePromo(t.app, p, promo.id, 'gclub')).json();
  const created = await deposit(t.app, p, 'gclub', DEPOSIT);
  expect(created.statusCode).toBe(201);
  const { code } = created.json().order;
  // The bank's webhook is dropped so only the check below tries to credit it.
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount: DEPOSIT })).statusCode).toBe(201);
  await t.app.db.update(deposits).set({ attempts: 9 }).where(eq(deposits.code, code));
  t.app.sandboxFaults.forceNext('providers', 'error');
  expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('FAILED');
  return { p, usageId: usage.usageId, code };
}

describe('a FAILED deposit counts as unfinished (finding 4)', () => {
  it('keeps its usage from being cancelled or ended by recheck', async () => {
    const { p, usageId, code } = await usageWithFailedDeposit();
    const res = await cancelPromo(t.app, p, usageId);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('OPEN_ORDER');
    await updatePromotion(t.app, (await usageRow(usageId)).promotionId, { active: false });
    await recheckPromo(t.app, p);
    expect((await usageRow(usageId)).status).toBe('ACTIVE');
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.status).toBe('FAILED');
  });

  it('refuses a second deposit on the same usage, so no second bonus is ever promised', async () => {
    const { p, usageId, code } = await usageWithFailedDeposit();
    const second = await deposit(t.app, p, 'gclub', DEPOSIT);
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('OPEN_ORDER');
    const linked = await t.app.db.select().from(deposits).where(eq(deposits.promotionUsageId, usageId));
    expect(linked.map((d) => [d.code, d.status, d.bonus])).toEqual([[code, 'FAILED', 5000n]]);
  });
});

describe('a cancel and a withdrawal under one usage serialise (finding 5)', () => {
  it('takes the bonus back at most once whatever the interleaving, and the ledger matches the provider', async () => {
    const DEDUCT: Partial<TPromotionInput> = {
      bonus: { type: 'FIXED', value: '100.00', max: null },
      targetCredit: { type: 'FIXED', value: '100.00' },
      withdraw: { all: false, min: null, max: null, deductBonus: true },
    };
    for (let round = 0; round < 12; round++) {
      const { p, usageId } = await usedUsage('askmebet', DEDUCT);
      // The cancel starts 0, 1, 2 … ms after the withdrawal: each round cuts the two at another point.
      const [withdrawn, canceled] = await Promise.all([
        withdraw(t.app, p, { provider: 'askmebet', credit: '200.00' }),
        sleep(round).then(() => cancelPromo(t.app, p, usageId)),
      ]);
      const usage = await usageRow(usageId);
      const orders = await t.app.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.player.id));
      // What the house took back of the bonus: by the withdrawal's deduction (if the rules applied) and by the cancel.
      const deducted = orders
        .filter((o) => o.promotionUsageId === usageId && o.status !== 'FAILED')
        .reduce((sum, o) => sum + o.creditReturned, 0n);
      const takenBack = usage.status === 'CANCELED' ? (usage.takeBack ?? 0n) : 0n;
      expect(
        deducted + takenBack,
        `round ${round}: ${withdrawn.body} / ${canceled.body}`,
      ).toBeLessThanOrEqual(thb('100.00'));
      const credits = await creditsOf(t.app, agencyId, p.player.id, 'askmebet');
      expect(credits.ledger).toBe(credits.provider);
    }
  });
});

describe('a usage keeps the rules it was taken with (rule 5)', () => {
  it('follows the old withdraw rules and target after an ops edit; a new usage follows the new ones', async () => {
    const { promo, p, usageId } = await usedUsage('gclub_live', CAPPED);
    const edited = promotionInput({
      bonus: { type: 'FIXED', value: '100.00', max: null },
      targetCredit: { type: 'FIXED', value: '200.00' },
      withdraw: { all: false, min: null, max: { type: 'FIXED', value: '150.00' }, deductBonus: false },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/ops/v1/promotions/${promo.id}`,
      headers: opsHeaders(t.app),
      payload: edited,
    });
    expect(put.statusCode).toBe(200);

    const old = await withdraw(t.app, p, { provider: 'gclub_live', credit: '256.12' });
    expect(old.statusCode).toBe(201);
    expect(old.json().order).toMatchObject({ credit_received: '100.00', credit_returned: '156.12' });
    expect((await usageRow(usageId)).targetCredit).toBe(thb('100.00'));

    const other = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, other, promo.id, 'gclub_live')).json();
    await depositAndCredit(t.app, other, 'gclub_live', DEPOSIT);
    expect((await usageRow(usage.usageId)).targetCredit).toBe(thb('200.00'));
    const fresh = await withdraw(t.app, other, { provider: 'gclub_live', credit: '256.12' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().order).toMatchObject({ credit_received: '150.00', credit_returned: '106.12' });
  });
});

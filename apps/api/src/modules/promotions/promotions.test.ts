import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { parseMoney } from '@lc/shared/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { promotionUsages } from '../../db/schema/promotions';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { runWorkerTick } from '../../worker/run-worker-tick';
import { depositAction, sandboxPay, waitFor } from '../deposits/deposit-test-helpers';
import { bonusAccount, playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import { fund, withdraw } from '../withdrawals/withdrawal-test-helpers';
import {
  balanceOf,
  cancelPromo,
  codeOf,
  createPromotion,
  currentUsage,
  deposit,
  depositAndCredit,
  promoPlayer,
  promotionInput,
  recheckPromo,
  setBalance,
  updatePromotion,
  usePromo,
} from './promotion-test-helpers';

// 100,000 LAK at the demo sell rate 640.50 gives 156.12 THB of credit (rounded down).
const DEPOSIT = '100000';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  const [demo] = await t.app.db.select().from(agencies).where(eq(agencies.code, 'demo'));
  agencyId = demo?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

async function usageRow(usageId: string) {
  const [row] = await t.app.db.select().from(promotionUsages).where(eq(promotionUsages.id, usageId));
  return row;
}

describe('promotion list and detail', () => {
  it('lists only active promotions within their dates and shows any promotion by id', async () => {
    const open = await createPromotion(
      t.app,
      promotionInput({ title: { lo: 'ເປີດ', cn: '开', vn: 'Mở', th: 'เปิด' } }),
    );
    const ended = await createPromotion(t.app, promotionInput({ endsAt: '2026-01-10T00:00:00.000Z' }));
    const later = await createPromotion(t.app, promotionInput({ startsAt: '2026-02-01T00:00:00.000Z' }));
    const off = await createPromotion(t.app, promotionInput({ active: false }));
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/promotions' });
    expect(list.statusCode).toBe(200);
    const ids = list.json().promotions.map((p: { id: string }) => p.id);
    expect(ids).toContain(open.id);
    for (const hidden of [ended, later, off]) expect(ids).not.toContain(hidden.id);
    const shown = list.json().promotions.find((p: { id: string }) => p.id === open.id);
    expect(shown).toMatchObject({
      depositAmount: '100000',
      bonus: { type: 'FIXED', value: '50.00', max: null },
      targetCredit: { type: 'FIXED', value: '300.00' },
      title: { lo: 'ເປີດ', th: 'เปิด' },
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v2/promotions/${off.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().promotion).toMatchObject({ id: off.id, active: false });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v2/promotions/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('use: every refusal, in the order domain.md gives', () => {
  it('peels the refusals off one by one', async () => {
    const target = await createPromotion(
      t.app,
      promotionInput({ firstOrderOnly: true, oncePerPlayer: true }),
    );
    const other = await createPromotion(t.app, promotionInput({ providers: ['alphabet', 'gclub'] }));
    const p = await promoPlayer(t.app);

    // History: the player already took `target`, deposited with it (first order, used once), and it ran out.
    const first = await usePromo(t.app, p, target.id, 'gclub');
    expect(first.statusCode).toBe(201);
    await depositAndCredit(t.app, p, 'gclub', DEPOSIT);
    await setBalance(t.app, p, 'gclub', '0.00');
    expect((await recheckPromo(t.app, p)).json().usage.status).toBe('INACTIVE');
    // Now: credit above the threshold, another usage live on alphabet, an OPEN deposit, the promotion off, blocked.
    await setBalance(t.app, p, 'gclub', '25.00');
    expect((await usePromo(t.app, p, other.id, 'alphabet')).statusCode).toBe(201);
    const open = await deposit(t.app, p, 'gclub', '250000');
    expect(open.statusCode).toBe(201);
    await updatePromotion(t.app, target.id, { active: false });
    await t.app.db.update(players).set({ blockedAt: t.app.now() }).where(eq(players.id, p.player.id));

    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        'PLAYER_BLOCKED',
        () => t.app.db.update(players).set({ blockedAt: null }).where(eq(players.id, p.player.id)),
      ],
      ['PROMOTION_INACTIVE', () => updatePromotion(t.app, target.id, { active: true })],
      [
        'PROMOTION_USED_BY_PROVIDER',
        async () => {
          const live = await currentUsage(t.app, p);
          expect((await cancelPromo(t.app, p, live.usageId)).statusCode).toBe(200);
        },
      ],
      ['OPEN_ORDER', () => depositAction(t.app, p, open.json().order.code, 'cancel')],
      ['PROMOTION_ONLY_FOR_FIRST_ORDER', () => updatePromotion(t.app, target.id, { firstOrderOnly: false })],
      ['PROMOTION_ALREADY_USED', () => updatePromotion(t.app, target.id, { oncePerPlayer: false })],
      ['PROMOTION_CREDIT_USED', () => setBalance(t.app, p, 'gclub', '4.99')],
    ];
    for (const [code, remove] of steps) {
      const res = await usePromo(t.app, p, target.id, 'gclub');
      expect(codeOf(res), code).toBe(code);
      if (code === 'PROMOTION_USED_BY_PROVIDER')
        expect(res.json().error.params).toEqual({ provider: 'alphabet' });
      // How low the credit must be (the seeded threshold), and where and how much it is, for the app to say it.
      if (code === 'PROMOTION_CREDIT_USED')
        expect(res.json().error.params).toEqual({ threshold: '5.00', provider: 'gclub', current: '25.00' });
      await remove();
    }
    const taken = await usePromo(t.app, p, target.id, 'gclub');
    expect(taken.statusCode).toBe(201);
    expect(taken.json().usage).toMatchObject({ status: 'ACTIVE', provider: 'gclub', depositAmount: DEPOSIT });
    expect(codeOf(await usePromo(t.app, p, target.id, 'gclub'))).toBe('PROMOTION_ONE_AT_A_TIME');
  });

  it('asks for a bank account before anything about the promotion, and refuses a provider it is not for', async () => {
    const promo = await createPromotion(t.app, promotionInput({ providers: ['betflix'] }));
    const noBank = await registerTestPlayer(t.app, { fingerprint: 'fp-no-bank-account-1' });
    expect(codeOf(await usePromo(t.app, noBank, promo.id, 'betflix'))).toBe('BANK_ACCOUNT_REQUIRED');
    const p = await promoPlayer(t.app);
    expect(codeOf(await usePromo(t.app, p, promo.id, 'gclub'))).toBe('PROMOTION_INACTIVE');
    expect(codeOf(await usePromo(t.app, p, 'not-a-promotion', 'betflix'))).toBe('PROMOTION_INACTIVE');
    expect(codeOf(await usePromo(t.app, p, promo.id, 'pgsoft' as never))).toBe('UNKNOWN_PROVIDER');
    const blocked = (await usePromo(t.app, { ...p, cookie: 'lc_session=nope' }, promo.id, 'betflix'))
      .statusCode;
    expect(blocked).toBe(401);
  });

  it('treats a player sharing a device with a depositor as not new (first order only)', async () => {
    const firstOnly = await createPromotion(t.app, promotionInput({ firstOrderOnly: true }));
    const device = `fp-shared-${Date.now()}`;
    const depositor = await promoPlayer(t.app, device);
    await depositAndCredit(t.app, depositor, 'askmebet', DEPOSIT);
    const sameDevice = await promoPlayer(t.app, device);
    expect(codeOf(await usePromo(t.app, sameDevice, firstOnly.id, 'betflix'))).toBe(
      'PROMOTION_ONLY_FOR_FIRST_ORDER',
    );
    const elsewhere = await promoPlayer(t.app);
    expect((await usePromo(t.app, elsewhere, firstOnly.id, 'betflix')).statusCode).toBe(201);
  });

  it('an operator adjustment is not a first deposit: the adjusted player (and its device) may still take a first-order promotion', async () => {
    const firstOnly = await createPromotion(t.app, promotionInput({ firstOrderOnly: true }));
    const device = `fp-adjusted-${Date.now()}`;
    const adjusted = await promoPlayer(t.app, device);
    await fund(t.app, adjusted, 'askmebet', '100.00');
    const sameDevice = await promoPlayer(t.app, device);
    expect((await usePromo(t.app, sameDevice, firstOnly.id, 'betflix')).statusCode).toBe(201);
    expect((await usePromo(t.app, adjusted, firstOnly.id, 'betflix')).statusCode).toBe(201);
  });

  it('creates exactly one usage from 20 parallel calls', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => usePromo(t.app, p, promo.id, 'gclub_live')),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(codeOf(r)).toBe('PROMOTION_ONE_AT_A_TIME');
    }
    const rows = await t.app.db
      .select()
      .from(promotionUsages)
      .where(eq(promotionUsages.playerId, p.player.id));
    expect(rows).toHaveLength(1);
  });
});

describe('deposits under a promotion', () => {
  it('locks the amount, pays the bonus once through the bonus account, and fixes the target (USED)', async () => {
    // PERCENT 50 capped at 100.00 → 78.06 on 156.12; target ×3 of 234.18 = 702.54.
    const promo = await createPromotion(
      t.app,
      promotionInput({
        bonus: { type: 'PERCENT', value: '50', max: '100.00' },
        targetCredit: { type: 'MULTIPLIER', value: '3' },
      }),
    );
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'betflix')).json();
    expect(codeOf(await deposit(t.app, p, 'betflix', '200000'))).toBe('PROMOTION_AMOUNT_MISMATCH');
    const bonusBefore = await getAccountBalance(t.app.db, agencyId, bonusAccount('THB'));

    const created = await deposit(t.app, p, 'betflix', DEPOSIT);
    expect(created.statusCode).toBe(201);
    const order = created.json().order;
    expect(order).toMatchObject({ credit: '156.12', bonus: '78.06', promotion_usage_id: usage.usageId });
    // Twenty parallel checks after the payment: credit and bonus arrive once.
    await sandboxPay(t.app, { billNumber: order.code, amount: DEPOSIT });
    const checks = await Promise.all(
      Array.from({ length: 20 }, () => depositAction(t.app, p, order.code, 'check')),
    );
    expect(checks.every((r) => r.statusCode === 200)).toBe(true);
    await waitFor(
      async () => (await depositAction(t.app, p, order.code, 'check')).json().order?.status === 'SUCCESS',
    );
    expect(await balanceOf(t.app, p, 'betflix')).toBe('234.18');
    const ledger = await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'));
    expect(ledger).toBe(23418n);
    const bonusAfter = await getAccountBalance(t.app.db, agencyId, bonusAccount('THB'));
    expect(bonusBefore - bonusAfter).toBe(7806n);
    expect(await currentUsage(t.app, p)).toMatchObject({
      usageId: usage.usageId,
      status: 'USED',
      bonus: '78.06',
      targetCredit: '702.54',
    });
  });

  it('lets a deposit on another provider through as an ordinary one', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    await usePromo(t.app, p, promo.id, 'gclub');
    const other = await deposit(t.app, p, 'alphabet', '300000');
    expect(other.statusCode).toBe(201);
    expect(other.json().order).toMatchObject({ bonus: '0.00', promotion_usage_id: null });
  });

  it('needs the credit below the threshold for another deposit while USED, and then ends the usage', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'gclub')).json();
    await depositAndCredit(t.app, p, 'gclub', DEPOSIT);
    const refused = await deposit(t.app, p, 'gclub', DEPOSIT);
    expect(codeOf(refused)).toBe('PROMOTION_CREDIT_USED');
    // The game whose credit blocks and what it holds (156.12 + 50.00), beside the threshold.
    expect(refused.json().error.params).toEqual({ threshold: '5.00', provider: 'gclub', current: '206.12' });
    expect(codeOf(await deposit(t.app, p, 'askmebet', DEPOSIT))).toBe('PROMOTION_CREDIT_USED');
    await setBalance(t.app, p, 'gclub', '4.99');
    const next = await deposit(t.app, p, 'gclub', '150000');
    expect(next.statusCode).toBe(201);
    expect(next.json().order.bonus).toBe('0.00');
    expect((await usageRow(usage.usageId))?.status).toBe('INACTIVE');
  });

  it('leaves a deposit racing a cancel consistent: either linked with its bonus, or ordinary', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    for (let round = 0; round < 6; round++) {
      const p = await promoPlayer(t.app);
      const { usage } = (await usePromo(t.app, p, promo.id, 'askmebet')).json();
      const [made, canceled] = await Promise.all([
        deposit(t.app, p, 'askmebet', DEPOSIT),
        cancelPromo(t.app, p, usage.usageId),
      ]);
      expect(made.statusCode).toBe(201);
      const order = made.json().order;
      const row = await usageRow(usage.usageId);
      if (canceled.statusCode === 200) {
        expect(row?.status).toBe('CANCELED');
        expect(order).toMatchObject({ bonus: '0.00', promotion_usage_id: null });
      } else {
        expect(codeOf(canceled)).toBe('OPEN_ORDER');
        expect(row?.status).toBe('ACTIVE');
        expect(order).toMatchObject({ bonus: '50.00', promotion_usage_id: usage.usageId });
        await sandboxPay(t.app, { billNumber: order.code, amount: DEPOSIT });
        await waitFor(
          async () => (await depositAction(t.app, p, order.code, 'check')).json().order?.status === 'SUCCESS',
        );
        expect((await usageRow(usage.usageId))?.status).toBe('USED');
        expect(await balanceOf(t.app, p, 'askmebet')).toBe('206.12');
      }
    }
  });
});

type WithdrawCase = {
  name: string;
  promo: Partial<TPromotionInput>;
  balance: string;
  credit: string;
  expect: { code: string; params: Record<string, string> } | { received: string; returned: string };
};

// Every case deposits 100,000 LAK (156.12 THB of credit) with the promotion, then sets the balance.
const WITHDRAW_CASES: WithdrawCase[] = [
  {
    name: 'FIXED target not passed (balance equal to it)',
    promo: { targetCredit: { type: 'FIXED', value: '300.00' } },
    balance: '300.00',
    credit: '100.00',
    // It must be exceeded: one satang more.
    expect: {
      code: 'PROMOTION_CREDIT_NOT_REACHED',
      params: { target: '300.00', current: '300.00', missing: '0.01' },
    },
  },
  {
    name: 'FIXED target passed, no rules: all received',
    promo: { targetCredit: { type: 'FIXED', value: '300.00' } },
    balance: '300.01',
    credit: '100.00',
    expect: { received: '100.00', returned: '0.00' },
  },
  {
    name: 'MULTIPLIER target (×3 of 206.12 = 618.36) not passed',
    promo: { targetCredit: { type: 'MULTIPLIER', value: '3' } },
    balance: '618.36',
    credit: '100.00',
    expect: {
      code: 'PROMOTION_CREDIT_NOT_REACHED',
      params: { target: '618.36', current: '618.36', missing: '0.01' },
    },
  },
  {
    name: 'withdraw all: part of the balance refused',
    promo: { withdraw: { all: true, min: null, max: null, deductBonus: false } },
    balance: '800.00',
    credit: '500.00',
    expect: { code: 'PROMOTION_WITHDRAW_ALL', params: { target: '300.00', current: '800.00' } },
  },
  {
    name: 'withdraw all: the whole balance taken',
    promo: { withdraw: { all: true, min: null, max: null, deductBonus: false } },
    balance: '800.00',
    credit: '800.00',
    expect: { received: '800.00', returned: '0.00' },
  },
  {
    name: 'PERCENT min (50% of 206.12 = 103.06) not met',
    promo: { withdraw: { all: false, min: { type: 'PERCENT', value: '50' }, max: null, deductBonus: false } },
    balance: '500.00',
    credit: '103.05',
    expect: { code: 'AMOUNT_OUT_OF_RANGE', params: { target: '300.00', current: '500.00', min: '103.06' } },
  },
  {
    name: 'PERCENT min met exactly',
    promo: { withdraw: { all: false, min: { type: 'PERCENT', value: '50' }, max: null, deductBonus: false } },
    balance: '500.00',
    credit: '103.06',
    expect: { received: '103.06', returned: '0.00' },
  },
  {
    name: 'FIXED min not met',
    promo: {
      withdraw: { all: false, min: { type: 'FIXED', value: '120.00' }, max: null, deductBonus: false },
    },
    balance: '500.00',
    credit: '119.99',
    expect: { code: 'AMOUNT_OUT_OF_RANGE', params: { target: '300.00', current: '500.00', min: '120.00' } },
  },
  {
    name: 'FIXED max with the bonus deducted: the rest returned',
    promo: {
      bonus: { type: 'FIXED', value: '100.00', max: null },
      withdraw: { all: false, min: null, max: { type: 'FIXED', value: '300.00' }, deductBonus: true },
    },
    balance: '1000.00',
    credit: '1000.00',
    expect: { received: '300.00', returned: '700.00' },
  },
  {
    name: 'PERCENT bonus and PERCENT max (200% of 171.73 = 343.46), target ×1.5 = 257.60',
    promo: {
      bonus: { type: 'PERCENT', value: '10', max: null },
      targetCredit: { type: 'MULTIPLIER', value: '1.5' },
      withdraw: { all: false, min: null, max: { type: 'PERCENT', value: '200' }, deductBonus: false },
    },
    balance: '1000.00',
    credit: '500.00',
    expect: { received: '343.46', returned: '156.54' },
  },
  {
    name: 'bonus deducted from a withdrawal smaller than the bonus: nothing received',
    promo: {
      bonus: { type: 'FIXED', value: '100.00', max: null },
      withdraw: { all: false, min: null, max: null, deductBonus: true },
    },
    balance: '400.00',
    credit: '60.00',
    expect: { received: '0.00', returned: '60.00' },
  },
];

describe('withdrawals under a USED promotion', () => {
  it.each(WITHDRAW_CASES)('$name', async (c) => {
    const promo = await createPromotion(t.app, promotionInput(c.promo));
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'alphabet')).json();
    await depositAndCredit(t.app, p, 'alphabet', DEPOSIT);
    await setBalance(t.app, p, 'alphabet', c.balance);
    const res = await withdraw(t.app, p, { provider: 'alphabet', credit: c.credit });
    if ('code' in c.expect) {
      expect(codeOf(res)).toBe(c.expect.code);
      // The figures that block, for the refusal to name them.
      expect(res.json().error.params).toEqual(c.expect.params);
      expect(await balanceOf(t.app, p, 'alphabet')).toBe(c.balance);
      expect((await usageRow(usage.usageId))?.status).toBe('USED');
      return;
    }
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      amount: c.credit,
      credit_received: c.expect.received,
      credit_returned: c.expect.returned,
    });
    const thb = (text: string) => parseMoney(text, 'THB');
    expect(thb(order.credit_received) + thb(order.credit_returned)).toBe(thb(c.credit));
    const row = await usageRow(usage.usageId);
    expect(row).toMatchObject({ status: 'SUCCESS', withdrawalCode: order.code });
    expect(await currentUsage(t.app, p)).toBeNull();
  });

  it('does not apply a promotion of another provider', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    await usePromo(t.app, p, promo.id, 'gclub');
    await depositAndCredit(t.app, p, 'gclub', DEPOSIT);
    await setBalance(t.app, p, 'askmebet', '80.00');
    const res = await withdraw(t.app, p, { provider: 'askmebet', credit: '80.00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ credit_received: '80.00', credit_returned: '0.00' });
    expect((await currentUsage(t.app, p)).status).toBe('USED');
  });
});

describe('recheck and cancel', () => {
  it('recheck keeps a USED usage above the threshold and ends it below', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    expect((await recheckPromo(t.app, p)).json()).toEqual({ usage: null });
    await usePromo(t.app, p, promo.id, 'gclub');
    await depositAndCredit(t.app, p, 'gclub', DEPOSIT);
    expect((await recheckPromo(t.app, p)).json().usage.status).toBe('USED');
    await setBalance(t.app, p, 'gclub', '4.99');
    const ended = (await recheckPromo(t.app, p)).json().usage;
    expect(ended.status).toBe('INACTIVE');
    expect(ended.endedAt).not.toBeNull();
    expect(await currentUsage(t.app, p)).toBeNull();
  });

  it('recheck ends an ACTIVE usage whose promotion was switched off', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    await usePromo(t.app, p, promo.id, 'gclub');
    await updatePromotion(t.app, promo.id, { active: false });
    expect((await recheckPromo(t.app, p)).json().usage.status).toBe('INACTIVE');
  });

  it('cancels an ACTIVE usage with "cancel success", refuses while its deposit is open, 404 for others', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'gclub')).json();
    const stranger = await promoPlayer(t.app);
    expect((await cancelPromo(t.app, stranger, usage.usageId)).statusCode).toBe(404);
    const open = await deposit(t.app, p, 'gclub', DEPOSIT);
    expect(codeOf(await cancelPromo(t.app, p, usage.usageId))).toBe('OPEN_ORDER');
    await depositAction(t.app, p, open.json().order.code, 'cancel');
    const res = await cancelPromo(t.app, p, usage.usageId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'cancel success', usage: { status: 'CANCELED' } });
    expect(codeOf(await cancelPromo(t.app, p, usage.usageId))).toBe('PROMOTION_USAGE');
  });

  it('cancel of a USED usage takes the unspent bonus back, at most what is left', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    for (const [balance, after] of [
      ['206.12', '156.12'],
      ['30.00', '0.00'],
    ] as const) {
      const p = await promoPlayer(t.app);
      const { usage } = (await usePromo(t.app, p, promo.id, 'gclub_live')).json();
      await depositAndCredit(t.app, p, 'gclub_live', DEPOSIT);
      await setBalance(t.app, p, 'gclub_live', balance);
      const bonusBefore = await getAccountBalance(t.app.db, agencyId, bonusAccount('THB'));
      const res = await cancelPromo(t.app, p, usage.usageId);
      expect(res.statusCode).toBe(200);
      expect(res.json().usage.status).toBe('CANCELED');
      expect(await balanceOf(t.app, p, 'gclub_live')).toBe(after);
      const takenBack = parseMoney(balance, 'THB') - parseMoney(after, 'THB');
      const bonusAfter = await getAccountBalance(t.app.db, agencyId, bonusAccount('THB'));
      expect(bonusAfter - bonusBefore).toBe(takenBack);
      expect((await usageRow(usage.usageId))?.takeBack).toBe(takenBack);
    }
  });

  it('lets the worker finish a USED cancel whose provider answer was lost', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    const { usage } = (await usePromo(t.app, p, promo.id, 'askmebet')).json();
    await depositAndCredit(t.app, p, 'askmebet', DEPOSIT);
    // As if the player's cancel fixed the amount, then never heard back from the provider.
    await t.app.db
      .update(promotionUsages)
      .set({ status: 'CANCELING', takeBack: 5000n, updatedAt: t.app.now() })
      .where(eq(promotionUsages.id, usage.usageId));
    expect((await currentUsage(t.app, p)).status).toBe('USED');
    expect((await runWorkerTick(t.app)).usageCancels).not.toContain(usage.usageId);
    t.clock.advance(61_000);
    expect((await runWorkerTick(t.app)).usageCancels).toContain(usage.usageId);
    expect((await usageRow(usage.usageId))?.status).toBe('CANCELED');
    expect(await balanceOf(t.app, p, 'askmebet')).toBe('156.12');
    expect(await currentUsage(t.app, p)).toBeNull();
  });

  it('pages the usage history, newest first, only the player’s own', async () => {
    const promo = await createPromotion(t.app, promotionInput());
    const p = await promoPlayer(t.app);
    for (let i = 0; i < 3; i++) {
      const { usage } = (await usePromo(t.app, p, promo.id, 'betflix')).json();
      await cancelPromo(t.app, p, usage.usageId);
      t.clock.advance(1000);
    }
    await usePromo(t.app, p, promo.id, 'betflix');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/promotions/usages?page=1&pageSize=2',
      headers: { cookie: p.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: 4 });
    expect(body.items.map((u: { status: string }) => u.status)).toEqual(['ACTIVE', 'CANCELED']);
    expect(body.items[0].title.lo).toBe('Test promotion');
  });
});

describe('reconciliation after all of the above', () => {
  it('finds no difference between the ledger and the providers', async () => {
    const report = await runReconciliationNow(t.app, 'FULL');
    expect(report.summary).toMatchObject({ differences: 0, unavailable: 0 });
    const paidBonuses = await t.app.db
      .select({ bonus: deposits.bonus })
      .from(deposits)
      .where(and(eq(deposits.status, 'SUCCESS')));
    expect(paidBonuses.some((d) => d.bonus > 0n)).toBe(true);
  });
});

describe('GET /api/v2/players/promotions/first-deposit (issue #40 item 2)', () => {
  const firstDeposit = async (p: { cookie: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/promotions/first-deposit',
      headers: { cookie: p.cookie },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().promotions as Array<{ id: string }>).map((promotion) => promotion.id);
  };

  it('offers the first-deposit promotions until the player, or a player on its device, has deposited', async () => {
    const welcome = await createPromotion(
      t.app,
      promotionInput({ firstOrderOnly: true, oncePerPlayer: true }),
    );
    const ordinary = await createPromotion(t.app, promotionInput());
    const closed = await createPromotion(t.app, promotionInput({ firstOrderOnly: true, active: false }));
    const device = `fp-first-${Date.now()}`;
    const p = await promoPlayer(t.app, device);
    const offered = await firstDeposit(p);
    expect(offered).toContain(welcome.id);
    expect(offered).not.toContain(ordinary.id);
    expect(offered).not.toContain(closed.id);
    // What is offered is what `use` accepts.
    expect((await usePromo(t.app, p, welcome.id, 'gclub')).statusCode).toBe(201);
    await depositAndCredit(t.app, p, 'gclub', DEPOSIT);
    expect(await firstDeposit(p)).toEqual([]);
    // A new account on the device that deposited is not a new customer either: nothing offered, as `use` says.
    const sameDevice = await promoPlayer(t.app, device);
    expect(await firstDeposit(sameDevice)).toEqual([]);
    expect(codeOf(await usePromo(t.app, sameDevice, welcome.id, 'gclub'))).toBe(
      'PROMOTION_ONLY_FOR_FIRST_ORDER',
    );
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/players/promotions/first-deposit' });
    expect(res.statusCode).toBe(401);
  });
});

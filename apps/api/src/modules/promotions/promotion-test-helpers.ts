import { randomBytes, randomInt } from 'node:crypto';
import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { App } from '../../app';
import { agencies } from '../../db/schema/agency';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { registerTestPlayer, type SignedInPlayer } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';
import { DEMO_MID, depositAction, sandboxPay, waitFor } from '../deposits/deposit-test-helpers';
import { toPromotionValues } from './promotion-mapping';

// Test helpers of the promotion tests (the app must listen: bank directory and providers are HTTP).

export type PromoPlayer = SignedInPlayer & { bankAccountId: string };

const texts = (text: string) => ({ lo: text, cn: text, vn: text, th: text });

/** A promotion input with plain defaults (100,000 LAK, +50.00 THB, target 300.00, no withdraw rules). */
export function promotionInput(overrides: Partial<TPromotionInput> = {}): TPromotionInput {
  return {
    title: texts('Test promotion'),
    description: texts('A promotion made by a test'),
    imageUrl: '/promotions/welcome-bonus.svg',
    providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'],
    depositAmount: '100000',
    bonus: { type: 'FIXED', value: '50.00', max: null },
    targetCredit: { type: 'FIXED', value: '300.00' },
    withdraw: { all: false, min: null, max: null, deductBonus: false },
    firstOrderOnly: false,
    oncePerPlayer: false,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    active: true,
    ...overrides,
  };
}

/** Stores a promotion of the demo agency straight in the database (ops management is tested on its own). */
export async function createPromotion(app: App, input: TPromotionInput): Promise<PromotionRow> {
  const [agency] = await app.db.select().from(agencies).where(eq(agencies.code, 'demo'));
  if (!agency) throw new Error('demo agency missing');
  const now = app.now();
  const [row] = await app.db
    .insert(promotions)
    .values({ ...toPromotionValues(input), agencyId: agency.id, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('promotion insert returned nothing');
  return row;
}

export async function updatePromotion(app: App, id: string, set: Partial<PromotionRow>): Promise<void> {
  await app.db.update(promotions).set(set).where(eq(promotions.id, id));
}

/** A new player on a device of its own (unless `fingerprint` is given) with a bank account. */
export async function promoPlayer(app: App, fingerprint?: string): Promise<PromoPlayer> {
  const p = await registerTestPlayer(app, {
    fingerprint: fingerprint ?? `fp-${randomBytes(8).toString('hex')}`,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { cookie: p.cookie },
    payload: {
      bank: 'bcel',
      accountNumber: `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(10, 99)}`,
      accountName: `Acc ${p.username}`,
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  if (res.statusCode !== 201) throw new Error(`bank account: ${res.statusCode} ${res.body}`);
  return { ...p, bankAccountId: res.json().bankAccount.id };
}

export function usePromo(
  app: App,
  p: SignedInPlayer,
  promotionId: string,
  providerId: TProvider,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/promotions/use',
    headers: { cookie: p.cookie },
    payload: { promotionId, providerId },
  });
}

export function cancelPromo(app: App, p: SignedInPlayer, usageId: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/promotions/usages/cancel',
    headers: { cookie: p.cookie },
    payload: { usageId },
  });
}

export function recheckPromo(app: App, p: SignedInPlayer): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/promotions/usages/recheck',
    headers: { cookie: p.cookie },
  });
}

export async function currentUsage(app: App, p: SignedInPlayer) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v2/players/promotions/using',
    headers: { cookie: p.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`using: ${res.statusCode} ${res.body}`);
  return res.json().usage;
}

export function deposit(
  app: App,
  p: PromoPlayer,
  provider: TProvider,
  amount: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: p.cookie },
    payload: { provider, bankAccountId: p.bankAccountId, amount, mid: DEMO_MID },
  });
}

/** Deposits, pays at the sandbox bank and checks: answers the credited deposit record. */
export async function depositAndCredit(app: App, p: PromoPlayer, provider: TProvider, amount: string) {
  const created = await deposit(app, p, provider, amount);
  if (created.statusCode !== 201) throw new Error(`deposit: ${created.statusCode} ${created.body}`);
  const { code } = created.json().order;
  const paid = await sandboxPay(app, { billNumber: code, amount });
  if (paid.statusCode >= 300) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  // The bank's webhook may be crediting it at the same moment (it holds the lease): check until SUCCESS.
  let order: { status: string } | undefined;
  await waitFor(async () => {
    const checked = await depositAction(app, p, code, 'check');
    if (checked.statusCode !== 200) throw new Error(`check: ${checked.statusCode} ${checked.body}`);
    order = checked.json().order;
    return order?.status === 'SUCCESS';
  });
  return order;
}

/** Sets the player's balance at a sandbox provider, as game play would (e.g. `"800.00"`). */
export function setBalance(app: App, p: SignedInPlayer, provider: TProvider, balance: string): Promise<void> {
  return setSandboxProviderBalance(app, provider, providerMemberOf('demo', p.player.id).username, balance);
}

export async function balanceOf(app: App, p: SignedInPlayer, provider: TProvider): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/players/credits/${provider}`,
    headers: { cookie: p.cookie },
  });
  return res.json().credit.amount;
}

export const codeOf = (res: LightMyRequestResponse): string | undefined => res.json().error?.code;

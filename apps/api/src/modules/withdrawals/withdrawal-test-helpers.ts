import { randomInt, randomUUID } from 'node:crypto';
import { parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { agencies } from '../../db/schema/agency';
import type { OpsCreditRow } from '../../db/schema/ops-credits';
import { players } from '../../db/schema/players';
import { registerTestPlayer, type SignedInPlayer, type TestClock } from '../../test/app';
import { creditPlayer } from '../ops/credit-player';
import { jobScope } from '../ops/record-audit';
import { createTestStaff, staffRequest } from '../staff/staff.test-helpers';

/** A player with a bank account (tests only). */
export type Withdrawer = SignedInPlayer & { bankAccountId: string };

export const opsHeaders = (app: App) => ({ authorization: `Bearer ${app.opsToken.token}` });

/** Registers a player and adds a (sandbox-directory) bank account; the app must listen. */
export async function playerWithBankAccount(app: App): Promise<Withdrawer> {
  const p = await registerTestPlayer(app);
  // Never starting 000, 998 or 999: those are the sandbox directory's unknown, wallet and simulated accounts.
  const accountNumber = `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(10, 99)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { cookie: p.cookie },
    payload: {
      bank: 'bcel',
      accountNumber,
      accountName: `Acc ${p.username}`,
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  if (res.statusCode !== 201) throw new Error(`bank account: ${res.statusCode} ${res.body}`);
  return { ...p, bankAccountId: res.json().bankAccount.id };
}

/**
 * Funds a player at a provider the way the ledger knows about: books what an approved adjustment books
 * (creditPlayer, the function decide-approval.ts applies). Set-up only: no route lets one person do this;
 * the four-eyes path itself is tested in approvals.test.ts.
 */
export async function fund(app: App, p: SignedInPlayer, provider: TProvider, amount: string): Promise<void> {
  const credit = await bookTestAdjustment(app, p, provider, amount);
  if (credit.status !== 'APPLIED') throw new Error(`fund: ${credit.status} ${credit.failure ?? ''}`);
}

/** {@link fund} without the check: the credit as booked, APPLIED or PENDING (a provider answer lost). */
export async function bookTestAdjustment(
  app: App,
  p: SignedInPlayer,
  provider: TProvider,
  amount: string,
): Promise<OpsCreditRow> {
  const [row] = await app.db
    .select({ agency: agencies })
    .from(players)
    .innerJoin(agencies, eq(agencies.id, players.agencyId))
    .where(eq(players.id, p.player.id));
  if (!row) throw new Error(`fund: no player ${p.player.id}`);
  const { agency } = row;
  return creditPlayer(app.db, {
    agency,
    playerId: p.player.id,
    provider: app.providers.of(agency.id, provider),
    amount: parseMoney(amount, 'THB'),
    reason: 'test funding',
    key: randomUUID(),
    actor: 'test-setup',
    scope: jobScope(agency.id),
    now: app.now(),
    log: app.log,
  });
}

/** POST /api/v2/withdrawals as the player (its own bank account unless overridden). */
export function withdraw(
  app: App,
  p: Withdrawer,
  body: { provider?: string; credit: string; bankAccountId?: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { cookie: p.cookie, ...headers },
    payload: { provider: 'gclub', bankAccountId: p.bankAccountId, ...body },
  });
}

/** The player's live credit at a provider, as the API shows it. */
export async function creditOf(app: App, p: SignedInPlayer, provider: TProvider): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/players/credits/${provider}`,
    headers: { cookie: p.cookie },
  });
  return res.json().credit.amount;
}

/** An ops POST on a withdrawal: `approve` with a bank reference, or `reject`. */
export function opsAction(
  app: App,
  code: string,
  action: 'approve' | 'reject',
  payload: Record<string, unknown> = action === 'approve' ? { bankReference: 'BCEL-REF-1' } : {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/${action}`,
    headers: opsHeaders(app),
    payload,
  });
}

/**
 * Credits a BOUNCED withdrawal back with four eyes: a new cashier asks (202 BOUNCE_CREDIT_BACK), a new finance
 * member approves; the approval's answer (its `result` says where the order is).
 */
export async function creditBackWithApproval(app: App, clock: TestClock, code: string) {
  const cashier = await createTestStaff(app, clock, 'cashier');
  const asked = await staffRequest(app, cashier.cookie, 'POST', `/api/ops/v1/withdrawals/${code}/reject`, {});
  if (asked.statusCode !== 202) throw new Error(`credit-back request: ${asked.statusCode} ${asked.body}`);
  const finance = await createTestStaff(app, clock, 'finance');
  const id = asked.json().approval.id as string;
  return staffRequest(app, finance.cookie, 'POST', `/api/ops/v1/approvals/${id}/approve`, {});
}

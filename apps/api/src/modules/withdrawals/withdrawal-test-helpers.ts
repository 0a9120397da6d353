import { randomInt } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { registerTestPlayer, type SignedInPlayer } from '../../test/app';

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

/** Funds a player at a provider the way the ledger knows about (an operator's credit, booked as an adjustment). */
export async function fund(app: App, p: SignedInPlayer, provider: TProvider, amount: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/ops/v1/players/${p.player.id}/credit`,
    headers: opsHeaders(app),
    payload: { provider, amount, reason: 'test funding' },
  });
  if (res.statusCode !== 201) throw new Error(`fund: ${res.statusCode} ${res.body}`);
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

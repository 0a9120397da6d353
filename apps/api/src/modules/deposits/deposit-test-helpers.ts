import { randomInt } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import type { LightMyRequestResponse } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { App } from '../../app';
import { registerTestPlayer, type SignedInPlayer } from '../../test/app';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';

// Test helpers of the deposit tests (need a listening test app: bank directory and providers are HTTP).

export type DepositPlayer = SignedInPlayer & { bankAccountId: string; host: string };

/** A player of the agency on `host` with a registered bank account. */
export async function playerWithBankAccount(app: App, host = 'localhost'): Promise<DepositPlayer> {
  const p = await registerTestPlayer(app, { host });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { cookie: p.cookie, host },
    payload: {
      bank: 'bcel',
      accountNumber: `1${String(randomInt(0, 10 ** 9)).padStart(11, '0')}`,
      accountName: 'SOMCHAI PHOMMAVONG',
      currency: 'LAK',
      owner: 'SELF',
    },
  });
  if (res.statusCode !== 201) throw new Error(`bank account: ${res.statusCode} ${res.body}`);
  return { ...p, bankAccountId: res.json().bankAccount.id, host };
}

export const DEMO_MID = 'MID-BCEL-0001';

/** POST /api/v2/deposits as `p` (amount 100000 LAK at gclub by default). */
export function postDeposit(
  app: App,
  p: DepositPlayer,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: p.cookie, host: p.host, ...headers },
    payload: {
      provider: 'gclub',
      bankAccountId: p.bankAccountId,
      amount: '100000',
      mid: DEMO_MID,
      ...overrides,
    },
  });
}

/** A deposit action (`check`, `cancel`) or read (`laoqr`) of `code` as `p`. */
export function depositAction(
  app: App,
  p: { cookie: string; host?: string },
  code: string,
  action: 'check' | 'cancel' | 'laoqr',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: action === 'laoqr' ? 'GET' : 'POST',
    url: `/api/v2/deposits/${code}/${action}`,
    headers: { cookie: p.cookie, host: p.host ?? 'localhost' },
  });
}

/** Pays a bill at the sandbox bank as the player's banking app would. */
export function sandboxPay(app: App, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: body });
}

/** The player's credit at the sandbox provider and in the ledger, in satang. */
export async function creditsOf(
  app: App,
  agencyId: string,
  playerId: string,
  provider: TProvider = 'gclub',
): Promise<{ provider: bigint; ledger: bigint }> {
  const member = providerMemberOf('demo', playerId);
  return {
    provider: await app.providers.of(agencyId, provider).getBalance(member),
    ledger: await getAccountBalance(app.db, agencyId, playerProviderAccount(playerId, provider)),
  };
}

/** Polls `probe` until it answers true (real time), or fails after `timeoutMs`. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

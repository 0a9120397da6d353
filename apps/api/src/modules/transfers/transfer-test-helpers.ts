import { randomUUID } from 'node:crypto';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { ledgerTransactions } from '../../db/schema/ledger';
import { sandboxProviderTransfers } from '../../db/schema/sandbox-providers';
import { type TransferRow, transfers } from '../../db/schema/transfers';
import type { SignedInPlayer } from '../../test/app';
import { type AccountKey, playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { creditOf } from '../withdrawals/withdrawal-test-helpers';

// Test helpers of the transfer tests (the app must listen: the providers are reached over HTTP).

/** POST /api/v2/credits/transfer as the player, under `key` (a fresh one unless given; null: no header). */
export function postTransfer(
  app: App,
  p: SignedInPlayer,
  body: { from?: string; to?: string; amount?: string },
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/credits/transfer',
    headers: { cookie: p.cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { from: 'askmebet', to: 'gclub', ...body },
  });
}

/** GET /api/v2/credits/transfers as the player. */
export function listTransfers(app: App, p: SignedInPlayer, query = ''): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/v2/credits/transfers${query}`,
    headers: { cookie: p.cookie },
  });
}

export async function transferRow(app: App, reference: string): Promise<TransferRow | undefined> {
  const [row] = await app.db.select().from(transfers).where(eq(transfers.reference, reference));
  return row;
}

/** The player's credit at a provider on both sides: the provider's live balance and the ledger's (THB text). */
export async function bothSides(
  app: App,
  agencyId: string,
  p: SignedInPlayer,
  provider: TProvider,
): Promise<{ provider: string; ledger: string }> {
  const ledger = await getAccountBalance(app.db, agencyId, playerProviderAccount(p.player.id, provider));
  return { provider: await creditOf(app, p, provider), ledger: formatMinor(ledger, 'THB') };
}

/** The player's credit in transit between two providers, as the ledger has it (satang). */
export function inTransitOf(app: App, agencyId: string, p: SignedInPlayer): Promise<bigint> {
  const account: AccountKey = { kind: 'IN_TRANSIT', currency: 'THB', playerId: p.player.id };
  return getAccountBalance(app.db, agencyId, account);
}

/** `[kind, reference]` of every ledger posting and the references the sandbox providers applied, of a transfer. */
export async function legsOf(
  app: App,
  reference: string,
): Promise<{ ledger: string[][]; providers: string[][] }> {
  const posted = await app.db
    .select({ kind: ledgerTransactions.kind, reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `${reference}:%`));
  const applied = await app.db
    .select({
      provider: sandboxProviderTransfers.provider,
      reference: sandboxProviderTransfers.reference,
      direction: sandboxProviderTransfers.direction,
    })
    .from(sandboxProviderTransfers)
    .where(like(sandboxProviderTransfers.reference, `${reference}:%`));
  return {
    ledger: posted.map((r) => [r.kind, r.reference]).sort(byText),
    providers: applied.map((r) => [r.provider, r.reference, r.direction]).sort(byText),
  };
}

const byText = (a: string[], b: string[]) => a.join('|').localeCompare(b.join('|'));

import type { TOpsPlayerBalancesResponse } from '@lc/shared/contracts/ops-player-page';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { AgencyRow } from '../../db/schema/agency';
import { ledgerAccounts } from '../../db/schema/ledger';
import { isAppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';

/**
 * The player's live balance at each provider where it has a wallet (a PLAYER_PROVIDER ledger account is
 * opened with the member, ensure-provider-member.ts), asked of the providers in parallel. A staff read
 * never creates a wallet; a provider that is down answers `error` for its row, not a 503 for the page.
 */
export async function getPlayerBalances(
  app: FastifyInstance,
  agency: AgencyRow,
  playerId: string,
  log: FastifyBaseLogger,
): Promise<TOpsPlayerBalancesResponse> {
  const wallets = await app.db
    .select({ provider: ledgerAccounts.provider })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.agencyId, agency.id),
        eq(ledgerAccounts.playerId, playerId),
        eq(ledgerAccounts.kind, 'PLAYER_PROVIDER'),
        isNotNull(ledgerAccounts.provider),
      ),
    )
    .orderBy(asc(ledgerAccounts.provider));
  const member = providerMemberOf(agency.code, playerId);
  const balances = await Promise.all(
    wallets.map(async ({ provider }) => {
      const name = provider as TProvider;
      try {
        const amount = await callProvider(log, name, () =>
          app.providers.of(agency.id, name).getBalance(member),
        );
        return { provider: name, amount: formatMinor(amount, 'THB'), error: null };
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { provider: name, amount: null, error: error.code };
      }
    }),
  );
  return { balances };
}

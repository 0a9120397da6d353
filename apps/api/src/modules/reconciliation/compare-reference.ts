import type { TProvider } from '@lc/shared/providers';
import type { TReconciliationDifferenceKind } from '../../db/schema/reconciliation';

/** One side's view of a reference on a player's provider account (signed satang, + = into the wallet). */
export type ReferenceSide = { accountId: string; playerId: string; provider: TProvider; amount: bigint };

export type ReferenceDifference = {
  reference: string;
  kind: Extract<
    TReconciliationDifferenceKind,
    'MISSING_AT_PROVIDER' | 'MISSING_IN_LEDGER' | 'AMOUNT_DIFFERS'
  >;
  accountId: string;
  playerId: string;
  provider: TProvider;
  providerAmount: bigint | null;
  ledgerAmount: bigint | null;
};

/**
 * How a reference stands: null when both sides moved the same amount on the same account, otherwise the
 * difference (a side that does not have it is null).
 */
export function compareReference(
  reference: string,
  provider: ReferenceSide | null,
  ledger: ReferenceSide | null,
): ReferenceDifference | null {
  const account = provider ?? ledger;
  if (!account) return null;
  const isSame =
    provider && ledger && provider.accountId === ledger.accountId && provider.amount === ledger.amount;
  if (isSame) return null;
  const kind = !ledger ? 'MISSING_IN_LEDGER' : !provider ? 'MISSING_AT_PROVIDER' : 'AMOUNT_DIFFERS';
  return {
    reference,
    kind,
    accountId: account.accountId,
    playerId: account.playerId,
    provider: account.provider,
    providerAmount: provider?.amount ?? null,
    ledgerAmount: ledger?.amount ?? null,
  };
}

import type { TProvider } from '@lc/shared/providers';
import type { TransferDirection } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import type { TransferRow } from '../../db/schema/transfers';
import { nextOrderCode } from '../deposits/deposit-code';

/** A new transfer reference, e.g. `T2611210001AB` (the shared daily order counter, prefix `T`). */
export function nextTransferReference(db: DbOrTx, agencyId: string, now: Date): Promise<string> {
  return nextOrderCode(db, agencyId, 'T', now);
}

/**
 * The legs of a transfer (decision 0072): `out` takes the credit from `from`, `in` gives it to `to`, and
 * `back` gives it back to `from` when `to` will not take it.
 */
export type TransferLeg = 'out' | 'in' | 'back';

/** The reference of a leg, at the provider and in the ledger alike: `<reference>:out`, `:in`, `:back`. */
export const legReference = (reference: string, leg: TransferLeg): string => `${reference}:${leg}`;

/** Where a leg goes and which way. */
export function legOf(
  row: Pick<TransferRow, 'fromProvider' | 'toProvider'>,
  leg: TransferLeg,
): { provider: TProvider; direction: TransferDirection } {
  return {
    provider: leg === 'in' ? row.toProvider : row.fromProvider,
    direction: leg === 'out' ? 'out' : 'in',
  };
}

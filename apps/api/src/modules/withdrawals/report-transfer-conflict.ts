import { formatMinor } from '@lc/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ProviderTransfer,
  TransferDirection,
  TransferOutcome,
} from '../../adapters/providers/game-provider';

/** What we sent (or asked for) under one reference. */
export type SentTransfer = { reference: string; direction: TransferDirection; amount: bigint };

/** Failures that start with this hold an order for staff: the provider has the reference, but not as sent. */
export const REFERENCE_CONFLICT = 'REFERENCE_CONFLICT';

/**
 * The provider holds `sent.reference` as another transfer (another amount or direction; `found` is null when
 * it said so but a look-up could not show it). Something may have moved, so this is never "refused, nothing
 * taken": it is logged as an alert (`provider.transfer_conflict`) and answered as an outcome to keep
 * pending, whose reason says both sides for the operators (docs/decisions/0028-withdrawal-transfer-edges.md).
 */
export function reportTransferConflict(
  log: FastifyBaseLogger,
  sent: SentTransfer,
  found: ProviderTransfer | null,
): Extract<TransferOutcome, { status: 'unknown' }> {
  const asSent = `${sent.direction} ${formatMinor(sent.amount, 'THB')}`;
  const asFound = found ? `${found.direction} ${formatMinor(found.amount, 'THB')}` : 'another transfer';
  log.error(
    { event: 'provider.transfer_conflict', reference: sent.reference, sent: asSent, found: asFound },
    'provider holds the reference as another transfer; held for staff',
  );
  return {
    status: 'unknown',
    reason: `${REFERENCE_CONFLICT}: the provider holds ${sent.reference} as ${asFound}, we sent ${asSent}; held for staff, never re-sent`,
  };
}

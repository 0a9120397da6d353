import type { TProvider } from '@lc/shared/providers';
import type { Db } from '../../db/client';
import { applySandboxTransfer } from '../providers/apply-sandbox-transfer';
import { ensureSandboxMember } from '../providers/ensure-sandbox-member';
import { SandboxError } from '../providers/sandbox-http';
import { findFundTransferTransfer } from './find-fundtransfer-transfer';
import { AggregatorRefusal } from './fundtransfer-sandbox-http';

export type FundTransferRequest = {
  provider: TProvider;
  username: string;
  direction: 'in' | 'out';
  /** THB satang, > 0. */
  amount: bigint;
  referenceid: string;
};

/**
 * makeTransfer at the sandbox aggregator, once per reference id: the member is opened at its first call (as
 * the aggregator's products do), a repeat of the same transfer answers success again without moving anything,
 * and a reference id used for another transfer (another product, member, type or amount) is refused with
 * 71 INVALID_REFERENCE_ID. The balance moves through the sandbox providers' one-statement transfer.
 */
export async function applyFundTransferTransfer(
  db: Db,
  request: FundTransferRequest,
  now: Date,
): Promise<void> {
  const { provider, username, direction, amount, referenceid } = request;
  const existing = await findFundTransferTransfer(db, referenceid);
  if (existing) {
    const isSame =
      existing.provider === provider &&
      existing.username === username &&
      existing.direction === direction &&
      existing.amount === amount;
    if (isSame) return;
    throw new AggregatorRefusal('71', 'INVALID_REFERENCE_ID');
  }
  await ensureSandboxMember(db, provider, username, now);
  try {
    await applySandboxTransfer(db, { provider, username, direction, amount, reference: referenceid }, now);
  } catch (error) {
    if (error instanceof SandboxError && error.code === 'INSUFFICIENT_BALANCE')
      throw new AggregatorRefusal('72', 'INSUFFICIENT_BALANCE');
    if (error instanceof SandboxError && error.code === 'REFERENCE_CONFLICT')
      throw new AggregatorRefusal('71', 'INVALID_REFERENCE_ID');
    throw error;
  }
}

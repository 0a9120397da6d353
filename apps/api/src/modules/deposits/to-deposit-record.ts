import type { TDepositRecord, TLaoQrResponse } from '@lc/shared/contracts/deposits';
import { formatMinor } from '@lc/shared/money';
import type { DepositRow } from '../../db/schema/deposits';
import type { DepositPayments } from './deposit-payments';

/**
 * The player's view of a deposit (`DepositRecord`, docs/decisions/0074): an allowlist, never the row. `payments` is what
 * deposit-payments.ts found of its bill; without them (an order that can have none) the row says it.
 */
export function toDepositRecord(row: DepositRow, payments?: DepositPayments): TDepositRecord {
  const paid = payments?.paid ?? row.paidAmount;
  const refunded = payments?.refunded ?? null;
  return {
    code: row.code,
    date_time: row.createdAt.toISOString(),
    game_provider: row.provider,
    amount: formatMinor(row.amount, 'LAK'),
    credit: formatMinor(row.credit, 'THB'),
    bonus: formatMinor(row.bonus, 'THB'),
    status: row.status,
    mid: row.mid,
    expires_at: row.expiresAt.toISOString(),
    promotion_usage_id: row.promotionUsageId,
    latePaid: row.isLatePaid,
    paid_amount: paid === null ? null : formatMinor(paid, 'LAK'),
    review: payments ? payments.review : row.isLatePaid ? 'LATE' : null,
    refunded_amount: refunded === null ? null : formatMinor(refunded, 'LAK'),
  };
}

/** GET /deposits/{code}/laoqr: the stored QR payload of the order. */
export function toLaoQrResponse(row: DepositRow): TLaoQrResponse {
  return {
    code: row.code,
    payload: row.qrPayload,
    amount: formatMinor(row.amount, 'LAK'),
    currency: 'LAK',
    merchantName: row.merchantName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

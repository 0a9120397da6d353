import type { TDepositRecord, TLaoQrResponse } from '@lc/shared/contracts/deposits';
import { formatMinor } from '@lc/shared/money';
import type { DepositRow } from '../../db/schema/deposits';

/** The player's view of a deposit (api.md `DepositRecord`): an allowlist, never the row. */
export function toDepositRecord(row: DepositRow): TDepositRecord {
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

import { type TNotice, ZNoticeKind } from '@lc/shared/contracts/security';
import type { PlayerNoticeRow } from '../../db/schema/security';

/** The API shape of a notice: `userAgent` and `payment` only when known. */
export function toNoticeDto(row: PlayerNoticeRow): TNotice {
  return {
    id: row.id,
    kind: ZNoticeKind.parse(row.kind),
    at: row.at.toISOString(),
    ...(row.userAgent ? { userAgent: row.userAgent } : {}),
    ...(row.payment ? { payment: row.payment } : {}),
  };
}

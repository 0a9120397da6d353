import type { TNoticeKind, TNoticePayment } from '@lc/shared/contracts/security';
import type { DbOrTx } from '../../db/client';
import { playerNotices } from '../../db/schema/security';

export type NoticeInput = {
  playerId: string;
  kind: TNoticeKind;
  at: Date;
  userAgent?: string | null;
  payment?: TNoticePayment;
};

/** Adds a notice for the player (written in the transaction of the event it reports). */
export async function recordNotice(db: DbOrTx, input: NoticeInput): Promise<void> {
  await db.insert(playerNotices).values({
    playerId: input.playerId,
    kind: input.kind,
    at: input.at,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    payment: input.payment ?? null,
  });
}

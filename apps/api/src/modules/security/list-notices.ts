import type { TNotice } from '@lc/shared/contracts/security';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerNotices } from '../../db/schema/security';
import { toNoticeDto } from './to-notice-dto';

// The page shows recent events; older ones add nothing a player acts on.
const NOTICES_SHOWN = 50;

/** The player's latest notices, newest first. */
export async function listNotices(db: DbOrTx, playerId: string): Promise<TNotice[]> {
  const rows = await db
    .select()
    .from(playerNotices)
    .where(eq(playerNotices.playerId, playerId))
    .orderBy(desc(playerNotices.at), desc(playerNotices.id))
    .limit(NOTICES_SHOWN);
  return rows.map(toNoticeDto);
}

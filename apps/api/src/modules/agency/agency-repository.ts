import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AgencyRow, agencies, agencyHosts } from '../../db/schema/agency';

/** The active agency that answers on `host` (already lower-cased, without port), or null. */
export async function findAgencyByHost(db: DbOrTx, host: string): Promise<AgencyRow | null> {
  const rows = await db
    .select({ agency: agencies })
    .from(agencyHosts)
    .innerJoin(agencies, eq(agencies.id, agencyHosts.agencyId))
    .where(and(eq(agencyHosts.host, host), eq(agencies.isActive, true)))
    .limit(1);
  return rows[0]?.agency ?? null;
}

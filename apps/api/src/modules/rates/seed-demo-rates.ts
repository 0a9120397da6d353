import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { exchangeRates } from '../../db/schema/rates';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';

/** Plausible 2026 LAK rates: kip per baht and per dollar, bank buy and sell. */
export const DEMO_RATES = [
  { currency: 'THB', buy: '625.25', sell: '640.50' },
  { currency: 'USD', buy: '21650', sell: '21900' },
] as const;

/**
 * Sandbox seed (after seedDemoAgency): the demo agency's first rates. Only when it has none, so rates set by
 * ops survive restarts.
 */
export async function seedDemoRates(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.code, DEMO_AGENCY_CODE));
    if (!demo) throw new Error('demo agency missing: run seedDemoAgency first');
    const [existing] = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(eq(exchangeRates.agencyId, demo.id))
      .limit(1);
    if (existing) return;
    await tx
      .insert(exchangeRates)
      .values(
        DEMO_RATES.map((rate) => ({ ...rate, agencyId: demo.id, updatedAt: now, updatedBy: 'sandbox-seed' })),
      );
  });
}

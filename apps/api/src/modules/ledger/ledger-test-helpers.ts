import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { players } from '../../db/schema/players';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';

/** The seeded demo agency's id (tests only). */
export async function demoAgencyId(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (!row) throw new Error('demo agency not seeded');
  return row.id;
}

/** A player row inserted directly (no argon2, no session): enough for ledger tests. */
export async function insertBarePlayer(db: DbOrTx, agencyId: string): Promise<string> {
  const username = `l${randomBytes(6).toString('hex')}`;
  const [row] = await db
    .insert(players)
    .values({
      agencyId,
      username,
      displayName: username,
      passwordHash: 'not-a-hash',
      createdAt: new Date('2026-01-15T08:00:00Z'),
    })
    .returning({ id: players.id });
  if (!row) throw new Error('player insert failed');
  return row.id;
}

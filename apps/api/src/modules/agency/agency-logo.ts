import { createHash } from 'node:crypto';
import type { TLogoContentType } from '@lc/shared/contracts/ops-agency';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agencies, agencyLogos } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** Where players load an agency's uploaded logo: its sha256 is in the URL, so each logo has its own. */
export const logoUrlOf = (sha256: string): string => `/api/v2/agency/logo/${sha256}`;

/**
 * Stores an uploaded logo (already checked: check-logo.ts) as the agency's one logo and points its `logoUrl`
 * at it, in one transaction with its audit entry: players see the new logo with the agency's next answer, and
 * the old URL answers 404 from then on. Answers the new URL.
 */
export async function saveAgencyLogo(
  db: Db,
  input: {
    agencyId: string;
    contentType: TLogoContentType;
    body: Buffer;
    actor: string;
    scope: AuditScope;
    now: Date;
  },
): Promise<string> {
  const { agencyId, contentType, body, now } = input;
  const sha256 = createHash('sha256').update(body).digest('hex');
  const logoUrl = logoUrlOf(sha256);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ logoUrl: agencies.logoUrl })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
      .for('update');
    if (!before) throw new AppError(404, 'AGENCY_NOT_FOUND', 'Agency not found');
    const logo = { contentType, bodyBase64: body.toString('base64'), sha256, updatedAt: now };
    await tx
      .insert(agencyLogos)
      .values({ agencyId, ...logo })
      .onConflictDoUpdate({ target: agencyLogos.agencyId, set: logo });
    await tx.update(agencies).set({ logoUrl }).where(eq(agencies.id, agencyId));
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'agency.logo',
      target: `agency:${agencyId}`,
      before: { logoUrl: before.logoUrl },
      after: { logoUrl, contentType, bytes: body.length, sha256 },
      at: now,
    });
    return logoUrl;
  });
}

/** The agency's logo with this sha256, or null (never uploaded, or replaced since). */
export async function findAgencyLogo(
  db: DbOrTx,
  agencyId: string,
  sha256: string,
): Promise<{ contentType: string; body: Buffer } | null> {
  const [row] = await db
    .select({ contentType: agencyLogos.contentType, bodyBase64: agencyLogos.bodyBase64 })
    .from(agencyLogos)
    .where(and(eq(agencyLogos.agencyId, agencyId), eq(agencyLogos.sha256, sha256)));
  return row ? { contentType: row.contentType, body: Buffer.from(row.bodyBase64, 'base64') } : null;
}

import { randomBytes } from 'node:crypto';
import type {
  TCreateAgencyRequest,
  TPlatformAgency,
  TUpdateAgencyRequest,
} from '@lc/shared/contracts/ops-agencies';
import { LANGUAGES, type TLanguage } from '@lc/shared/languages';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type AgencyRow, agencies, agencyHosts } from '../../db/schema/agency';
import { players, sessions } from '../../db/schema/players';
import { staff, staffSessions } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { insertStaff, newInitialPassword } from '../staff/create-staff';

/**
 * What a new agency starts with until its admin sets its own (go-live): the demo's limits, no payment channel
 * (deposits wait for one), no social links, the platform's logo. Amounts in minor units.
 */
const NEW_AGENCY_DEFAULTS: Omit<typeof agencies.$inferInsert, 'code' | 'name' | 'languages'> = {
  logoUrl: '/brand/logo.svg',
  social: { telegram: null, whatsapp: null, facebook: null, twitter: null, line: null },
  paymentChannels: [],
  depositMinLak: 20_000n,
  depositMaxLak: 20_000_000n,
  withdrawMinSatang: 5_000n,
  withdrawMaxSatang: 10_000_000n,
  promotionThresholdSatang: 500n,
  isSandbox: false,
};

type Input<T> = { body: T; scope: AuditScope; now: Date };

/**
 * The platform creates an agency (OPS token): its hosts, its languages (the default first) and its first admin,
 * who signs in with the one-time password answered here and must change it and enrol TOTP. One transaction:
 * a host another agency owns (409 HOST_TAKEN) leaves nothing behind.
 */
export async function createAgency(
  db: Db,
  input: Input<TCreateAgencyRequest & { hosts: string[] }>,
): Promise<{ agency: TPlatformAgency; admin: { username: string; initialPassword: string } }> {
  const { body, now } = input;
  const { initialPassword, passwordHash } = await newInitialPassword();
  const first = body.defaultLanguage ?? 'lo';
  const languages: TLanguage[] = [first, ...LANGUAGES.filter((language) => language !== first)];
  return db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        code: await freeAgencyCode(tx, body.hosts[0] ?? body.name),
        name: body.name,
        languages,
        ...NEW_AGENCY_DEFAULTS,
      })
      .returning();
    if (!agency) throw new Error('agency insert returned nothing');
    await claimHosts(tx, agency.id, body.hosts);
    const admin = await insertStaff(tx, {
      agencyId: agency.id,
      body: { username: body.admin.username, displayName: body.admin.displayName, role: 'admin' },
      creator: { staffId: null, name: 'automation' },
      actor: 'automation',
      scope: { ...input.scope, agencyId: agency.id },
      now,
      passwordHash,
    });
    const dto = toPlatformAgency(agency, body.hosts);
    await recordAudit(tx, {
      actor: 'automation',
      scope: { ...input.scope, agencyId: agency.id },
      action: 'agency.create',
      target: `agency:${agency.id}`,
      after: { name: dto.name, hosts: dto.hosts, active: true, admin: admin.username },
      at: now,
    });
    return { agency: dto, admin: { username: admin.username, initialPassword } };
  });
}

/** Every agency of the platform with its hosts, oldest first. */
export async function listAgencies(db: DbOrTx): Promise<TPlatformAgency[]> {
  const rows = await db.select().from(agencies).orderBy(asc(agencies.createdAt), asc(agencies.code));
  const hosts = await db.select().from(agencyHosts).orderBy(asc(agencyHosts.host));
  return rows.map((row) =>
    toPlatformAgency(
      row,
      hosts.filter((h) => h.agencyId === row.id).map((h) => h.host),
    ),
  );
}

/**
 * The platform renames an agency, replaces its hosts or switches it off and on. Off: its hosts answer 404
 * AGENCY_NOT_FOUND and every session of its players and staff ends at once (the caller forgets this process's
 * cached agencies; other processes' caches expire within seconds).
 */
export async function updateAgency(
  db: Db,
  id: string,
  input: Input<TUpdateAgencyRequest & { hosts?: string[] }>,
): Promise<TPlatformAgency> {
  const { body, now } = input;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agencies).where(eq(agencies.id, id)).for('update');
    if (!before) throw new AppError(404, 'NOT_FOUND', 'No such agency');
    const hostsBefore = (await tx.select().from(agencyHosts).where(eq(agencyHosts.agencyId, id))).map(
      (h) => h.host,
    );
    const [after] = await tx
      .update(agencies)
      .set({ name: body.name ?? before.name, isActive: body.active ?? before.isActive })
      .where(eq(agencies.id, id))
      .returning();
    if (body.hosts) {
      await tx
        .delete(agencyHosts)
        .where(and(eq(agencyHosts.agencyId, id), notInArray(agencyHosts.host, body.hosts)));
      await claimHosts(tx, id, body.hosts);
    }
    if (before.isActive && body.active === false) await endAgencySessions(tx, id);
    const hosts = body.hosts ?? hostsBefore;
    await recordAudit(tx, {
      actor: 'automation',
      scope: { ...input.scope, agencyId: id },
      action: 'agency.update',
      target: `agency:${id}`,
      before: { name: before.name, hosts: hostsBefore.sort(), active: before.isActive },
      after: { name: after?.name, hosts: [...hosts].sort(), active: after?.isActive },
      at: now,
    });
    return toPlatformAgency(after as AgencyRow, hosts);
  });
}

/**
 * Gives `hosts` to the agency; one another agency owns → 409 HOST_TAKEN (the transaction rolls back). Checked
 * after the insert too: two agencies claiming one new host at once both pass the first look, and the host's
 * primary key keeps only one of them.
 */
async function claimHosts(tx: DbOrTx, agencyId: string, hosts: string[]): Promise<void> {
  const refuseTaken = async () => {
    const owned = await tx.select().from(agencyHosts).where(inArray(agencyHosts.host, hosts));
    const taken = owned.find((h) => h.agencyId !== agencyId);
    if (taken) {
      throw new AppError(
        409,
        'HOST_TAKEN',
        `Another agency answers on ${taken.host}`,
        { hosts: 'INVALID' },
        undefined,
        {
          host: taken.host,
        },
      );
    }
  };
  await refuseTaken();
  await tx
    .insert(agencyHosts)
    .values(hosts.map((host) => ({ host, agencyId })))
    .onConflictDoNothing({ target: agencyHosts.host });
  await refuseTaken();
}

async function endAgencySessions(tx: DbOrTx, agencyId: string): Promise<void> {
  const agencyPlayers = tx.select({ id: players.id }).from(players).where(eq(players.agencyId, agencyId));
  await tx.delete(sessions).where(inArray(sessions.playerId, agencyPlayers));
  const agencyStaff = tx.select({ id: staff.id }).from(staff).where(eq(staff.agencyId, agencyId));
  await tx.delete(staffSessions).where(inArray(staffSessions.staffId, agencyStaff));
}

/**
 * An agency's code: its players' provider member names start with it (providerMemberOf keeps its first
 * seven characters), so it is seven characters no other agency's code starts with: up to five letters and
 * digits of its first host (or name), then two random ones.
 */
async function freeAgencyCode(tx: DbOrTx, source: string): Promise<string> {
  const stem =
    source
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 5) || 'lc';
  const codes = (await tx.select({ code: agencies.code }).from(agencies)).map((row) => row.code.slice(0, 7));
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = `${stem}${randomBytes(4).readUInt32BE(0).toString(36).slice(-2).padStart(2, '0')}`;
    if (!codes.includes(code)) return code;
  }
  throw new Error('no free agency code');
}

function toPlatformAgency(row: AgencyRow, hosts: string[]): TPlatformAgency {
  return {
    id: row.id,
    name: row.name,
    hosts: [...hosts].sort(),
    active: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

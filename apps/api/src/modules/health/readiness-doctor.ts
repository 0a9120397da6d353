import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TDoctorCheck, TDoctorResponse } from '@lc/shared/contracts/ops-doctor';
import { PROVIDERS } from '@lc/shared/providers';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import { MIGRATIONS_DIR } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { type AgencyRow, agencies, agencyHosts } from '../../db/schema/agency';
import { staff, staffTotp } from '../../db/schema/staff';
import { checkMemberOf } from '../provider-settings/check-provider';
import { listProviderSettings } from '../provider-settings/provider-settings-repository';
import { findCurrentRate } from '../rates/get-current-rates';

/**
 * What a deployment needs before it takes real money (go-live), each piece named with what is missing:
 * the migrations applied; per active agency a host, an admin who enrolled TOTP, a THB rate, a payment channel
 * with its settings complete, each provider answering a balance look-up of the agency's own test member,
 * and the bank's webhook secret; in production the metrics token and secure cookies. Ready when all hold.
 */
export async function runDoctor(app: FastifyInstance): Promise<TDoctorResponse> {
  const checks: TDoctorCheck[] = [await migrationsCheck(app)];
  if (app.config.nodeEnv === 'production') checks.push(...productionChecks(app));
  const active = await app.db
    .select()
    .from(agencies)
    .where(eq(agencies.isActive, true))
    .orderBy(asc(agencies.createdAt));
  if (active.length === 0) {
    checks.push({
      agency: null,
      name: 'agencies',
      ok: false,
      detail: 'no active agency: npm run ops -- agencies create',
    });
  }
  for (const agency of active) checks.push(...(await agencyChecks(app, agency)));
  return { ready: checks.every((check) => check.ok), checks };
}

async function migrationsCheck(app: FastifyInstance): Promise<TDoctorCheck> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const [applied] = rowsOf<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  const n = Number(applied?.n ?? 0);
  const ok = n >= journal.entries.length;
  return {
    agency: null,
    name: 'migrations',
    ok,
    detail: ok ? `${n} applied` : `${n} of ${journal.entries.length} applied: npm run db:migrate`,
  };
}

function productionChecks(app: FastifyInstance): TDoctorCheck[] {
  const { config } = app;
  return [
    {
      agency: null,
      name: 'metrics token',
      ok: Boolean(config.metricsToken),
      detail: config.metricsToken ? 'set' : 'METRICS_TOKEN is not set: /metrics answers no one',
    },
    {
      agency: null,
      name: 'secure cookies',
      ok: config.sessionSecure,
      detail: config.sessionSecure
        ? 'on'
        : 'SESSION_SECURE is off: session cookies would travel over plain HTTP',
    },
    {
      agency: null,
      name: 'secrets key',
      ok: Boolean(config.secretsKey),
      detail: config.secretsKey
        ? 'set'
        : 'SECRETS_KEY is not set: agencies cannot save provider credentials (openssl rand -hex 32)',
    },
    {
      agency: null,
      name: 'trusted proxies',
      ok: true,
      detail: config.trustProxy
        ? 'TRUST_PROXY set'
        : 'TRUST_PROXY not set: right only when clients reach this server directly (behind a balancer, set it)',
    },
  ];
}

async function agencyChecks(app: FastifyInstance, agency: AgencyRow): Promise<TDoctorCheck[]> {
  const check = (name: string, ok: boolean, detail: string): TDoctorCheck => ({
    agency: agency.name,
    name,
    ok,
    detail,
  });
  const hosts = await app.db.select().from(agencyHosts).where(eq(agencyHosts.agencyId, agency.id));
  const [admin] = await app.db
    .select({ username: staff.username })
    .from(staff)
    .innerJoin(staffTotp, eq(staffTotp.staffId, staff.id))
    .where(
      and(
        eq(staff.agencyId, agency.id),
        eq(staff.role, 'admin'),
        eq(staff.isActive, true),
        isNotNull(staffTotp.enabledAt),
      ),
    )
    .limit(1);
  const rate = await findCurrentRate(app.db, agency.id, 'THB');
  const channels = agency.paymentChannels.filter((channel) => channel.receiverId && channel.mode);
  const webhookSecret = bankWebhookSecretOf(app);
  const results = [
    check(
      'host',
      hosts.length > 0,
      hosts.length > 0 ? hosts.map((h) => h.host).join(', ') : 'no host: agencies update --host',
    ),
    check(
      'admin',
      Boolean(admin),
      admin ? `${admin.username} (TOTP enrolled)` : 'no active admin has enrolled TOTP yet',
    ),
    check(
      'THB rate',
      Boolean(rate),
      rate ? `buy ${rate.buy}, sell ${rate.sell}` : 'no THB exchange rate: rates set THB',
    ),
    check(
      'payment channel',
      channels.length > 0,
      channels.length > 0
        ? channels.map((channel) => `${channel.code} (${channel.mode})`).join(', ')
        : 'no payment channel with its receiver id: channels set',
    ),
    check(
      'bank webhook secret',
      Boolean(webhookSecret),
      webhookSecret ? 'set' : 'BANK_WEBHOOK_SECRET is not set',
    ),
  ];
  // A balance look-up of the agency's check member through exactly the client money calls use: it answers
  // when the URL, the credentials and the signature are right. A provider the agency switched off is its
  // choice, not a missing piece.
  const member = checkMemberOf(agency);
  const settings = await listProviderSettings(app.db, agency.id);
  const providerChecks = await Promise.all(
    PROVIDERS.map(async (name) => {
      if (settings.some((row) => row.provider === name && !row.enabled)) {
        return check(`provider ${name}`, true, 'switched off in the agency’s settings');
      }
      const started = Date.now();
      try {
        const client = app.providers.of(agency.id, name);
        await client.ensureMember(member);
        await client.getBalance(member);
        return check(`provider ${name}`, true, `balance answered in ${Date.now() - started} ms`);
      } catch (error) {
        return check(
          `provider ${name}`,
          false,
          `no answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }),
  );
  return [...results, ...providerChecks];
}

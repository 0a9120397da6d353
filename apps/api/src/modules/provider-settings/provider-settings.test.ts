import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfBaseUrl } from '../../adapters/self-url';
import { agencyProviderSettings } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { auditLog } from '../../db/schema/audit';
import { sandboxProviderTransfers } from '../../db/schema/sandbox-providers';
import { createTestApp, type TestApp } from '../../test/app';
import { platformAgency } from '../../test/platform-agency';
import { playerWithBankAccount, postDeposit, sandboxPay, waitFor } from '../deposits/deposit-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

// Going live, item 4: each agency reaches its providers through its own settings — protocol, URL and
// credentials sealed with SECRETS_KEY, never answered nor logged — changed only when a second admin approves,
// with a Check that does a balance look-up. The "real" provider here is another process (its own database and
// signing key): money the agency moves after the approval lands there, not at the deployment's default.

let t: TestApp;
let outside: TestApp;
let adminA: TestStaff;
let adminB: TestStaff;
let finance: TestStaff;
let agencyId: string;
const outsideKey = randomBytes(24).toString('hex');
const logs: string[] = [];

beforeAll(async () => {
  outside = await createTestApp({ PROVIDER_GCLUB_KEY: outsideKey }, { listen: true });
  t = await createTestApp({}, { listen: true, logStream: { write: (line: string) => void logs.push(line) } });
  agencyId = await demoAgencyId(t.app.db);
  adminA = await createTestStaff(t.app, t.clock, 'admin');
  adminB = await createTestStaff(t.app, t.clock, 'admin');
  finance = await createTestStaff(t.app, t.clock, 'finance');
  // Requests are signed with the API's clock, which the outside provider checks against its own.
  outside.clock.set(t.clock.now());
}, 60_000);
afterAll(async () => {
  await t?.close();
  await outside?.close();
});

const outsideUrl = () => `${selfBaseUrl(outside.app)}/sandbox/providers/gclub`;
const put = (member: TestStaff, provider: string, body: object) =>
  staffRequest(t.app, member.cookie, 'PUT', `/api/ops/v1/settings/providers/${provider}`, body);
const approve = (member: TestStaff, id: string) =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/approvals/${id}/approve`, {});
const settingsOf = async (member: TestStaff) => {
  const res = await staffRequest(t.app, member.cookie, 'GET', '/api/ops/v1/settings/providers');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    protocols: string[];
    items: Array<{ provider: string; source: string; url: string | null; lastCheck: unknown }>;
  };
};
const check = (member: TestStaff, provider: string) =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/settings/providers/${provider}/check`, {});

describe('provider settings per agency', () => {
  it('lists the five providers on the deployment default, with no credential in the answer', async () => {
    const body = await settingsOf(finance);
    expect(body.protocols).toEqual(['laocredit-v1', 'fundtransfer-v1']);
    expect(body.items.map((i) => [i.provider, i.source])).toEqual([
      ['alphabet', 'default'],
      ['askmebet', 'default'],
      ['betflix', 'default'],
      ['gclub', 'default'],
      ['gclub_live', 'default'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/key|credential/i);
  });

  it('refuses bad settings with the field, and nothing is filed', async () => {
    const good = {
      protocol: 'laocredit-v1',
      url: outsideUrl(),
      credentials: { key: outsideKey },
      enabled: true,
    };
    const cases: Array<[object, string]> = [
      [{ ...good, url: 'ftp://provider.example/api' }, 'url'],
      [{ ...good, url: 'https://provider.example/api?x=1' }, 'url'],
      [{ ...good, protocol: 'soap-v0' }, 'protocol'],
      [{ ...good, credentials: { key: 'short' } }, 'credentials.key'],
      [{ ...good, credentials: {} }, 'credentials.key'],
      [{ ...good, credentials: { key: outsideKey, secret: 'x'.repeat(20) } }, 'credentials.secret'],
    ];
    for (const [body, field] of cases) {
      const res = await put(adminA, 'gclub', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    expect((await put(adminA, 'nogame', good)).statusCode).toBe(400);
    expect((await put(finance, 'gclub', good)).json().error.code).toBe('FORBIDDEN_ROLE');
    const filed = await t.app.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.agencyId, agencyId), eq(approvals.kind, 'PROVIDER_SETTINGS')));
    expect(filed).toEqual([]);
  });

  it('applies only when a second admin approves; the key is sealed everywhere it is kept and never logged', async () => {
    const asked = await put(adminA, 'gclub', {
      protocol: 'laocredit-v1',
      url: outsideUrl(),
      credentials: { key: outsideKey },
      enabled: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({ kind: 'PROVIDER_SETTINGS', status: 'PENDING' });
    expect(approval.payload).toMatchObject({ provider: 'gclub', url: outsideUrl(), credentials: '•••' });
    // One request per provider waits at a time.
    const again = await put(adminB, 'gclub', {
      protocol: 'laocredit-v1',
      url: outsideUrl(),
      credentials: { key: outsideKey },
      enabled: true,
    });
    expect(again.json().error.code).toBe('APPROVAL_PENDING');
    expect((await settingsOf(adminA)).items.find((i) => i.provider === 'gclub')?.source).toBe('default');

    expect((await approve(adminA, approval.id)).json().error.code).toBe('SAME_STAFF');
    expect((await approve(finance, approval.id)).json().error.code).toBe('FORBIDDEN_ROLE');
    const approved = await approve(adminB, approval.id);
    expect(approved.statusCode, approved.body).toBe(200);

    const gclub = (await settingsOf(finance)).items.find((i) => i.provider === 'gclub');
    expect(gclub).toMatchObject({ source: 'agency', url: outsideUrl() });
    const [row] = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(
        and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, 'gclub')),
      );
    expect(row?.credentialsSealed).toMatch(/^v1\./);
    const [stored] = await t.app.db.select().from(approvals).where(eq(approvals.id, approval.id));
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.agencyId, agencyId));
    for (const kept of [
      row?.credentialsSealed,
      JSON.stringify(stored),
      JSON.stringify(audit),
      logs.join(''),
    ]) {
      expect(kept).not.toContain(outsideKey);
    }
  });

  it('moves the agency’s money at its own provider after the approval, and Check answers from there', async () => {
    const player = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, player);
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json().order;
    outside.clock.set(t.clock.now());
    expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    const landedAt = async ({ app }: TestApp) =>
      (
        await app.db
          .select()
          .from(sandboxProviderTransfers)
          .where(eq(sandboxProviderTransfers.reference, `${code}:in`))
      ).length;
    await waitFor(async () => (await landedAt(outside)) === 1);
    expect(await landedAt(t)).toBe(0);

    const checked = await check(adminA, 'gclub');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ ok: true, detail: 'balance 0.00 THB' });
    const gclub = (await settingsOf(finance)).items.find((i) => i.provider === 'gclub');
    expect(gclub?.lastCheck).toMatchObject({ ok: true, at: t.clock.now().toISOString() });

    // The game opens at the provider's address, not at ours (the sandbox answers a link relative to itself).
    const launched = await t.app.inject({
      method: 'POST',
      url: '/api/v2/games/gclub/launch',
      headers: { cookie: player.cookie },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().url).toMatch(new RegExp(`^${selfBaseUrl(outside.app)}/sandbox/providers/gclub/`));
  });

  it('a wrong key answers Check with the provider’s refusal and money calls 503, never elsewhere', async () => {
    const asked = await put(adminA, 'betflix', {
      protocol: 'laocredit-v1',
      url: `${selfBaseUrl(outside.app)}/sandbox/providers/betflix`,
      credentials: { key: randomBytes(24).toString('hex') },
      enabled: true,
    });
    expect((await approve(adminB, asked.json().approval.id)).statusCode).toBe(200);
    const checked = await check(adminA, 'betflix');
    expect(checked.json()).toMatchObject({ ok: false });
    expect(checked.json().detail).toMatch(/401/);
    const player = await playerWithBankAccount(t.app);
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/betflix',
      headers: { cookie: player.cookie },
    });
    expect(credit.statusCode, credit.body).toBe(503);
    expect(credit.json().error.code).toBe('PROVIDER_UNAVAILABLE');
  });

  it('a provider switched off answers unavailable, and the readiness check names it as a choice', async () => {
    const asked = await put(adminA, 'alphabet', {
      protocol: 'laocredit-v1',
      url: `${selfBaseUrl(outside.app)}/sandbox/providers/alphabet`,
      credentials: { key: outsideKey },
      enabled: false,
    });
    expect((await approve(adminB, asked.json().approval.id)).statusCode).toBe(200);
    expect((await check(adminA, 'alphabet')).json()).toMatchObject({ ok: false });
    const doctor = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/doctor',
      headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    });
    const alphabet = doctor
      .json()
      .checks.find(
        (c: { agency: string | null; name: string }) => c.name === 'provider alphabet' && c.agency,
      );
    expect(alphabet).toMatchObject({ ok: true, detail: expect.stringMatching(/switched off/) });
  });

  it('sealed credentials copied to another agency do not open there: its provider stays off', async () => {
    const other = await platformAgency(t.app, 'other-provider-agency.test');
    const [row] = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(
        and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, 'gclub')),
      );
    if (!row) throw new Error('gclub settings missing');
    await t.app.db.insert(agencyProviderSettings).values({ ...row, agencyId: other.id });
    const client = t.app.providers.of(other.id, 'gclub');
    await expect(client.getBalance({ username: 'other_check' })).rejects.toThrow(/switched off/);
  });
});

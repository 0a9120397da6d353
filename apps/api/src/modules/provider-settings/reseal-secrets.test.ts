import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfBaseUrl } from '../../adapters/self-url';
import { agencyProviderSettings } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { createSecretBox } from '../../lib/secret-box';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

// Rotating SECRETS_KEY (docs/go-live.md): the new key as SECRETS_KEY, the old as SECRETS_KEY_PREVIOUS, then
// `secrets reseal` seals every stored credential again — settings and requests still waiting — and afterwards
// the old key is no longer needed.

const oldKey = randomBytes(32).toString('hex');
const newKey = randomBytes(32).toString('hex');
let t: TestApp;
let adminA: TestStaff;
let adminB: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: oldKey }, { listen: true });
  adminA = await createTestStaff(t.app, t.clock, 'admin');
  adminB = await createTestStaff(t.app, t.clock, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const settingsBody = (provider: string) => ({
  protocol: 'laocredit-v1',
  url: `${selfBaseUrl(t.app)}/sandbox/providers/${provider}`,
  credentials: { key: t.app.providers.signingKeyOf(provider as 'gclub') },
  enabled: true,
});
const reseal = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/v1/secrets/reseal',
    headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    payload: {},
  });
/** What a restart with other key variables would give this process. */
const useKeys = (current: string, previous?: string) => {
  (t.app as { secrets: unknown }).secrets = createSecretBox(current, previous);
};

describe('SECRETS_KEY rotation', () => {
  it('seals settings and waiting requests again under the new key; then the old key can go', async () => {
    const asked = await staffRequest(
      t.app,
      adminA.cookie,
      'PUT',
      '/api/ops/v1/settings/providers/gclub',
      settingsBody('gclub'),
    );
    const approved = await staffRequest(
      t.app,
      adminB.cookie,
      'POST',
      `/api/ops/v1/approvals/${asked.json().approval.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const waiting = await staffRequest(
      t.app,
      adminA.cookie,
      'PUT',
      '/api/ops/v1/settings/providers/betflix',
      settingsBody('betflix'),
    );
    expect(waiting.statusCode, waiting.body).toBe(202);

    // Only the platform's token rotates.
    expect(
      (await staffRequest(t.app, adminA.cookie, 'POST', '/api/ops/v1/secrets/reseal', {})).statusCode,
    ).toBe(403);

    useKeys(newKey, oldKey);
    const res = await reseal();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resealed: 2, unreadable: 0 });
    expect((await reseal()).json()).toEqual({ resealed: 0, unreadable: 0 });

    // The new key alone opens everything, and the agency's provider still answers through its settings.
    useKeys(newKey);
    t.app.providers.forgetAgency(await demoAgencyId(t.app.db));
    const [row] = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(eq(agencyProviderSettings.provider, 'gclub'));
    const box = createSecretBox(newKey);
    expect(box.isCurrent(row?.credentialsSealed ?? '')).toBe(true);
    const [pending] = await t.app.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, waiting.json().approval.id));
    expect(box.isCurrent(pending?.payload.credentials ?? '')).toBe(true);
    const checked = await staffRequest(
      t.app,
      adminA.cookie,
      'POST',
      '/api/ops/v1/settings/providers/gclub/check',
      {},
    );
    expect(checked.json()).toMatchObject({ ok: true });
  });

  it('counts what no key it holds can open, and leaves it as it was', async () => {
    const [before] = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(eq(agencyProviderSettings.provider, 'gclub'));
    useKeys(randomBytes(32).toString('hex'));
    expect((await reseal()).json()).toEqual({ resealed: 0, unreadable: 2 });
    const [after] = await t.app.db
      .select()
      .from(agencyProviderSettings)
      .where(eq(agencyProviderSettings.provider, 'gclub'));
    expect(after?.credentialsSealed).toBe(before?.credentialsSealed);
    useKeys(newKey);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsCliOf } from '../../ops/ops-cli.test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { automationRequest, createTestStaff, staffRequest } from '../staff/staff.test-helpers';

// Going live, readiness: GET /api/ops/v1/doctor and `npm run ops -- doctor` name each missing piece.

let t: TestApp;
let ops: ReturnType<typeof opsCliOf>;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  ops = opsCliOf(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Check = { agency: string | null; name: string; ok: boolean; detail: string };
const doctor = async () =>
  (await automationRequest(t.app, 'GET', '/api/ops/v1/doctor')).json() as { ready: boolean; checks: Check[] };
const failing = (checks: Check[]) => checks.filter((c) => !c.ok).map((c) => `${c.agency ?? '-'}: ${c.name}`);

describe('readiness', () => {
  it('names what the demo agency lacks (an admin with TOTP), then is ready; the CLI exits 1, then 0', async () => {
    const before = await doctor();
    expect(before.ready).toBe(false);
    expect(failing(before.checks)).toEqual(['Lao Credit Demo: admin']);
    expect(before.checks.find((c) => c.name === 'migrations')).toMatchObject({ ok: true });
    for (const provider of ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live']) {
      expect(before.checks.find((c) => c.name === `provider ${provider}`)?.ok, provider).toBe(true);
    }
    const notReady = await ops(['doctor']);
    expect(notReady.code).toBe(1);
    expect(notReady.out).toContain('MISSING Lao Credit Demo: admin — no active admin has enrolled TOTP yet');
    expect(notReady.out.at(-1)).toBe('not ready: 1 missing');

    await createTestStaff(t.app, t.clock, 'admin');
    expect((await doctor()).ready).toBe(true);
    const ready = await ops(['doctor', '--json']);
    expect(ready.code).toBe(0);
    expect(JSON.parse(ready.out.join('\n'))).toMatchObject({ ready: true });
  });

  it('a new agency: no rate, no channel, no admin with TOTP yet; a provider that does not answer is named', async () => {
    const created = await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', {
      name: 'Savan Play',
      hosts: ['savan.example.la'],
      admin: { username: 'savan_admin', displayName: 'Savan Admin' },
    });
    expect(created.statusCode).toBe(201);
    const report = await doctor();
    expect(failing(report.checks)).toEqual([
      'Savan Play: admin',
      'Savan Play: THB rate',
      'Savan Play: payment channel',
    ]);

    t.app.sandboxFaults.forceNext('providers', ...Array<'error'>(40).fill('error'));
    const down = await doctor();
    t.app.sandboxFaults.reset();
    expect(down.ready).toBe(false);
    expect(down.checks.filter((c) => c.name.startsWith('provider ') && !c.ok).length).toBeGreaterThan(0);
    // Switched off, it is not asked about.
    await automationRequest(t.app, 'PATCH', `/api/ops/v1/agencies/${created.json().agency.id}`, {
      active: false,
    });
    expect((await doctor()).checks.some((c) => c.agency === 'Savan Play')).toBe(false);
  });

  it("is the platform's: a staff session gets 403", async () => {
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const res = await staffRequest(t.app, admin.cookie, 'GET', '/api/ops/v1/doctor');
    expect(res.statusCode).toBe(403);
  });
});

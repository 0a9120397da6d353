import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { staff } from '../../db/schema/staff';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import {
  automationRequest,
  createTestStaff,
  signIn,
  staffRequest,
  type TestStaff,
} from '../staff/staff.test-helpers';

// Going live: the platform (OPS token only) creates agencies with their hosts and first admin, lists them,
// renames, re-hosts and switches them off (hosts 404, sessions end) and on.

let t: TestApp;
let demoAdmin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  demoAdmin = await createTestStaff(t.app, t.clock, 'admin');
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const newAgency = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: `Vientiane Play ${serial}`,
    hosts: [`play${serial}.example.la`, `WWW.Play${serial}.example.la:8443`],
    admin: { username: `founder${serial}`, displayName: 'Founder' },
    ...overrides,
  };
};
const agencyInfo = (host: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } });

describe('the platform creates agencies', () => {
  it('with its hosts (lower-cased, without port) and a first admin who signs in with a one-time password', async () => {
    const body = newAgency({ defaultLanguage: 'th' });
    const res = await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', body);
    expect(res.statusCode, res.body).toBe(201);
    const { agency, admin } = res.json();
    expect(agency).toMatchObject({
      name: body.name,
      hosts: [`play${serial}.example.la`, `www.play${serial}.example.la`],
      active: true,
    });
    expect(admin.username).toBe(body.admin.username);
    expect(admin.initialPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const info = await agencyInfo(`www.play${serial}.example.la`);
    expect(info.statusCode).toBe(200);
    expect(info.json().agency).toMatchObject({ name: body.name, languages: ['th', 'lo', 'cn', 'vn'] });
    // Its first admin belongs to it, was made by the platform, and must enrol TOTP and change the password.
    const [member] = await t.app.db
      .select()
      .from(staff)
      .where(eq(staff.id, (await adminOf(agency.id)).id));
    expect(member).toMatchObject({ role: 'admin', createdBy: 'automation', mustChangePassword: true });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/session',
      headers: { host: `play${serial}.example.la` },
      payload: { username: admin.username, password: admin.initialPassword },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ mustChangePassword: true, mustEnrolTotp: true });
    // Not on another agency's host.
    expect(
      (await signIn(t.app, { username: admin.username, password: admin.initialPassword })).statusCode,
    ).toBe(401);

    const listed = await automationRequest(t.app, 'GET', '/api/ops/v1/agencies');
    expect(listed.json().items).toContainEqual(agency);
  });

  it('refuses a host another agency answers on, and leaves nothing behind', async () => {
    const before = (await t.app.db.select().from(agencies)).length;
    const body = newAgency({ hosts: [`fresh${serial + 1}.example.la`, 'localhost'] });
    const res = await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'HOST_TAKEN', params: { host: 'localhost' } });
    expect((await t.app.db.select().from(agencies)).length).toBe(before);
    expect(await t.app.db.select().from(staff).where(eq(staff.username, body.admin.username))).toEqual([]);
    expect((await agencyInfo(`fresh${serial}.example.la`)).statusCode).toBe(404);
  });

  it('two agencies claiming one new host at once: one gets it, the other 409 HOST_TAKEN and nothing', async () => {
    const host = `race${serial + 1}.example.la`;
    const [a, b] = await Promise.all([
      automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency({ hosts: [host] })),
      automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency({ hosts: [host] })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const listed = (await automationRequest(t.app, 'GET', '/api/ops/v1/agencies')).json().items;
    expect(listed.filter((agency: { hosts: string[] }) => agency.hosts.includes(host))).toHaveLength(1);
  });

  it('validates the hosts, the name and the admin', async () => {
    for (const hosts of [[], ['bad host'], ['-x.example.la'], ['a..b']]) {
      const res = await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency({ hosts }));
      expect(res.statusCode, JSON.stringify(hosts)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const noAdmin = await automationRequest(
      t.app,
      'POST',
      '/api/ops/v1/agencies',
      newAgency({ admin: undefined }),
    );
    expect(noAdmin.statusCode).toBe(400);
    const noName = await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency({ name: ' ' }));
    expect(noName.statusCode).toBe(400);
  });

  it("is the platform's alone: an agency admin's session gets 403 FORBIDDEN_ROLE", async () => {
    const calls = [
      staffRequest(t.app, demoAdmin.cookie, 'POST', '/api/ops/v1/agencies', newAgency()),
      staffRequest(t.app, demoAdmin.cookie, 'GET', '/api/ops/v1/agencies'),
      staffRequest(t.app, demoAdmin.cookie, 'PATCH', `/api/ops/v1/agencies/${demoAdmin.id}`, {
        active: false,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN_ROLE');
    }
  });
});

describe('the platform updates agencies', () => {
  it('switched off, its hosts answer 404 and its sessions end; switched on, it answers again', async () => {
    const created = (await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency())).json();
    const host = created.agency.hosts[0] as string;
    // A player of it, signed in (the new agency's players register on its own host).
    const player = await registerTestPlayer(t.app, { host });
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { host, cookie: player.cookie } });
    expect((await me()).statusCode).toBe(200);

    const off = await automationRequest(t.app, 'PATCH', `/api/ops/v1/agencies/${created.agency.id}`, {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().agency.active).toBe(false);
    const gone = await agencyInfo(host);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('AGENCY_NOT_FOUND');

    const on = await automationRequest(t.app, 'PATCH', `/api/ops/v1/agencies/${created.agency.id}`, {
      active: true,
    });
    expect(on.json().agency.active).toBe(true);
    expect((await agencyInfo(host)).statusCode).toBe(200);
    // The session it had is over: the player signs in again.
    expect((await me()).json().player ?? null).toBeNull();
  });

  it('renames it and replaces its hosts; a taken host is refused and nothing changes', async () => {
    const created = (await automationRequest(t.app, 'POST', '/api/ops/v1/agencies', newAgency())).json();
    const url = `/api/ops/v1/agencies/${created.agency.id}`;
    const moved = await automationRequest(t.app, 'PATCH', url, {
      name: 'Luang Prabang Play',
      hosts: ['lp.example.la'],
    });
    expect(moved.json().agency).toMatchObject({ name: 'Luang Prabang Play', hosts: ['lp.example.la'] });
    expect((await agencyInfo('lp.example.la')).json().agency.name).toBe('Luang Prabang Play');
    expect((await agencyInfo(created.agency.hosts[0])).statusCode).toBe(404);

    const taken = await automationRequest(t.app, 'PATCH', url, { hosts: ['lp.example.la', 'localhost'] });
    expect(taken.json().error.code).toBe('HOST_TAKEN');
    expect((await agencyInfo('lp.example.la')).statusCode).toBe(200);
    expect(
      (await automationRequest(t.app, 'PATCH', `/api/ops/v1/agencies/${demoAdmin.id}`, { active: false }))
        .statusCode,
    ).toBe(404);
  });
});

async function adminOf(agencyId: string) {
  const [member] = await t.app.db.select().from(staff).where(eq(staff.agencyId, agencyId));
  if (!member) throw new Error('no admin');
  return member;
}

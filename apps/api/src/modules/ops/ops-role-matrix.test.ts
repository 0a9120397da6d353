import { STAFF_ROLES, type TStaffRole } from '@lc/shared/contracts/ops-staff';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, type OpsAccess } from '../../plugins/ops-auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

// Built from the app's own route table: a new ops route without a declared role fails here, and every
// declared one is called by every role (backoffice.md: a call above the caller's role → 403 FORBIDDEN_ROLE).
type OpsRoute = { method: string; url: string; role: OpsAccess | undefined };
const routes: OpsRoute[] = [];
function collect(route: RouteOptions): void {
  if (!route.url.startsWith('/api/ops/')) return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    routes.push({
      method,
      url: route.url,
      role: (route.config as { opsRole?: OpsAccess } | undefined)?.opsRole,
    });
  }
}

let t: TestApp;
const members = {} as Record<TStaffRole, TestStaff>;
// Four members set up as at first sign-in: three argon2 hashes each, slow on a loaded machine.
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: collect });
  const created = await Promise.all(STAFF_ROLES.map((role) => createTestStaff(t.app, t.clock, role)));
  for (const [i, role] of STAFF_ROLES.entries()) members[role] = created[i] as TestStaff;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

// Path parameters that match each route's schema but no record: an allowed caller gets past the role check
// and is answered 400/404/409 (or 200 for lists), never 401/403.
const fill = (url: string) =>
  url
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':code', 'DZZZZZZZZZZZ')
    .replace(':provider', 'gclub');

const callers = [...STAFF_ROLES, 'automation'] as const;

describe('ops role matrix', () => {
  it('every ops route declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.role).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every role-guarded ops route × every role: 403 FORBIDDEN_ROLE below the role, through above it', async () => {
    // The event stream never ends, so inject would never answer: events.ops-events.test.ts covers it (401
    // without a caller; support, the lowest role, and the token get a stream).
    const isStream = (r: OpsRoute) => r.url === '/api/ops/v1/events';
    expect(routes.find(isStream)?.role).toBe('support');
    const guarded = routes.filter((r) => r.role && r.role !== 'self' && r.role !== 'public' && !isStream(r));
    const table: string[] = [];
    for (const route of guarded) {
      // `platform`: the OPS token alone, every staff role below it.
      const needed = route.role as TStaffRole | 'platform';
      const row: string[] = [];
      for (const caller of callers) {
        const method = route.method as 'GET' | 'POST' | 'PATCH' | 'DELETE';
        const payload = method === 'GET' ? undefined : {};
        const res =
          caller === 'automation'
            ? await t.app.inject({
                method,
                url: fill(route.url),
                headers: { authorization: `Bearer ${t.app.opsToken.token}` },
                ...(payload ? { payload } : {}),
              })
            : await staffRequest(t.app, members[caller].cookie, method, fill(route.url), payload);
        const isAllowed =
          needed === 'platform'
            ? caller === 'automation'
            : hasRole(caller === 'automation' ? 'admin' : caller, needed);
        const where = `${route.method} ${route.url} as ${caller}`;
        if (isAllowed) {
          expect([401, 403], `${where}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().error.code, where).toBe('FORBIDDEN_ROLE');
        }
        row.push(`${caller}:${res.statusCode}`);
      }
      table.push(`${route.method} ${route.url} [${needed}] ${row.join(' ')}`);
    }
    // The whole matrix, for the record of a test run.
    console.info(table.join('\n'));
    expect(table.length).toBe(guarded.length);
  });

  it('the self routes need a staff session, nothing more; sign-in is open', async () => {
    const self = routes.filter((r) => r.role === 'self').map((r) => `${r.method} ${r.url}`);
    expect(self.sort()).toEqual(
      [
        'DELETE /api/ops/v1/session',
        'GET /api/ops/v1/me',
        'GET /api/ops/v1/me/totp',
        'POST /api/ops/v1/me/password',
        'POST /api/ops/v1/me/totp',
      ].sort(),
    );
    expect(routes.filter((r) => r.role === 'public').map((r) => r.url)).toEqual(['/api/ops/v1/session']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/ops/v1/me' });
    expect(anonymous.statusCode).toBe(401);
  });
});

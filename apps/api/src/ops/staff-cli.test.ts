import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, staffCookieOf, staffRequest } from '../modules/staff/staff.test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { EXIT } from './command';
import { opsCliOf } from './ops-cli.test-helpers';

let t: TestApp;
let ops: ReturnType<typeof opsCliOf>;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  ops = opsCliOf(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('npm run ops -- staff …', () => {
  it('creates a first admin whose one-time password signs in to enrol; lists, resets TOTP, deactivates', async () => {
    const created = await ops([
      'staff',
      'create',
      'FirstAdmin',
      '--role',
      'admin',
      '--display-name',
      'First Admin',
    ]);
    expect(created.code, created.err.join('\n')).toBe(EXIT.OK);
    expect(created.out[0]).toMatch(/^created firstadmin \(admin, [0-9a-f-]{36}\)$/);
    const password = /^initial password: (\S+)$/.exec(created.out[1] ?? '')?.[1] as string;
    expect(password).toHaveLength(16);

    const first = await signIn(t.app, { username: 'firstadmin', password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mustEnrolTotp: true, mustChangePassword: true });
    const cookie = staffCookieOf(first) as string;

    const list = await ops(['staff', 'list']);
    expect(list.out.join('\n')).toMatch(/firstadmin\s+First Admin\s+admin\s+yes/);
    expect((await ops(['staff', 'create', 'firstadmin', '--role', 'admin'])).code).toBe(EXIT.FAILED);
    expect((await ops(['staff', 'create', 'x1', '--role', 'boss'])).code).not.toBe(EXIT.OK);
    expect((await ops(['staff', 'create', 'x2'])).code).toBe(EXIT.USAGE);

    const reset = await ops(['staff', 'reset-totp', 'firstadmin']);
    expect(reset.code, reset.err.join('\n')).toBe(EXIT.OK);
    expect((await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me')).statusCode).toBe(401);

    const again = staffCookieOf(await signIn(t.app, { username: 'firstadmin', password })) as string;
    const off = await ops(['staff', 'deactivate', 'firstadmin']);
    expect(off.out).toEqual(['deactivated firstadmin']);
    expect((await staffRequest(t.app, again, 'GET', '/api/ops/v1/me')).statusCode).toBe(401);
    expect((await ops(['staff', 'deactivate', 'nobody'])).code).toBe(EXIT.USAGE);
    expect((await ops(['approvals', 'list', '--status', 'PENDING'])).out.at(-1)).toBe('0 of 0 requests');
  });
});

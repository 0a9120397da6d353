import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('npm run ops -- agencies', () => {
  it('create, list and update, each with --json printing exactly the API answer', async () => {
    const created = await ops([
      'agencies',
      'create',
      '--name',
      'Pakse Play',
      '--host',
      'pakse.example.la',
      '--host',
      'www.pakse.example.la',
      '--admin',
      'pakse_admin',
      '--language',
      'th',
      '--json',
    ]);
    expect(created.code, created.err.join('\n')).toBe(EXIT.OK);
    const answer = JSON.parse(created.out.join('\n'));
    expect(answer.agency).toMatchObject({
      name: 'Pakse Play',
      hosts: ['pakse.example.la', 'www.pakse.example.la'],
      active: true,
    });
    expect(answer.admin).toMatchObject({ username: 'pakse_admin', initialPassword: expect.any(String) });

    const listed = await ops(['agencies', 'list', '--json']);
    expect(JSON.parse(listed.out.join('\n')).items).toContainEqual(answer.agency);
    const table = await ops(['agencies', 'list']);
    expect(table.out.find((line) => line.includes(answer.agency.id))).toMatch(
      /Pakse Play\s+pakse\.example\.la,www\.pakse\.example\.la\s+yes$/,
    );

    const off = await ops(['agencies', 'update', answer.agency.id, '--active', 'false']);
    expect(off.out).toEqual([
      `${answer.agency.id} "Pakse Play" on pakse.example.la, www.pakse.example.la: switched off`,
    ]);
    const moved = await ops([
      'agencies',
      'update',
      answer.agency.id,
      '--host',
      'pakse.example.la',
      '--active',
      'true',
      '--json',
    ]);
    expect(JSON.parse(moved.out.join('\n')).agency).toMatchObject({
      hosts: ['pakse.example.la'],
      active: true,
    });
  });

  it('explains mistakes: missing options, a taken host, a bad --active', async () => {
    const missing = await ops(['agencies', 'create', '--name', 'X', '--admin', 'x_admin']);
    expect(missing.code).toBe(EXIT.USAGE);
    expect(missing.err[0]).toBe('agencies create: --host is required');
    const taken = await ops([
      'agencies',
      'create',
      '--name',
      'X',
      '--host',
      'localhost',
      '--admin',
      'x_admin',
    ]);
    expect(taken.code).toBe(EXIT.FAILED);
    expect(taken.err[0]).toMatch(/^error 409 HOST_TAKEN: /);
    const bad = await ops(['agencies', 'update', '00000000-0000-4000-8000-000000000000', '--active', 'yes']);
    expect(bad.code).toBe(EXIT.USAGE);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp, uniqueUsername } from '../test/app';

// Only on PostgreSQL (a `.pg.test.ts` file, included when TEST_DATABASE_URL is set as in `.ci/run`): the
// per-address counts of register, username check and login live in the database, so two API processes on
// one database share them. Embedded PGlite is one process; rate-limit.test.ts covers the limits there.

const LIMITS = { RATE_LIMIT_USERNAME_CHECK: '10/1m' };

let t: TestApp;
let second: App;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
  second = await buildApp(
    loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      WORKER: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      DATABASE_URL: String(t.databaseUrl),
      ...LIMITS,
    }),
    { now: t.clock.now },
  );
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const validate = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/players/username/validate',
    remoteAddress,
    payload: { username: uniqueUsername('w') },
  });

describe('rate limits across API processes', () => {
  it('shares the counts between API processes on one database', async () => {
    const ip = '203.0.113.50';
    const first = await Promise.all(Array.from({ length: 6 }, () => validate(t.app, ip)));
    const other = await Promise.all(Array.from({ length: 6 }, () => validate(second, ip)));
    const passed = [...first, ...other].filter((r) => r.statusCode === 200);
    expect(passed).toHaveLength(10);
  });
});

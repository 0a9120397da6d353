import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BENCH_ROUTES: 'true' });
});
afterAll(async () => {
  await t?.close();
});

describe('the baselines of npm run bench', () => {
  it("the prepared SELECT answers the requesting agency's id, each time (the statement is reused)", async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { host: 'localhost' },
    });
    const agencyId: string = info.json().agency.id;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/bench/select',
        headers: { host: 'localhost' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: agencyId });
    }
  });

  it('are not mounted without BENCH_ROUTES', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/bench/select',
        headers: { host: 'localhost' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

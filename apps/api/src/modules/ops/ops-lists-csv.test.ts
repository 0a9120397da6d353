import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { playerWithBankAccount, postDeposit } from '../deposits/deposit-test-helpers';
import { automationRequest } from '../staff/staff.test-helpers';

let t: TestApp;
beforeAll(async () => {
  // Listening: the bank directory the bank-account step asks is reached over HTTP.
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

describe('back-office lists: sort, filters and ?format=csv', () => {
  it('deposits sort by amount and filter by player and code; the JSON shape stays {items, page, pageSize, total}', async () => {
    const p = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, p);
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().order.code as string;
    const byCode = await automationRequest(t.app, 'GET', `/api/ops/v1/deposits?code=${code}`);
    expect(byCode.json()).toMatchObject({ page: 1, pageSize: 20, total: 1, items: [{ code }] });
    const asc = (
      await automationRequest(t.app, 'GET', '/api/ops/v1/deposits?sort=amount&pageSize=100')
    ).json();
    const amounts = asc.items.map((d: { amount: string }) => BigInt(d.amount));
    expect([...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(amounts);
    const bad = await automationRequest(t.app, 'GET', '/api/ops/v1/deposits?sort=username');
    expect(bad.statusCode).toBe(400);
  });

  it('exports every row the filter shows as CSV with a header, for deposits, withdrawals, bank payments, audit', async () => {
    for (const [path, header] of [
      ['deposits?status=OPEN', 'code,playerId,username,provider,amount'],
      ['withdrawals', 'code,playerId,username,provider,amount'],
      ['bank-payments?status=UNMATCHED', 'id,bankReference,billNumber'],
      ['audit?action=deposits.list', 'at,actor,ip,action,object,before,after,outcome'],
    ] as const) {
      const res = await automationRequest(
        t.app,
        'GET',
        `/api/ops/v1/${path}${path.includes('?') ? '&' : '?'}format=csv`,
      );
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      expect(res.body.startsWith(header), path).toBe(true);
    }
    const open = await automationRequest(t.app, 'GET', '/api/ops/v1/deposits?status=OPEN&format=csv');
    const json = await automationRequest(t.app, 'GET', '/api/ops/v1/deposits?status=OPEN&pageSize=100');
    expect(open.body.trim().split('\r\n')).toHaveLength(json.json().total + 1);
  });
});

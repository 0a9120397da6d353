import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows-of';
import { createTestApp, type TestApp } from '../../test/app';
import { waitFor } from '../deposits/deposit-test-helpers';
import { openDepositOf, payDeposit } from '../events/events-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

let t: TestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  support = await createTestStaff(t.app, t.clock, 'support');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Copies of one credited deposit spread over the last 40 days (some outside a 30-day dashboard). */
async function seedDeposits(code: string) {
  await t.app.db.execute(sql`
    INSERT INTO deposits (code, agency_id, player_id, provider, bank_account_id, amount, mid, channel_code,
      receiving_bank, receiving_account, merchant_name, qr_payload, rate_id, rate_sell, credit, bonus, status,
      created_at, expires_at, paid_at, paid_amount, credited_at, closed_at, updated_at)
    SELECT 'X' || i || code, agency_id, player_id, provider, bank_account_id, amount + i * 1000, mid,
      channel_code, receiving_bank, receiving_account, merchant_name, qr_payload, rate_id, rate_sell,
      credit + i * 7, (i % 3) * 100, CASE WHEN i % 5 = 0 THEN 'FAILED' ELSE 'SUCCESS' END,
      created_at - i * interval '22 hours', expires_at, paid_at, paid_amount,
      CASE WHEN i % 5 = 0 THEN NULL ELSE credited_at - i * interval '22 hours' END, closed_at, updated_at
    FROM deposits, generate_series(1, 44) AS i WHERE code = ${code}`);
}

describe('GET /api/ops/v1/dashboard', () => {
  it('equals a direct SQL sum over the seeded deposits, per Lao day and in total; counts the queues', async () => {
    const { p, code } = await openDepositOf(t.app);
    await payDeposit(t.app, p, code);
    await waitFor(async () => {
      const [row] = rowsOf<{ status: string }>(
        await t.app.db.execute(sql`SELECT status FROM deposits WHERE code = ${code}`),
      );
      return row?.status === 'SUCCESS';
    });
    await seedDeposits(code);

    const res = await staffRequest(t.app, support.cookie, 'GET', '/api/ops/v1/dashboard?days=30');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(30);
    expect(body.today).toEqual(body.days[29]);

    const agencyId = await demoAgencyId(t.app.db);
    const now = t.clock.now().toISOString();
    const expected = rowsOf<{ day: string; count: number; lak: string; thb: string; bonus: string }>(
      await t.app.db.execute(sql`
        SELECT to_char(credited_at AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD') AS day, count(*)::int AS count,
          sum(COALESCE(paid_amount, amount))::text AS lak, sum(credit)::text AS thb, sum(bonus)::text AS bonus
        FROM deposits WHERE agency_id = ${agencyId} AND status = 'SUCCESS'
          AND (credited_at AT TIME ZONE 'Asia/Vientiane')::date
            > (${now}::timestamptz AT TIME ZONE 'Asia/Vientiane')::date - 30
        GROUP BY 1`),
    );
    const byDay = new Map(expected.map((r) => [r.day, r]));
    let count = 0;
    let thb = 0n;
    for (const day of body.days) {
      const want = byDay.get(day.date);
      count += want?.count ?? 0;
      thb += BigInt(want?.thb ?? '0');
      expect(day.deposits.count, day.date).toBe(want?.count ?? 0);
      expect(day.deposits.lak, day.date).toBe(want?.lak ?? '0');
      expect(BigInt(day.deposits.thb.replace('.', '')), day.date).toBe(BigInt(want?.thb ?? '0'));
      expect(BigInt(day.bonuses.replace('.', '')), day.date).toBe(BigInt(want?.bonus ?? '0'));
    }
    expect(expected.length).toBeGreaterThan(20);
    expect(body.totals.deposits.count).toBe(count);
    expect(BigInt(body.totals.deposits.thb.replace('.', ''))).toBe(thb);
    expect(body.totals.house).toBe(body.totals.deposits.thb);

    const [queues] = rowsOf<{ failed: number }>(
      await t.app.db.execute(
        sql`SELECT count(*)::int AS failed FROM deposits WHERE agency_id = ${agencyId} AND status = 'FAILED'`,
      ),
    );
    expect(body.queues.depositsFailed).toBe(queues?.failed);
    expect(body.reconciliation).toBeNull();
  });

  it('400 VALIDATION_ERROR for days out of 1..90', async () => {
    const res = await staffRequest(t.app, support.cookie, 'GET', '/api/ops/v1/dashboard?days=91');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ days: 'INVALID' });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fingerprintPayload, registerTestPlayer, type TestApp } from './test/app';

// Finding 3 of issue #13: a failed query's error log line carried its bound parameters (the argon2 hash of a
// new player, a bank account's full number). Here the database refuses a row by a CHECK constraint added for
// the test: any database fault would do, and PostgreSQL's own detail of a CHECK failure is the whole row.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { listen: true, logStream: { write: (line) => lines.push(line) } },
  );
  await t.app.db.execute(
    sql`ALTER TABLE players ADD CONSTRAINT test_fault_players CHECK (display_name <> 'Database Fault')`,
  );
  await t.app.db.execute(
    sql`ALTER TABLE bank_accounts ADD CONSTRAINT test_fault_accounts CHECK (account_name <> 'DATABASE FAULT')`,
  );
});
afterAll(async () => {
  await t?.close();
});

type LogLine = {
  level: number;
  reqId?: string;
  err?: Record<string, unknown> & { cause?: { constraint?: string } };
};
const linesOf = (requestId: unknown): LogLine[] =>
  lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === requestId);

describe('error logs of a failed query', () => {
  it('keep the fault and drop the bound values (register: the password hash)', async () => {
    // Nothing of the display name in it: the password rules would refuse it before the database is reached.
    const password = 'Log-Error-Secret-42';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: { host: 'localhost' },
      payload: {
        username: 'logfault',
        password,
        confirmPassword: password,
        displayName: 'Database Fault',
        acceptTerms: true,
        adultConfirmed: true,
        fingerprint: fingerprintPayload(),
      },
    });
    expect(res.statusCode).toBe(500);
    const logged = linesOf(res.headers['x-request-id']).filter((line) => line.level >= 50);
    expect(logged).toHaveLength(1);
    // Still useful: which constraint of which table refused the row.
    expect(logged[0]?.err?.cause?.constraint).toBe('test_fault_players');
    const text = JSON.stringify(logged);
    expect(text).not.toContain('$argon2id$');
    expect(text).not.toContain('logfault');
    expect(text).not.toContain('params');
    expect(text).not.toContain('Failing row');
    expect(lines.join('\n')).not.toContain(password);
  });

  it('keep the fault and drop the bound values (bank account: the full account number)', async () => {
    const p = await registerTestPlayer(t.app);
    const accountNumber = '207654321098765';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/bank-accounts',
      headers: { host: 'localhost', cookie: p.cookie },
      payload: { bank: 'bcel', accountNumber, accountName: 'DATABASE FAULT', currency: 'LAK', owner: 'SELF' },
    });
    expect(res.statusCode).toBe(500);
    const logged = linesOf(res.headers['x-request-id']).filter((line) => line.level >= 50);
    expect(logged[0]?.err?.cause?.constraint).toBe('test_fault_accounts');
    expect(lines.join('\n')).not.toContain(accountNumber);
  });
});

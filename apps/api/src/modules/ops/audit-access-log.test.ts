import { ACCESS_ACTIONS, AUDIT_ACTIONS } from '@lc/shared/contracts/ops-audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { createTestApp, type TestApp } from '../../test/app';
import { playerWithBankAccount } from '../deposits/deposit-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

// Issue #40 item 8: the audit log lists what staff did; what they looked at (lists, a player's page, a
// report) is kept apart, as the access log (decision 0076).
let t: TestApp;
let support: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  support = await createTestStaff(t.app, t.clock, 'support');
  admin = await createTestStaff(t.app, t.clock, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Entry = { action: string; actor: string; kind: string; outcome: string };
const audit = async (query = '') => {
  const res = await staffRequest(t.app, admin.cookie, 'GET', `/api/ops/v1/audit?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Entry[];
};

describe('the audit log holds actions; page views go to the access log', () => {
  it("a support member's views are in the access log only; an action is in the audit log", async () => {
    const p = await playerWithBankAccount(t.app);
    for (const url of [
      '/api/ops/v1/deposits?status=PAID',
      '/api/ops/v1/withdrawals',
      '/api/ops/v1/promotions',
      `/api/ops/v1/players?query=${p.username}`,
      `/api/ops/v1/players/${p.player.id}`,
      `/api/ops/v1/players/${p.player.id}/ledger`,
    ]) {
      expect((await staffRequest(t.app, support.cookie, 'GET', url)).statusCode, url).toBe(200);
    }
    const note = await staffRequest(
      t.app,
      support.cookie,
      'POST',
      `/api/ops/v1/players/${p.player.id}/notes`,
      {
        text: 'called about a deposit',
      },
    );
    expect(note.statusCode, note.body).toBe(201);
    expect(
      (await staffRequest(t.app, admin.cookie, 'GET', '/api/ops/v1/reports/settlement?date=2026-01-15'))
        .statusCode,
    ).toBe(200);

    const actions = await audit();
    const views = actions.filter((e) => /\.(list|read)$|^reports\./.test(e.action));
    expect(views).toEqual([]);
    expect(actions).toContainEqual(
      expect.objectContaining({ actor: support.username, action: 'player.note', kind: 'action' }),
    );

    const access = await audit('&kind=access');
    expect(access.every((e) => e.kind === 'access')).toBe(true);
    const seen = access.filter((e) => e.actor === support.username).map((e) => e.action);
    expect(seen).toEqual(
      expect.arrayContaining([
        'deposits.list',
        'withdrawals.list',
        'promotions.list',
        'players.list',
        'players.read',
        'player.ledger.read',
      ]),
    );
    expect(access.map((e) => e.action)).toContain('reports.settlement');
    expect(access.map((e) => e.action)).not.toContain('player.note');
  });

  it("the player's own audit tab still shows both, each with its kind", async () => {
    const p = await playerWithBankAccount(t.app);
    await staffRequest(t.app, support.cookie, 'POST', `/api/ops/v1/players/${p.player.id}/notes`, {
      text: 'verified ID',
    });
    const tab = await staffRequest(t.app, support.cookie, 'GET', `/api/ops/v1/players/${p.player.id}/audit`);
    const kinds = (tab.json().items as Entry[]).map((e) => `${e.kind}:${e.action}`);
    expect(kinds).toEqual(expect.arrayContaining(['action:player.note', 'access:player.audit.read']));
  });

  it('every action the API writes is one of the codes the console translates', async () => {
    const written = await t.app.db.selectDistinct({ action: auditLog.action }).from(auditLog);
    const known = new Set<string>([...AUDIT_ACTIONS, ...ACCESS_ACTIONS]);
    const unknown = written
      .map((row) => row.action)
      // Refused requests are recorded under their route (METHOD /path), shown as the route.
      .filter((action) => !known.has(action) && !/^[A-Z]+ \/api\//.test(action));
    expect(unknown).toEqual([]);
  });
});

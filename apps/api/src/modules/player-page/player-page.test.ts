import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { players } from '../../db/schema/players';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';
import {
  fund,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';

let t: TestApp;
let support: TestStaff;
let p: Withdrawer;
let accountNumber: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  support = await createTestStaff(t.app, t.clock, 'support');
  p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', '300.00');
  // The test clock stands still unless moved: a second later, so newest-first has one answer.
  t.clock.advance(1000);
  expect((await withdraw(t.app, p, { credit: '60.00' })).statusCode).toBe(201);
  const [account] = await t.app.db.select().from(bankAccounts).where(eq(bankAccounts.playerId, p.player.id));
  accountNumber = account?.accountNumber ?? '';
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => staffRequest(t.app, support.cookie, 'GET', url);
const page = (part: string, query = '') => get(`/api/ops/v1/players/${p.player.id}/${part}${query}`);

describe("a player's page (support)", () => {
  it('profile with phone and the bank account number masked', async () => {
    await t.app.db.update(players).set({ phone: '+85620 5555 1234' }).where(eq(players.id, p.player.id));
    const res = await get(`/api/ops/v1/players/${p.player.id}`);
    expect(res.statusCode).toBe(200);
    const { player } = res.json();
    expect(player.phone).toBe('+85620 5555 1234');
    expect(player.bankAccount).toMatchObject({
      bank: 'bcel',
      accountNumber: `********${accountNumber.slice(-4)}`,
    });
    expect(res.body).not.toContain(accountNumber);
  });

  it('ledger: transactions newest first with their entries, paged', async () => {
    const res = await page('ledger', '?pageSize=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    // The withdrawal's transfer out came after the funding adjustment.
    expect(body.items[0]).toMatchObject({ kind: 'WITHDRAW', provider: 'gclub' });
    const own = body.items[0].entries.find((e: { isPlayer: boolean }) => e.isPlayer);
    expect(own).toMatchObject({ account: 'PLAYER_PROVIDER', currency: 'THB', amount: '-60.00' });
    const second = (await page('ledger', '?page=2&pageSize=1')).json();
    expect(second.items[0].kind).toBe('ADJUSTMENT');
  });

  it('orders: withdrawals and deposits filtered by player', async () => {
    const list = (await get(`/api/ops/v1/withdrawals?playerId=${p.player.id}`)).json();
    expect(list.total).toBe(1);
    expect(list.items[0].playerId).toBe(p.player.id);
    const other = await registerTestPlayer(t.app);
    expect((await get(`/api/ops/v1/withdrawals?playerId=${other.player.id}`)).json().total).toBe(0);
    expect((await get('/api/ops/v1/withdrawals?playerId=nope')).statusCode).toBe(400);
    expect((await get(`/api/ops/v1/deposits?playerId=${p.player.id}`)).statusCode).toBe(200);
  });

  it('notes: support adds one (audited), listed newest first; empty text refused', async () => {
    const add = (text: unknown) =>
      staffRequest(t.app, support.cookie, 'POST', `/api/ops/v1/players/${p.player.id}/notes`, { text });
    expect((await add('called about a late payout')).statusCode).toBe(201);
    t.clock.advance(1000);
    const second = await add('  verified ID  ');
    expect(second.statusCode).toBe(201);
    expect(second.json().note).toMatchObject({ text: 'verified ID', author: support.username });
    expect((await add('   ')).statusCode).toBe(400);
    const notes = (await page('notes')).json();
    expect(notes.total).toBe(2);
    expect(notes.items.map((n: { text: string }) => n.text)).toEqual([
      'verified ID',
      'called about a late payout',
    ]);
    const audit = (await page('audit', '?pageSize=100')).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toContain('player.note');
    expect(audit.items.every((a: { object: string }) => a.object === `player:${p.player.id}`)).toBe(true);
  });

  it('sessions: listed without tokens, and support ends them all', async () => {
    const list = (await page('sessions')).json();
    expect(list.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(list.sessions[0]).sort()).toEqual([
      'createdAt',
      'id',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);
    const end = await staffRequest(
      t.app,
      support.cookie,
      'POST',
      `/api/ops/v1/players/${p.player.id}/sessions/end`,
      {},
    );
    expect(end.statusCode).toBe(200);
    expect(end.json().ended).toBe(list.sessions.length);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: { cookie: p.cookie },
    });
    expect(info.statusCode).toBe(401);
    expect((await page('sessions')).json().sessions).toEqual([]);
  });

  it('devices with the players sharing them; search by fingerprint, phone and account number', async () => {
    const twin = await registerTestPlayer(t.app, { fingerprint: 'fp-shared-device-01' });
    const me = await registerTestPlayer(t.app, { fingerprint: 'fp-shared-device-01' });
    const devices = (await get(`/api/ops/v1/players/${me.player.id}/devices`)).json().devices;
    const shared = devices.find((d: { hash: string }) => d.hash === 'fp-shared-device-01');
    expect(shared.sharedWith.map((s: { id: string }) => s.id)).toEqual([twin.player.id]);
    const byDevice = (await get('/api/ops/v1/players?fingerprint=fp-shared-device-01')).json();
    expect(byDevice.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [twin.player.id, me.player.id].sort(),
    );
    const spaced = `${accountNumber.slice(0, 4)} ${accountNumber.slice(4, 8)}-${accountNumber.slice(8)}`;
    for (const query of [accountNumber, spaced, '+85620 5555 1234']) {
      const found = (await get(`/api/ops/v1/players?query=${encodeURIComponent(query)}`)).json();
      expect(
        found.items.map((i: { id: string }) => i.id),
        query,
      ).toEqual([p.player.id]);
    }
    // The search is audited without the account number.
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'players.list'))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(row)).not.toContain(accountNumber.slice(0, 8));
  });

  it('promotion usages (none yet) and live balances per provider with a wallet', async () => {
    const usages = (await page('promotion-usages')).json();
    expect(usages).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    const balances = (await page('balances')).json().balances;
    expect(balances).toContainEqual({ provider: 'gclub', amount: '240.00', error: null });
  });

  it("another agency's or an unknown player: 404", async () => {
    const res = await get('/api/ops/v1/players/00000000-0000-4000-8000-000000000000/ledger');
    expect(res.statusCode).toBe(404);
  });
});

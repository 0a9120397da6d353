import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../adapters/providers/member-name';
import { ledgerAccounts } from '../db/schema/ledger';
import { bonusAccount, playerProviderAccount } from '../modules/ledger/account-key';
import { demoAgencyId } from '../modules/ledger/ledger-test-helpers';
import { postTransaction } from '../modules/ledger/post-transaction';
import { createStaffBy, createTestStaff, staffRequest } from '../modules/staff/staff.test-helpers';
import { fund } from '../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, registerTestPlayer, type TestApp } from '../test/app';
import { EXIT } from './command';
import { opsCliOf } from './ops-cli.test-helpers';
import { resolveOpsTarget } from './ops-target';

let t: TestApp;
let ops: ReturnType<typeof opsCliOf>;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  ops = opsCliOf(t.app);
});
afterAll(async () => {
  await t?.close();
});

const creditOf = async (cookie: string, provider: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v2/players/credits/${provider}`, headers: { cookie } })
  ).json().credit.amount;

describe('npm run ops', () => {
  it('--help lists every command; no command is a usage error; so is an unknown one', async () => {
    const help = await ops(['--help']);
    expect(help.code).toBe(EXIT.OK);
    for (const name of ['players list', 'players credit', 'reconciliation', 'rates set']) {
      expect(help.out.join('\n')).toContain(name);
    }
    expect((await ops([])).code).toBe(EXIT.USAGE);
    const unknown = await ops(['deposits', 'fly']);
    expect(unknown.code).toBe(EXIT.USAGE);
    expect(unknown.err[0]).toBe('unknown command: deposits fly');
    const commandHelp = await ops(['players', 'credit', '--help']);
    expect(commandHelp.out[0]).toBe(
      'Usage: npm run ops -- players credit ID --provider P --amount 100.00 --reason TEXT',
    );
  });

  it('players list prints a table of the matching players', async () => {
    const p = await registerTestPlayer(t.app, { username: 'clilist_amy' });
    const { code, out } = await ops(['players', 'list', '--query', 'clilist_']);
    expect(code).toBe(EXIT.OK);
    expect(out[0]).toMatch(/^ID\s+USERNAME\s+DISPLAY NAME\s+CREATED\s+BLOCKED$/);
    expect(out[1]).toContain(p.player.id);
    expect(out[1]).toContain('clilist_amy');
    expect(out[1]).toMatch(/\bno$/);
    expect(out.at(-1)).toBe('1 of 1 players (page 1)');
  });

  it('players credit only asks: nothing moves until a second staff member approves, and mistakes are explained', async () => {
    const p = await registerTestPlayer(t.app);
    // The approver: a finance member an admin made (one the token made may not decide the token's requests).
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const secondAdmin = await createTestStaff(t.app, t.clock, 'admin');
    const finance = await createStaffBy(t.app, t.clock, admin, secondAdmin, 'finance');
    const credit = [
      'players',
      'credit',
      p.player.id,
      '--provider',
      'gclub',
      '--amount',
      '100.00',
      '--reason',
      'welcome',
    ];
    const asked = await ops(credit);
    expect(asked.code).toBe(EXIT.OK);
    const id = /approval (\S+) PENDING/.exec(asked.out[0] ?? '')?.[1] ?? '';
    expect(asked.out[0]).toBe(`requested 100.00 THB for ${p.player.id} at gclub: approval ${id} PENDING`);
    expect(await creditOf(p.cookie, 'gclub')).toBe('0.00');
    // The token that asked can never approve; a finance member can, and then it is booked once.
    const byToken = await t.app.inject({
      method: 'POST',
      url: `/api/ops/v1/approvals/${id}/approve`,
      headers: { authorization: `Bearer ${t.app.opsToken.token}` },
      payload: {},
    });
    expect(byToken.json().error.code).toBe('AUTOMATION_CANNOT_APPROVE');
    const approved = await staffRequest(
      t.app,
      finance.cookie,
      'POST',
      `/api/ops/v1/approvals/${id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await creditOf(p.cookie, 'gclub')).toBe('100.00');

    const missing = await ops(['players', 'credit', p.player.id, '--provider', 'gclub']);
    expect(missing.code).toBe(EXIT.USAGE);
    expect(missing.err[0]).toBe('players credit: --amount is required');
    const noReason = await ops(['players', 'credit', p.player.id, '--provider', 'gclub', '--amount', '1.00']);
    expect(noReason.code).toBe(EXIT.USAGE);
    expect(noReason.err[0]).toBe('players credit: --reason is required');
    const unknown = await ops([
      'players',
      'credit',
      p.player.id,
      '--provider',
      'pgslot',
      '--amount',
      '1.00',
      '--reason',
      'x',
    ]);
    expect(unknown.code).toBe(EXIT.FAILED);
    expect(unknown.err[0]).toMatch(/^error 400 UNKNOWN_PROVIDER: /);
    const bad = await ops([
      'players',
      'credit',
      p.player.id,
      '--provider',
      'gclub',
      '--amount',
      '1,000',
      '--reason',
      'x',
    ]);
    expect(bad.err[0]).toBe('error 400 VALIDATION_ERROR: Invalid request (amount: INVALID_FORMAT)');
    expect(await creditOf(p.cookie, 'gclub')).toBe('100.00');
  });

  it('reconciliation prints a table and `differences: N`, exiting 1 when N > 0', async () => {
    const clean = await ops(['reconciliation']);
    expect(clean.code).toBe(EXIT.OK);
    expect(clean.out[0]).toMatch(
      /^PLAYER\s+PROVIDER\s+LEDGER\s+IN\s+OUT\s+DIFFERENCE\s+BALANCE\s+GAME NET\s+STATUS$/,
    );
    expect(clean.out.at(-1)).toBe('differences: 0');
    // The agency's own accounts: ops credits came from the house; no bonus given, nothing waiting for payout.
    expect(clean.out.slice(-4, -1)).toEqual([
      expect.stringMatching(/^house: -\d+\.\d\d$/),
      'bonuses given: 0.00',
      'payouts owed: 0.00',
    ]);

    // A cached balance that drifted from its entries breaks the zero sum, and the cached-balance check of
    // every run names the account: flagged, exit 1. One row of the house account drifts (it may have several).
    const [houseRow] = await t.app.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'HOUSE'))
      .limit(1);
    const drift = (satang: bigint) =>
      t.app.db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${satang}` })
        .where(eq(ledgerAccounts.id, houseRow?.id as string));
    await drift(1n);
    const unbalanced = await ops(['reconciliation']);
    await drift(-1n);
    expect(unbalanced.code).toBe(EXIT.FAILED);
    expect(unbalanced.out.slice(-2)).toEqual(['ledger sum: 0.01 (must be 0.00)', 'differences: 1']);
    expect(unbalanced.out).toContainEqual(
      expect.stringMatching(/^HOUSE THB: cached balance -\d+\.\d\d, entries sum to -\d+\.\d\d$/),
    );
    expect((await ops(['reconciliation'])).code).toBe(EXIT.OK);

    // A promotion bonus as the engine books it (bonus account → player), also moved at the provider.
    const fan = await registerTestPlayer(t.app);
    await creditOf(fan.cookie, 'gclub'); // opens the provider wallet
    const fanMember = providerMemberOf('demo', fan.player.id);
    expect(
      (await t.app.providers.deploymentDefault('gclub').transfer(fanMember, 'in', 12_34n, 'cli-bonus'))
        .status,
    ).toBe('applied');
    const agencyId = await demoAgencyId(t.app.db);
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'BONUS',
        reference: 'cli-bonus',
        playerId: fan.player.id,
        provider: 'gclub',
        at: t.clock.now(),
        entries: [
          { account: bonusAccount('THB'), amount: -12_34n },
          { account: playerProviderAccount(fan.player.id, 'gclub'), amount: 12_34n },
        ],
      }),
    );
    const withBonus = await ops(['reconciliation']);
    expect(withBonus.code).toBe(EXIT.OK);
    expect(withBonus.out).toContain('bonuses given: 12.34');

    const p = await registerTestPlayer(t.app, { username: 'clirecon_bob' });
    await fund(t.app, p, 'betflix', '10.00');
    const member = providerMemberOf('demo', p.player.id);
    const raw = await t.app.providers
      .deploymentDefault('betflix')
      .transfer(member, 'in', 1_00n, 'raw-cli-test');
    expect(raw.status).toBe('applied');

    const flagged = await ops(['reconciliation']);
    expect(flagged.code).toBe(EXIT.FAILED);
    const row = flagged.out.find((line) => line.startsWith('clirecon_bob'));
    expect(row?.split(/\s+/)).toEqual([
      'clirecon_bob',
      'betflix',
      '10.00',
      '11.00',
      '0.00',
      '-1.00',
      '11.00',
      '0.00',
      'DIFFERENCE',
    ]);
    expect(flagged.out.at(-1)).toBe('differences: 1');
  });

  it('rates set changes the rate players see', async () => {
    const set = await ops(['rates', 'set', 'THB', '--buy', '625.25', '--sell', '640.50']);
    expect(set.code).toBe(EXIT.OK);
    expect(set.out[0]).toMatch(/^THB: buy 625\.25, sell 640\.50 LAK/);
    const rates = (await t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates' })).json().rates;
    expect(rates).toContainEqual({ currency: 'THB', buy: '625.25', sell: '640.50' });
    const wrong = await ops(['rates', 'set', 'THB', '--buy', '650', '--sell', '640.50']);
    expect(wrong.code).toBe(EXIT.FAILED);
    expect(wrong.err[0]).toContain('VALIDATION_ERROR');
  });

  it('says so when the token is refused or the server cannot be reached', async () => {
    const refused = await ops(['reconciliation'], { OPS_TOKEN: 'not-the-token-0123456789' });
    expect(refused.code).toBe(EXIT.FAILED);
    expect(refused.err).toEqual([
      'error 401 UNAUTHORIZED: Ops token required',
      'the server refused the ops token: check OPS_TOKEN or DATA_DIR/ops-token',
    ]);
    const down = await ops(['reconciliation'], { OPS_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(EXIT.FAILED);
    expect(down.err[0]).toMatch(/^cannot reach the API at http:\/\/127\.0\.0\.1:9 /);
  });
});

describe('resolveOpsTarget', () => {
  it('takes OPS_URL and OPS_TOKEN, else PORT and the token file in DATA_DIR', () => {
    expect(resolveOpsTarget({ OPS_URL: 'https://ops.example', OPS_TOKEN: 'tok' })).toEqual({
      baseUrl: 'https://ops.example',
      token: 'tok',
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'ops-cli-'));
    writeFileSync(path.join(dir, 'ops-token'), 'from-file\n');
    expect(resolveOpsTarget({ DATA_DIR: dir, PORT: '4100' })).toEqual({
      baseUrl: 'http://127.0.0.1:4100',
      token: 'from-file',
    });
    expect(resolveOpsTarget({ DATA_DIR: dir }).baseUrl).toBe('http://127.0.0.1:3000');
    expect(() => resolveOpsTarget({ DATA_DIR: path.join(dir, 'missing') })).toThrow(/no ops token/);
  });
});

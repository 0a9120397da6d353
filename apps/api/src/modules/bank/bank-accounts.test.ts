import { randomInt } from 'node:crypto';
import { BANKS } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDirectory } from '../../adapters/payments/bank-directory';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { type PlayerRow, players } from '../../db/schema/players';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { findOwnBankAccount } from './bank-accounts-repository';
import { createBankAccount } from './create-bank-account';

// Listening: the bank directory is this process's sandbox bank, reached over real, signed HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/v2/players/bank-accounts';

/** A fresh 12-digit personal account number (starts 1–8, so never a 000/998/999 special). */
const newNumber = (prefix = String(randomInt(1, 9))) =>
  prefix + String(randomInt(0, 10 ** 9)).padStart(12 - prefix.length, '0');

const body = (overrides: Record<string, unknown> = {}) => ({
  bank: 'bcel',
  accountNumber: newNumber(),
  accountName: 'SOMCHAI PHOMMAVONG',
  currency: 'LAK',
  owner: 'SELF',
  ...overrides,
});

const create = (p: SignedInPlayer | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: URL, headers: p ? { cookie: p.cookie } : {}, payload });
const list = (p?: SignedInPlayer) =>
  t.app.inject({ method: 'GET', url: URL, headers: p ? { cookie: p.cookie } : {} });
const errorOf = (res: { json: () => { error: { code: string; fields?: Record<string, string> } } }) =>
  res.json().error;

describe('GET /api/v2/banks', () => {
  it('lists the six accepted banks with their names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/banks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      banks: [
        { code: 'bcel', name: 'BCEL — Banque pour le Commerce Extérieur Lao' },
        { code: 'jdb', name: 'Joint Development Bank' },
        { code: 'ldb', name: 'Lao Development Bank' },
        { code: 'indochina', name: 'Indochina Bank' },
        { code: 'kasikam', name: 'Kasikornbank Lao' },
        { code: 'lvb', name: 'Lao-Viet Bank' },
      ],
    });
  });

  it('answers 404 AGENCY_NOT_FOUND on an unknown host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/banks',
      headers: { host: 'nobody.example' },
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('AGENCY_NOT_FOUND');
  });
});

describe('POST /api/v2/players/bank-accounts', () => {
  it('adds the account (201), masks the number and lists it in bank-accounts and players/info', async () => {
    const p = await registerTestPlayer(t.app);
    const number = newNumber();
    // Spaces and dashes are how people copy numbers from their bank app.
    const spaced = `${number.slice(0, 3)}-${number.slice(3, 7)} ${number.slice(7)}`;
    const res = await create(
      p,
      body({ bank: 'ldb', accountNumber: spaced, accountName: '  Noy Sisavath ', owner: 'FAMILY' }),
    );
    expect(res.statusCode).toBe(201);
    const account = res.json().bankAccount;
    expect(account).toEqual({
      id: expect.any(String),
      bank: 'ldb',
      accountNumber: `********${number.slice(-4)}`,
      accountName: 'Noy Sisavath',
      currency: 'LAK',
      owner: 'FAMILY',
      createdAt: t.clock.now().toISOString(),
    });
    expect(res.body).not.toContain(number);

    const listed = await list(p);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ playerAccounts: [account] });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: { cookie: p.cookie },
    });
    expect(info.json().bankAccounts).toEqual([account]);

    // Stored normalized: the in-use check compares digits, whatever grouping was typed.
    const [row] = await t.app.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    expect(row?.accountNumber).toBe(number);
  });

  it('answers 401 without a session, for GET and POST', async () => {
    expect((await list()).statusCode).toBe(401);
    const res = await create(undefined, body());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
  });

  it('never shows a player the accounts of another', async () => {
    const a = await registerTestPlayer(t.app);
    const b = await registerTestPlayer(t.app);
    expect((await create(a, body())).statusCode).toBe(201);
    expect((await list(b)).json()).toEqual({ playerAccounts: [] });
    expect((await list(a)).json().playerAccounts).toHaveLength(1);
  });

  it.each([
    ['a short number', { accountNumber: '123456789' }, { accountNumber: 'TOO_SHORT' }],
    ['a long number', { accountNumber: '1234567890123456789' }, { accountNumber: 'TOO_LONG' }],
    ['letters', { accountNumber: '12345ABC901' }, { accountNumber: 'INVALID_FORMAT' }],
    ['an empty number', { accountNumber: ' - ' }, { accountNumber: 'REQUIRED' }],
    ['currency USD', { currency: 'USD' }, { currency: 'INVALID' }],
    ['no currency', { currency: undefined }, { currency: 'REQUIRED' }],
    ['no owner', { owner: undefined }, { owner: 'REQUIRED' }],
    ['another owner', { owner: 'FRIEND' }, { owner: 'INVALID' }],
    ['an unknown bank', { bank: 'scb' }, { bank: 'INVALID' }],
    ['no bank', { bank: undefined }, { bank: 'REQUIRED' }],
    ['a blank name', { accountName: '   ' }, { accountName: 'REQUIRED' }],
    ['a 101-character name', { accountName: 'N'.repeat(101) }, { accountName: 'TOO_LONG' }],
    ['a number as a JSON number', { accountNumber: 1234567890 }, { accountNumber: 'INVALID' }],
  ])('refuses %s with 400 VALIDATION_ERROR and the field', async (_name, overrides, fields) => {
    const p = await registerTestPlayer(t.app);
    const res = await create(p, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    expect((await list(p)).json().playerAccounts).toEqual([]);
  });

  it('accepts 10 and 18 digits', async () => {
    for (const accountNumber of [newNumber().slice(0, 10), `${newNumber()}123456`]) {
      const p = await registerTestPlayer(t.app);
      expect((await create(p, body({ accountNumber }))).statusCode, accountNumber).toBe(201);
    }
  });

  it('answers 409 BANK_ACCOUNT_EXISTS when the player already has one, before asking the bank', async () => {
    const p = await registerTestPlayer(t.app);
    expect((await create(p, body())).statusCode).toBe(201);
    for (const accountNumber of [newNumber(), newNumber('000')]) {
      const res = await create(p, body({ bank: 'jdb', accountNumber }));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('BANK_ACCOUNT_EXISTS');
    }
    expect((await list(p)).json().playerAccounts).toHaveLength(1);
  });

  it.each([
    ['000', 400, 'ACCOUNT_NOT_FOUND'],
    ['999', 400, 'ACCOUNT_NOT_ALLOWED'], // an e-wallet
    ['998', 400, 'ACCOUNT_NOT_ALLOWED'], // a simulated account
  ])(
    'refuses a directory %s… number with %i %s, and a personal one still works',
    async (prefix, status, code) => {
      const p = await registerTestPlayer(t.app);
      const res = await create(p, body({ accountNumber: newNumber(prefix) }));
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).code).toBe(code);
      expect((await list(p)).json().playerAccounts).toEqual([]);
      expect((await create(p, body())).statusCode).toBe(201);
    },
  );

  it('answers 409 ACCOUNT_IN_USED when another player of the agency holds the same bank and number', async () => {
    const a = await registerTestPlayer(t.app);
    const b = await registerTestPlayer(t.app);
    const number = newNumber();
    expect((await create(a, body({ bank: 'lvb', accountNumber: number }))).statusCode).toBe(201);
    const grouped = `${number.slice(0, 4)} ${number.slice(4)}`;
    const res = await create(b, body({ bank: 'lvb', accountNumber: grouped, accountName: 'SOMEONE ELSE' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'ACCOUNT_IN_USED',
      message: 'This account is already used in the system, contact staff',
    });
    // The same digits at another bank are another account.
    expect((await create(b, body({ bank: 'indochina', accountNumber: number }))).statusCode).toBe(201);
  });

  it('settles a parallel double submit with one 201 and one 409 BANK_ACCOUNT_EXISTS', async () => {
    const p = await registerTestPlayer(t.app);
    const payload = body({ bank: 'kasikam' });
    const results = await Promise.all([create(p, payload), create(p, payload)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(results.map((r) => (r.statusCode === 409 ? errorOf(r).code : null)).filter(Boolean)).toEqual([
      'BANK_ACCOUNT_EXISTS',
    ]);
    expect((await list(p)).json().playerAccounts).toHaveLength(1);
  });

  it('lets only one of many players racing for one number have it', async () => {
    const racers = await Promise.all([1, 2, 3, 4].map(() => registerTestPlayer(t.app)));
    const payload = body({ bank: 'jdb' });
    const results = await Promise.all(racers.map((p) => create(p, payload)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(errorOf(r).code).toBe('ACCOUNT_IN_USED');
    }
  });
});

describe('createBankAccount under a race the checks cannot see', () => {
  // A request that passed every check loses at the insert to a rival committed just before it: the unique
  // constraints are the real guard, and the answer must still name the right reason.
  const personal: BankDirectory = { lookupAccount: async () => ({ status: 'PERSONAL', accountName: null }) };
  const deps = () => ({
    db: t.app.db,
    directory: personal,
    now: t.clock.now(),
    log: t.app.log,
    acceptedBanks: BANKS,
  });

  async function playerRow(p: SignedInPlayer): Promise<PlayerRow> {
    const [row] = await t.app.db.select().from(players).where(eq(players.id, p.player.id));
    if (!row) throw new Error('player missing');
    return row;
  }

  /** `db` whose next bank-account insert runs `rival` first. */
  function dbWithRival(rival: () => Promise<unknown>): Db {
    const db = t.app.db;
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'insert') return Reflect.get(target, prop, receiver);
        return (table: typeof bankAccounts) => ({
          values: (values: typeof bankAccounts.$inferInsert) => ({
            returning: async () => {
              await rival();
              return target.insert(table).values(values).returning();
            },
          }),
        });
      },
    });
  }

  const rivalRow =
    (player: PlayerRow, accountNumber: string, bank = 'bcel') =>
    () =>
      t.app.db.insert(bankAccounts).values({
        playerId: player.id,
        agencyId: player.agencyId,
        bank,
        accountNumber,
        accountName: 'RIVAL',
        owner: 'SELF',
        createdAt: t.clock.now(),
      });

  const attempt = (db: Db, player: PlayerRow, accountNumber: string) =>
    createBankAccount({ ...deps(), db, directory: personal }, player, {
      bank: 'bcel',
      accountNumber,
      accountName: 'ME',
      currency: 'LAK',
      owner: 'SELF',
    });

  it.each([
    ['the same player, another number', 'self', 'other', 'BANK_ACCOUNT_EXISTS'],
    ['the same player, the same number (both constraints)', 'self', 'same', 'BANK_ACCOUNT_EXISTS'],
    ['another player, the same number', 'other', 'same', 'ACCOUNT_IN_USED'],
  ])('rival: %s (%s player, %s number) → 409 %s', async (_name, whose, which, code) => {
    const me = await playerRow(await registerTestPlayer(t.app));
    const other = await playerRow(await registerTestPlayer(t.app));
    const number = newNumber();
    const rival = rivalRow(whose === 'self' ? me : other, which === 'same' ? number : newNumber());
    await expect(attempt(dbWithRival(rival), me, number)).rejects.toMatchObject({ status: 409, code });
  });

  it('answers 503 BANK_UNAVAILABLE when the directory cannot answer', async () => {
    const { BankUnavailableError } = await import('../../adapters/payments/bank-directory');
    const down: BankDirectory = {
      lookupAccount: async () => {
        throw new BankUnavailableError('timeout');
      },
    };
    const me = await playerRow(await registerTestPlayer(t.app));
    await expect(
      createBankAccount({ ...deps(), directory: down }, me, {
        bank: 'bcel',
        accountNumber: newNumber(),
        accountName: 'ME',
        currency: 'LAK',
        owner: 'SELF',
      }),
    ).rejects.toMatchObject({ status: 503, code: 'BANK_UNAVAILABLE' });
  });
});

describe('findOwnBankAccount (what deposits and withdrawals use for bankAccountId)', () => {
  it("finds the player's own account only", async () => {
    const a = await registerTestPlayer(t.app);
    const b = await registerTestPlayer(t.app);
    const id = (await create(a, body())).json().bankAccount.id;
    expect(await findOwnBankAccount(t.app.db, a.player.id, id)).toMatchObject({ id, playerId: a.player.id });
    expect(await findOwnBankAccount(t.app.db, b.player.id, id)).toBeNull();
    expect(await findOwnBankAccount(t.app.db, a.player.id, 'not-a-uuid')).toBeNull();
  });
});

describe('sandbox bank directory', () => {
  it('refuses unsigned or wrongly signed look-ups with 401', async () => {
    const url = '/sandbox/bank/accounts/bcel/1234567890';
    const unsigned = await t.app.inject({ method: 'GET', url });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    const forged = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-timestamp': String(t.clock.now().getTime()), 'x-signature': 'ab'.repeat(32) },
    });
    expect(forged.statusCode).toBe(401);
  });
});

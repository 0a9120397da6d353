import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { type FakeBankGateway, PERSONAL_REPLY, startFakeBankGateway } from '../../test/fake-bank-gateway';

const URL = '/api/v2/players/bank-accounts';
const newNumber = (prefix = '5') => prefix + String(randomInt(0, 10 ** 11)).padStart(11, '0');
const body = (accountNumber: string) => ({
  bank: 'bcel',
  accountNumber,
  accountName: 'KHAMLA VONGSA',
  currency: 'LAK',
  owner: 'SELF',
});

describe('with a real bank gateway (BANK_URL, BANK_KEY)', () => {
  let gateway: FakeBankGateway;
  let t: TestApp;
  beforeAll(async () => {
    gateway = await startFakeBankGateway();
    // Not listening: with BANK_URL set nothing may depend on the sandbox bank of this process.
    t = await createTestApp({ BANK_URL: gateway.url, BANK_KEY: gateway.key });
    gateway.now = () => t.clock.now().getTime();
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });
  beforeEach(() => {
    gateway.requests.length = 0;
    gateway.reply = () => PERSONAL_REPLY;
  });

  it('asks the gateway with a signed request and keeps the name the bank gives', async () => {
    const p = await registerTestPlayer(t.app);
    const number = newNumber();
    gateway.reply = () => ({
      status: 200,
      body: { status: 'PERSONAL', accountName: 'KHAMLA VONGSA PHOMMA' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: p.cookie },
      payload: body(number),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bankAccount.accountName).toBe('KHAMLA VONGSA PHOMMA');
    expect(gateway.requests).toEqual([
      { method: 'GET', path: `/gw/accounts/bcel/${number}`, isSigned: true },
    ]);
  });

  it('answers the gateway statuses with the same codes as the sandbox', async () => {
    const p = await registerTestPlayer(t.app);
    for (const [status, code] of [
      ['NOT_FOUND', 'ACCOUNT_NOT_FOUND'],
      ['WALLET', 'ACCOUNT_NOT_ALLOWED'],
      ['SIMULATED', 'ACCOUNT_NOT_ALLOWED'],
    ] as const) {
      gateway.reply = () => ({ status: 200, body: { status, accountName: null } });
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { cookie: p.cookie },
        payload: body(newNumber()),
      });
      expect(res.statusCode, status).toBe(400);
      expect(res.json().error.code, status).toBe(code);
    }
  });

  it('answers 503 BANK_UNAVAILABLE when the gateway fails, and stores nothing', async () => {
    const p = await registerTestPlayer(t.app);
    gateway.reply = () => ({ status: 502, body: { code: 'UPSTREAM' } });
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: p.cookie },
      payload: body(newNumber()),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('BANK_UNAVAILABLE');
    expect(gateway.requests).toHaveLength(2); // a look-up is safe to repeat once
    const listed = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: p.cookie } });
    expect(listed.json().playerAccounts).toEqual([]);
  });
});

describe('logs', () => {
  const lines: string[] = [];
  let app: App;
  beforeAll(async () => {
    // PGlite only: this checks log output. Listening, so the sandbox bank is called over HTTP and its own
    // request lines (whose URL holds the number) would show up if they were logged.
    app = await buildApp(
      loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', SANDBOX: 'true' }),
      { logStream: { write: (line) => lines.push(line) } },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('record bank account events without the full account number', async () => {
    const p = await registerTestPlayer(app);
    const p2 = await registerTestPlayer(app);
    const kept = newNumber();
    const refused = newNumber('999');
    const ok = await app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: p.cookie },
      payload: body(kept),
    });
    expect(ok.statusCode).toBe(201);
    const no = await app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: p2.cookie },
      payload: body(refused),
    });
    expect(no.statusCode).toBe(400);

    const events = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'bank.account.create');
    expect(events).toEqual([
      expect.objectContaining({ playerId: p.player.id, bank: 'bcel', account: `********${kept.slice(-4)}` }),
    ]);
    const log = lines.join('\n');
    expect(log).not.toContain(kept);
    expect(log).not.toContain(refused);
  });
});

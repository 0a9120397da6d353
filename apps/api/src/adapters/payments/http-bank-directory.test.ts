import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBankGateway, PERSONAL_REPLY, startFakeBankGateway } from '../../test/fake-bank-gateway';
import { BankUnavailableError } from './bank-directory';
import { HttpBankClient } from './http-bank-client';
import { HttpBankDirectory } from './http-bank-directory';

let gateway: FakeBankGateway;
beforeAll(async () => {
  gateway = await startFakeBankGateway();
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(() => {
  gateway.requests.length = 0;
  gateway.reply = () => PERSONAL_REPLY;
});

const directory = (options: { key?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new HttpBankDirectory(
    new HttpBankClient({
      baseUrl: options.baseUrl ?? gateway.url,
      key: options.key ?? gateway.key,
      timeoutMs: options.timeoutMs ?? 2000,
    }),
  );

describe('HttpBankDirectory', () => {
  it('sends a signed GET /accounts/{bank}/{number} and answers the status and name', async () => {
    gateway.reply = () => ({ status: 200, body: { status: 'WALLET', accountName: 'MMONEY WALLET' } });
    await expect(directory().lookupAccount('ldb', '9991234567')).resolves.toEqual({
      status: 'WALLET',
      accountName: 'MMONEY WALLET',
    });
    expect(gateway.requests).toEqual([
      { method: 'GET', path: '/gw/accounts/ldb/9991234567', isSigned: true },
    ]);
  });

  it('reads the base URL and key at call time (the sandbox port is known only after listen)', async () => {
    let baseUrl = 'http://127.0.0.1:1/nowhere';
    const lazy = new HttpBankDirectory(
      new HttpBankClient({ baseUrl: () => baseUrl, key: () => gateway.key }),
    );
    baseUrl = gateway.url;
    await expect(lazy.lookupAccount('bcel', '1234567890')).resolves.toMatchObject({ status: 'PERSONAL' });
  });

  it('fails as BankUnavailableError when the gateway refuses the signature, without retrying a 4xx', async () => {
    await expect(
      directory({ key: 'another-key-0123456789' }).lookupAccount('bcel', '1234567890'),
    ).rejects.toThrow(BankUnavailableError);
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.isSigned).toBe(false);
  });

  it('retries a 5xx once, then fails as BankUnavailableError', async () => {
    gateway.reply = () => ({ status: 500, body: { code: 'DOWN' } });
    await expect(directory().lookupAccount('bcel', '1234567890')).rejects.toThrow(BankUnavailableError);
    expect(gateway.requests).toHaveLength(2);
  });

  it('recovers when the retry succeeds', async () => {
    let calls = 0;
    gateway.reply = () => (++calls === 1 ? { status: 503, body: {} } : PERSONAL_REPLY);
    await expect(directory().lookupAccount('jdb', '1234567890')).resolves.toMatchObject({
      status: 'PERSONAL',
    });
  });

  it('treats a timeout, a refused connection and an unknown answer as unavailable', async () => {
    gateway.reply = () => 'hang';
    await expect(directory({ timeoutMs: 100 }).lookupAccount('bcel', '1234567890')).rejects.toThrow(
      BankUnavailableError,
    );
    await expect(
      directory({ baseUrl: 'http://127.0.0.1:1' }).lookupAccount('bcel', '1234567890'),
    ).rejects.toThrow(BankUnavailableError);
    // A 404 page or a new status must never be read as "no such account".
    for (const body of [{ error: { code: 'NOT_FOUND' } }, { status: 'CLOSED', accountName: null }, 'oops']) {
      gateway.reply = () => ({ status: 200, body });
      await expect(directory().lookupAccount('bcel', '1234567890'), JSON.stringify(body)).rejects.toThrow(
        BankUnavailableError,
      );
    }
    gateway.reply = () => ({ status: 404, body: { status: 'NOT_FOUND', accountName: null } });
    await expect(directory().lookupAccount('bcel', '1234567890')).rejects.toThrow(BankUnavailableError);
  });
});

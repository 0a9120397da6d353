import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorSignature } from '../../adapters/providers/fundtransfer-names';
import { selfBaseUrl } from '../../adapters/self-url';
import { createTestApp, type TestApp } from '../../test/app';
import {
  FUNDTRANSFER_API_PATH,
  FUNDTRANSFER_LOG_PATH,
  SANDBOX_OPERATOR_CODE,
  sandboxOperatorSecret,
} from './sandbox-operator';

// The sandbox aggregator speaks the aggregator's shape (decision 0071): GET calls signed with MD5 of each
// call's fields, answers `{errCode, errMsg, …}` in a 200 with its own codes, amounts as JSON numbers the way
// it writes them, and the sandboxes' fault injection in front of its money calls.

let t: TestApp;
let secret: string;
const op = SANDBOX_OPERATOR_CODE;
const product = 'XG';
const password = 'AbCdEfGhIjKl';
let counter = 0;
const newUsername = () =>
  `lcsb${String(Date.now() % 1e6).padStart(6, '0')}${(counter++ % 100).toString().padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  secret = sandboxOperatorSecret(t.app);
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

async function call(path: string, query: Record<string, string>, base = FUNDTRANSFER_API_PATH) {
  const res = await t.app.inject({ method: 'GET', url: `${base}/${path}?${new URLSearchParams(query)}` });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
}

const balance = (username: string) =>
  call('getBalance.aspx', {
    operatorcode: op,
    providercode: product,
    username,
    password,
    signature: aggregatorSignature(op, password, product, username, secret),
  });

function transfer(username: string, referenceid: string, type: string, amount: string) {
  return call('makeTransfer.aspx', {
    operatorcode: op,
    providercode: product,
    username,
    password,
    referenceid,
    type,
    amount,
    signature: aggregatorSignature(amount, op, password, product, referenceid, type, username, secret),
  });
}

const checkTransaction = (referenceid: string) =>
  call(
    'checkTransaction.ashx',
    { operatorcode: op, referenceid, signature: aggregatorSignature(op, secret) },
    FUNDTRANSFER_LOG_PATH,
  );

describe('sandbox aggregator', () => {
  it('answers its codes in a 200, amounts as the numbers it writes', async () => {
    const username = newUsername();
    const first = await balance(username);
    expect(first).toMatchObject({ status: 200, text: '{"errCode":"0","errMsg":"SUCCESS","balance":0.0}' });
    expect(first.type).toMatch(/application\/json/);
    expect((await transfer(username, 'SBXREF1A', '0', '500.10')).text).toBe(
      '{"errCode":"0","errMsg":"SUCCESS"}',
    );
    expect((await balance(username)).text).toBe('{"errCode":"0","errMsg":"SUCCESS","balance":500.1}');
    expect((await transfer(username, 'SBXREF1B', '1', '54.00')).text).toContain('"errCode":"0"');
    expect((await balance(username)).text).toContain('"balance":446.1}');
  });

  it('refuses what its document refuses, with its codes', async () => {
    const username = newUsername();
    await transfer(username, 'SBXREF2A', '0', '10.00');
    const codeOf = async (answer: Promise<{ text: string }>) => JSON.parse((await answer).text).errCode;
    expect(await codeOf(transfer(username, 'SBXREF2B', '1', '10.01'))).toBe('72');
    expect(await codeOf(transfer(username, 'SBXREF2C', '0', '1.005'))).toBe('74');
    expect(await codeOf(transfer(username, 'SBXREF2D', '0', '0.00'))).toBe('73');
    expect(await codeOf(transfer(username, 'SBXREF2E', '2', '1.00'))).toBe('90');
    expect(await codeOf(transfer(username, 'SBX-REF:2F', '0', '1.00'))).toBe('71');
    // Signed with another secret, by another operator, for another product, or a name it does not take.
    expect(
      await codeOf(
        call('getBalance.aspx', {
          operatorcode: op,
          providercode: product,
          username,
          password,
          signature: aggregatorSignature(op, password, product, username, 'not-the-secret'),
        }),
      ),
    ).toBe('99');
    expect(
      await codeOf(
        call('getBalance.aspx', {
          operatorcode: 'other',
          providercode: product,
          username,
          password,
          signature: aggregatorSignature('other', password, product, username, secret),
        }),
      ),
    ).toBe('91');
    expect(
      await codeOf(
        call('getBalance.aspx', {
          operatorcode: op,
          providercode: 'ZZ',
          username,
          password,
          signature: aggregatorSignature(op, password, 'ZZ', username, secret),
        }),
      ),
    ).toBe('92');
    expect(await codeOf(balance('Upper_Case'))).toBe('94');
    expect(await codeOf(call('getBalance.aspx', { operatorcode: op }))).toBe('90');
    expect((await balance(username)).text).toContain('"balance":10.0}');
  });

  it('applies a reference id once: a repeat answers success and moves nothing, another transfer is 71', async () => {
    const username = newUsername();
    expect((await transfer(username, 'SBXREF3A', '0', '20.00')).text).toContain('"errCode":"0"');
    expect((await transfer(username, 'SBXREF3A', '0', '20.00')).text).toContain('"errCode":"0"');
    expect((await transfer(username, 'SBXREF3A', '0', '21.00')).text).toContain('"errCode":"71"');
    expect((await transfer(newUsername(), 'SBXREF3A', '0', '20.00')).text).toContain('"errCode":"71"');
    expect((await balance(username)).text).toContain('"balance":20.0}');
  });

  it('checkTransaction on its LOG_URL: the record by reference id, -987 when it holds none', async () => {
    const username = newUsername();
    await transfer(username, 'SBXREF4A', '0', '500.10');
    const found = JSON.parse((await checkTransaction('SBXREF4A')).text);
    expect(found).toMatchObject({
      errCode: '0',
      data: { username, type: '0', provider: product, ref_id: 'SBXREF4A', status: 'SUCCESS', operator: op },
    });
    expect((await checkTransaction('SBXREF4A')).text).toContain('"amount":500.1,');
    expect(JSON.parse((await checkTransaction('SBXNEVER')).text)).toEqual({
      errCode: '-987',
      errMsg: 'RECORD_NOT_FOUND',
    });
    // Not on the API_URL.
    expect((await call('checkTransaction.ashx', { operatorcode: op })).status).toBe(404);
  });

  it('createMember: 0 for a new name, 82 once the member is known', async () => {
    const username = newUsername();
    const create = () =>
      call('createMember.aspx', {
        operatorcode: op,
        username,
        signature: aggregatorSignature(op, username, secret),
      });
    expect((await create()).text).toBe('{"errCode":"0","errMsg":"SUCCESS"}');
    await balance(username);
    expect((await create()).text).toBe('{"errCode":"82","errMsg":"MEMBER_EXISTED"}');
  });

  it('faults: an error page before anything is done, or the work done and the answer dropped', async () => {
    const username = newUsername();
    t.app.sandboxFaults.forceNext('providers', 'error');
    const failed = await transfer(username, 'SBXREF5A', '0', '5.00');
    expect(failed.status).toBe(503);
    expect(failed.type).toMatch(/text\/html/);
    expect((await checkTransaction('SBXREF5A')).text).toContain('"errCode":"-987"');
    t.app.sandboxFaults.forceNext('providers', 'lost');
    // Over the network: the connection is cut without an answer.
    const query = new URLSearchParams({
      operatorcode: op,
      providercode: product,
      username,
      password,
      referenceid: 'SBXREF5B',
      type: '0',
      amount: '5.00',
      signature: aggregatorSignature('5.00', op, password, product, 'SBXREF5B', '0', username, secret),
    });
    await expect(
      fetch(`${selfBaseUrl(t.app)}${FUNDTRANSFER_API_PATH}/makeTransfer.aspx?${query}`),
    ).rejects.toThrow();
    expect((await checkTransaction('SBXREF5B')).text).toContain('"status":"SUCCESS"');
    expect((await balance(username)).text).toContain('"balance":5.0}');
  });
});

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusalError } from '../../modules/withdrawals/refusal-error';
import {
  aggregatorPasswordOf,
  aggregatorReferenceOf,
  aggregatorSignature,
  aggregatorUsernameOf,
} from './fundtransfer-names';
import { FundTransferProvider } from './fundtransfer-provider';
import { type ProviderMember, ProviderUnavailableError, type TransferOutcome } from './game-provider';

// The provider contract's bad-input cases for fundtransfer-v1: an aggregator answering what its document does
// not say — a balance of 3 decimals, a float artefact, an unexpected shape, an unknown error code, a reference
// held with another amount. Each is held (unknown, or unavailable) with a reason that says what was wrong, and
// nothing is ever counted as moved or refused on a guess. A scripted aggregator (a real HTTP server in the test) answers exactly the text given.

type Reply = { status?: number; body: string };
type Route = (query: URLSearchParams) => Reply;

const OPERATOR = 'lcscripted';
const SECRET = randomBytes(16).toString('hex');
const PRODUCT = 'XS';

let server: http.Server;
let baseUrl: string;
let routes: Record<string, Route> = {};
let asked: Array<{ path: string; query: URLSearchParams }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://scripted');
    asked.push({ path: url.pathname, query: url.searchParams });
    const route = routes[url.pathname];
    const reply = route ? route(url.searchParams) : { status: 404, body: '<html>404</html>' };
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  routes = {};
  asked = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const log = { warn: vi.fn() };
const client = () =>
  new FundTransferProvider({
    provider: 'betflix',
    apiUrl: baseUrl,
    logUrl: `${baseUrl}/log`,
    operatorCode: OPERATOR,
    secretKey: SECRET,
    providerCode: PRODUCT,
    timeoutMs: 1000,
    // biome-ignore lint/suspicious/noExplicitAny: a capturing logger with the one method the client calls
    log: log as any,
  });
const member: ProviderMember = { username: 'demo_0123456789ab' };
const json =
  (text: string): Route =>
  () => ({ body: text });
const record = (fields: Record<string, string>) =>
  `{"errCode":"0","errMsg":"SUCCESS","data":{"trans_id":"1","trans_time":"2026-01-15T08:00:00.00","username":"x",${Object.entries(
    fields,
  )
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')},"operator":"${OPERATOR}","remark":""}}`;
const lookUpOf = (reference: string, amount: string, status = 'SUCCESS', type = '0') =>
  json(
    record({
      type: `"${type}"`,
      provider: `"${PRODUCT}"`,
      amount,
      ref_id: `"${aggregatorReferenceOf(reference)}"`,
      status: `"${status}"`,
    }),
  );
const NOT_FOUND = json('{"errCode":"-987","errMsg":"RECORD_NOT_FOUND"}');
const transfers = () => asked.filter((a) => a.path === '/makeTransfer.aspx');

async function transferIn(reference: string, satang = 150_25n): Promise<TransferOutcome> {
  return client().transfer(member, 'in', satang, reference);
}

describe('fundtransfer-v1: what we send', () => {
  it('a transfer in: type 0, two decimals, our reference as its id, signed as the document says', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"0","errMsg":"SUCCESS"}');
    expect(await transferIn('D2601150001AB:in')).toEqual({
      status: 'applied',
      transfer: { reference: 'D2601150001AB:in', direction: 'in', amount: 150_25n, balanceAfter: null },
    });
    const [sent] = transfers();
    const q = sent?.query ?? new URLSearchParams();
    const username = aggregatorUsernameOf(member, OPERATOR);
    const password = aggregatorPasswordOf(SECRET, username);
    expect(Object.fromEntries(q)).toEqual({
      operatorcode: OPERATOR,
      providercode: PRODUCT,
      username,
      password,
      referenceid: aggregatorReferenceOf('D2601150001AB:in'),
      type: '0',
      amount: '150.25',
      signature: aggregatorSignature(
        '150.25',
        OPERATOR,
        password,
        PRODUCT,
        aggregatorReferenceOf('D2601150001AB:in'),
        '0',
        username,
        SECRET,
      ),
    });
    // The aggregator's limits: names of 3–12 lower-case characters, passwords of at most 12, ids of 20.
    expect(username).toMatch(/^lc[0-9a-z]{10}$/);
    expect(password).toMatch(/^([A-Z][a-z]){6}$/);
    expect(q.get('referenceid')).toMatch(/^[0-9A-Z]{20}$/);
  });
});

describe('fundtransfer-v1: amounts are read from their text, exact to the satang or refused', () => {
  const balanceOf = async (literal: string) => {
    routes['/getBalance.aspx'] = json(`{"errCode":"0","errMsg":"SUCCESS","balance":${literal}}`);
    return client().getBalance(member);
  };

  it('reads the floats the aggregator writes exactly, and strings too', async () => {
    expect(await balanceOf('5515.59')).toBe(551_559n);
    expect(await balanceOf('54.0')).toBe(54_00n);
    expect(await balanceOf('500.1')).toBe(500_10n);
    expect(await balanceOf('0')).toBe(0n);
    expect(await balanceOf('"13.00"')).toBe(13_00n);
    // 999999999999.99 as a double is 999999999999.9899…: read from the text, no satang is lost.
    expect(await balanceOf('999999999999.99')).toBe(99_999_999_999_999n);
  });

  it('a balance of 3 decimals is unavailable, never rounded', async () => {
    await expect(balanceOf('12.345')).rejects.toThrow(/balance 12\.345 has 3 decimals, more than satang/);
    await expect(balanceOf('0.30000000000000004')).rejects.toThrow(/has 17 decimals/);
    await expect(balanceOf('1e3')).rejects.toThrow(/not a plain decimal/);
    await expect(balanceOf('-5.00')).rejects.toThrow(/not a plain decimal/);
    await expect(balanceOf('null')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a transfer found with an amount of 3 decimals is not applied: unknown, with the reason', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"997","errMsg":"UNKNOWN"}');
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-3dp', '150.251');
    const outcome = await transferIn('ref-3dp');
    expect(outcome).toMatchObject({ status: 'unknown' });
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(/amount 150\.251 has 3 decimals/);
  });
});

describe('fundtransfer-v1: an answer without a usable outcome is settled by look-up only', () => {
  it('an unexpected shape, looked up and not found: unknown, sent once', async () => {
    routes['/makeTransfer.aspx'] = json('{"status":"ok","amount":150.25}');
    routes['/log/checkTransaction.ashx'] = NOT_FOUND;
    const outcome = await transferIn('ref-shape');
    expect(outcome).toMatchObject({ status: 'unknown' });
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(
      /no transfer ref-shape after .*answered without an errCode/,
    );
    expect(transfers()).toHaveLength(1);
  });

  it('garbled text, and a garbled look-up: unknown, saying both', async () => {
    routes['/makeTransfer.aspx'] = json('<html><body>Server Error</body></html>');
    routes['/log/checkTransaction.ashx'] = json('{"errCode":"0","data":');
    const outcome = await transferIn('ref-garbled');
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(/answered no JSON.*look-up failed/);
    expect(transfers()).toHaveLength(1);
  });

  it('an unexpected shape, but the look-up holds it as sent: applied on that evidence', async () => {
    routes['/makeTransfer.aspx'] = json('[]');
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-shape-found', '150.25');
    expect(await transferIn('ref-shape-found')).toMatchObject({
      status: 'applied',
      transfer: { direction: 'in', amount: 150_25n },
    });
  });

  it('an unknown error code is never read as a refusal: unknown after an empty look-up', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"12345","errMsg":"NEW_THING"}');
    routes['/log/checkTransaction.ashx'] = NOT_FOUND;
    const outcome = await transferIn('ref-code');
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(
      /unknown error code: errCode 12345 \(NEW_THING\)/,
    );
  });

  it('"status unknown" (997): applied when the look-up finds it, unknown when not, refused when FAILED', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"997","errMsg":"UNKNOWN"}');
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-997', '150.25');
    expect(await transferIn('ref-997')).toMatchObject({ status: 'applied' });
    routes['/log/checkTransaction.ashx'] = NOT_FOUND;
    expect(await transferIn('ref-997b')).toMatchObject({ status: 'unknown' });
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-997c', '150.25', 'FAILED');
    expect(await transferIn('ref-997c')).toEqual({ status: 'rejected', code: 'AGGREGATOR_TRANSFER_FAILED' });
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-997d', '150.25', 'PROCESSING');
    const processing = await transferIn('ref-997d');
    expect(processing.status === 'unknown' && processing.reason).toMatch(/still PROCESSING/);
  });

  it('a reference held with another amount or way: a conflict, never applied', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"71","errMsg":"INVALID_REFERENCE_ID"}');
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-other', '99.00');
    expect(await transferIn('ref-other')).toEqual({ status: 'rejected', code: 'REFERENCE_CONFLICT' });
    routes['/log/checkTransaction.ashx'] = lookUpOf('ref-way', '150.25', 'SUCCESS', '1');
    expect(await transferIn('ref-way')).toEqual({ status: 'rejected', code: 'REFERENCE_CONFLICT' });
    // Refused id, nothing held under it: a refusal.
    routes['/log/checkTransaction.ashx'] = NOT_FOUND;
    expect(await transferIn('ref-none')).toEqual({ status: 'rejected', code: 'INVALID_REFERENCE_ID' });
  });

  it('a look-up naming the amount twice is not read: unknown', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"999","errMsg":"UNDER_MAINTENENCE"}');
    const reference = 'ref-twice';
    routes['/log/checkTransaction.ashx'] = json(
      record({
        type: '"0"',
        provider: `"${PRODUCT}"`,
        amount: '150.25',
        ref_id: `"${aggregatorReferenceOf(reference)}"`,
        status: '"SUCCESS","amount":1.00',
      }),
    );
    const outcome = await transferIn(reference);
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(/key "amount" given twice/);
  });

  it('a look-up answering another reference, or another product, is not read', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"-997","errMsg":"SYS_EXCEPTION"}');
    routes['/log/checkTransaction.ashx'] = lookUpOf('someone-else', '150.25');
    const outcome = await transferIn('ref-mine');
    expect(outcome.status === 'unknown' && outcome.reason).toMatch(/answered another reference/);
  });

  it('the record as the public document shows it: a JSON string under `gameUrl`', async () => {
    const reference = 'ref-doc';
    routes['/log/checkTransaction.ashx'] = json(
      `{"errCode":"0","errMsg":"SUCCESS","gameUrl":${JSON.stringify(
        `{"trans_id":"39861348","username":"x","type":"1","provider":"${PRODUCT}","amount":500.1,"ref_id":"${aggregatorReferenceOf(reference)}","status":"SUCCESS","operator":"${OPERATOR}"}`,
      )}}`,
    );
    expect(await client().findTransfer(reference)).toEqual({
      reference,
      direction: 'out',
      amount: 500_10n,
      balanceAfter: null,
    });
  });

  it('HTTP errors: a gateway’s 502 stays unknown, the aggregator’s own 500 is refused once nothing is found', async () => {
    routes['/log/checkTransaction.ashx'] = NOT_FOUND;
    routes['/makeTransfer.aspx'] = () => ({ status: 502, body: '<html>Bad Gateway</html>' });
    expect(await transferIn('ref-502')).toMatchObject({ status: 'unknown' });
    routes['/makeTransfer.aspx'] = () => ({ status: 500, body: '<html>Error</html>' });
    const refused = await transferIn('ref-500');
    expect(refused).toEqual({ status: 'rejected', code: 'HTTP_500' });
    expect(transfers()).toHaveLength(2);
  });
});

describe('fundtransfer-v1: refusals', () => {
  it('refusals of the document are refusals, without a look-up; the platform’s own read as "unavailable"', async () => {
    routes['/makeTransfer.aspx'] = json('{"errCode":"72","errMsg":"INSUFFICIENT_BALANCE"}');
    expect(await transferIn('ref-72')).toEqual({ status: 'rejected', code: 'INSUFFICIENT_BALANCE' });
    routes['/makeTransfer.aspx'] = json('{"errCode":"603","errMsg":"maintenance"}');
    const paused = await transferIn('ref-603');
    expect(paused).toEqual({ status: 'rejected', code: 'AGGREGATOR_TRANSFERS_DISABLED_FOR_MAINTENANCE' });
    if (paused.status === 'rejected') expect(refusalError(paused.code).code).toBe('PROVIDER_UNAVAILABLE');
    routes['/makeTransfer.aspx'] = json('{"errCode":"99","errMsg":"INVALID_SIGNATURE"}');
    expect(await transferIn('ref-99')).toEqual({ status: 'rejected', code: 'AGGREGATOR_INVALID_SIGNATURE' });
    expect(asked.filter((a) => a.path === '/log/checkTransaction.ashx')).toEqual([]);
  });

  it('a balance read refused by the aggregator is unavailable with its code', async () => {
    routes['/getBalance.aspx'] = json('{"errCode":"98","errMsg":"INVALID_USERNAME_OR_PASSWORD"}');
    await expect(client().getBalance(member)).rejects.toThrow(
      /getBalance answered errCode 98 \(INVALID_USERNAME_OR_PASSWORD\)/,
    );
  });

  it('ending sessions where the product cannot: a logged no-op; where it failed: an error to retry', async () => {
    routes['/kickPlayerFromProduct.ashx'] = json('{"errCode":"92","errMsg":"INVALID_PROVIDERCODE"}');
    await client().endMemberSessions(member);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'provider.sessions_end_not_offered', errCode: '92' }),
      expect.any(String),
    );
    routes['/kickPlayerFromProduct.ashx'] = json('{"errCode":"999","errMsg":"UNDER_MAINTENENCE"}');
    await expect(client().endMemberSessions(member)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMinor, parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpGameProvider } from '../../adapters/providers/http-provider';
import { SIGNATURE_MAX_SKEW_MS, signRequest, verifySignature } from '../../adapters/providers/signing';
import { LAOCREDIT_V1_DOCUMENT } from '../../modules/provider-protocols/protocol-docs-routes';
import { createTestApp, type TestApp } from '../../test/app';
import { setSandboxProviderBalance } from '../../test/provider-sandbox';

// Issue #39 acceptance 4, second half: a test generated from the laocredit-v1 OpenAPI document
// (docs/protocols/laocredit-v1.openapi.json). For every operation and every response it declares, a request is
// built from the document's examples (a response example is answered to the request example of the same
// name; 400, 401 and 5xx are made from the first example: broken against its schema, badly signed, or under
// an injected fault), signed, and sent over HTTP to the built-in sandbox; the status and the body must be
// the declared ones, the body valid against the declared schema. A new operation or response in the document
// is a new case here, failing until the sandbox answers it. Then the other way round: every sandbox route is
// in the document (but its declared test hooks), and every request the client (HttpGameProvider) sends fits
// the document, whose example answers it reads as the document says.

// --- The document ----------------------------------------------------------------------------------------

type Schema = Record<string, unknown>;
type Example = { summary?: string; value: unknown };
type MediaType = { schema: Schema; examples?: Record<string, Example> };
type Parameter = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
  examples?: Record<string, Example>;
};
type Response = { description: string; content?: { 'application/json'?: MediaType } };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: { 'application/json': MediaType } };
  responses: Record<string, Response>;
};
type State = {
  at: string;
  members: { username: string; balance: string }[];
  transfers: { username: string; direction: 'in' | 'out'; amount: string; reference: string }[];
};
type ServerEntry = { url: string; variables?: Record<string, { default: string }> };
type Document = {
  servers: ServerEntry[];
  paths: Record<string, Record<string, Operation>>;
  'x-laocredit-example-state': State;
};

const RAW = JSON.parse(readFileSync(LAOCREDIT_V1_DOCUMENT, 'utf8'));

/** The document with every local `$ref` replaced by its target (siblings such as `description` kept). */
function dereference(node: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('$ref cycle in the document');
  if (Array.isArray(node)) return node.map((item) => dereference(item, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const siblings = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, dereference(v, depth + 1)]));
  if (typeof $ref !== 'string') return siblings;
  if (!$ref.startsWith('#/')) throw new Error(`only local $refs: ${$ref}`);
  const target = $ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      RAW,
    );
  if (target === undefined) throw new Error(`unresolved $ref ${$ref}`);
  return { ...(dereference(target, depth + 1) as object), ...siblings };
}

const DOC = dereference(RAW) as Document;
const STATE = DOC['x-laocredit-example-state'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const OPERATIONS = Object.entries(DOC.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    path,
    method: method.toUpperCase() as 'GET' | 'POST',
    op: item[method] as Operation,
  })),
);
type Op = (typeof OPERATIONS)[number];
const label = (o: Op) => `${o.method} ${o.path} (${o.op.operationId})`;

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
const compiled = new Map<Schema, ValidateFunction>();

/**
 * The schema closed: every object with `properties` gets `additionalProperties: false` unless it says
 * otherwise. The document lets a provider add fields; the sandbox and our client, though, must send none the
 * document does not describe, or the document would not be the whole protocol.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === 'examples' ? v : closed(v)]),
  );
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

/** Errors of `value` against the closed `schema`, as readable lines (empty when valid). */
function schemaErrors(schema: Schema, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(closed(schema) as Schema);
    compiled.set(schema, validate);
  }
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

const jsonOf = (response: Response): MediaType => {
  const media = response.content?.['application/json'];
  if (!media) throw new Error(`a response without application/json: ${response.description}`);
  return media;
};
const firstName = (examples: Record<string, Example> | undefined): string | undefined =>
  Object.keys(examples ?? {})[0];

type Request = { path: string; query: URLSearchParams; body: unknown };

/**
 * The request of the example `name`: each parameter and the body take their example of that name, or else
 * their first one (a required one) or none (an optional one). `named` tells whether any part had that name.
 */
function requestOf(o: Op, name: string | undefined): Request & { named: boolean } {
  let named = false;
  let path = o.path;
  const query = new URLSearchParams();
  for (const parameter of o.op.parameters ?? []) {
    const own = name === undefined ? undefined : parameter.examples?.[name];
    if (own) named = true;
    const first = firstName(parameter.examples);
    const example = own ?? (parameter.required && first ? parameter.examples?.[first] : undefined);
    if (!example) {
      if (parameter.required) throw new Error(`${label(o)}: required ${parameter.name} has no example`);
      continue;
    }
    const value = String(example.value);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  let body: unknown;
  const media = o.op.requestBody?.content['application/json'];
  if (media) {
    const own = name === undefined ? undefined : media.examples?.[name];
    if (own) named = true;
    const first = firstName(media.examples);
    const example = own ?? (first ? media.examples?.[first] : undefined);
    if (!example) throw new Error(`${label(o)}: the request body has no example`);
    body = structuredClone(example.value);
  }
  return { path, query, body, named };
}

/**
 * The first example request broken against the document: the body's first required field of the wrong type,
 * else a path parameter out of its schema, else a required query parameter left out, else an optional one too
 * long. The document's own schema must refuse it (so the sandbox's 400 is the document's).
 */
function invalidRequestOf(o: Op): Request {
  const request = requestOf(o, undefined);
  const bodySchema = o.op.requestBody?.content['application/json'].schema;
  if (bodySchema && request.body && typeof request.body === 'object') {
    const field = (bodySchema.required as string[])[0] as string;
    const body = request.body as Record<string, unknown>;
    body[field] = typeof body[field] === 'string' ? 12345 : 'not-what-it-should-be';
    expect(schemaErrors(bodySchema, body), `${label(o)}: the broken body`).not.toEqual([]);
    return request;
  }
  const parameters = o.op.parameters ?? [];
  const candidates = (schema: Schema) => ['Not Valid!', 'x'.repeat(Number(schema.maxLength ?? 200) + 1)];
  const pathParameter = parameters.find((p) => p.in === 'path');
  if (pathParameter) {
    const value = candidates(pathParameter.schema).find((v) => schemaErrors(pathParameter.schema, v).length);
    if (!value) throw new Error(`${label(o)}: no invalid value for ${pathParameter.name}`);
    const first = firstName(pathParameter.examples) as string;
    const valid = encodeURIComponent(String(pathParameter.examples?.[first]?.value));
    return { ...request, path: request.path.replace(valid, encodeURIComponent(value)) };
  }
  const required = parameters.find((p) => p.in === 'query' && p.required);
  if (required) {
    request.query.delete(required.name);
    return request;
  }
  const optional = parameters.find((p) => p.in === 'query');
  if (!optional) throw new Error(`${label(o)} declares 400 but takes no input to break`);
  const value = candidates(optional.schema).find((v) => schemaErrors(optional.schema, v).length);
  if (!value) throw new Error(`${label(o)}: no invalid value for ${optional.name}`);
  request.query.set(optional.name, value);
  return request;
}

type Signing = 'valid' | 'wrongKey' | 'stale' | 'early' | 'missing' | 'tamperedBody';
type Case = {
  title: string;
  status: string;
  response: Response;
  example: string;
  kind: 'example' | 'invalid' | 'signature' | 'fault';
  signing: Signing;
};

const BAD_SIGNINGS: Signing[] = ['wrongKey', 'stale', 'early', 'missing', 'tamperedBody'];
/** How far a badly timed signature's clock is off: just outside the window, either way. */
const SKEW: Partial<Record<Signing, number>> = {
  stale: -SIGNATURE_MAX_SKEW_MS - 1000,
  early: SIGNATURE_MAX_SKEW_MS + 1000,
};

/** The cases of one operation: one per response example (a 401 example: one per way of signing badly). */
function casesOf(o: Op): Case[] {
  return Object.entries(o.op.responses).flatMap(([status, response]) => {
    const examples = Object.keys(jsonOf(response).examples ?? {});
    if (examples.length === 0) throw new Error(`${label(o)} ${status} has no example`);
    return examples.flatMap((example): Case[] => {
      const base = { status, response, example, signing: 'valid' as Signing };
      if (status === '401') {
        return BAD_SIGNINGS.filter((s) => s !== 'tamperedBody' || o.op.requestBody).map((signing) => ({
          ...base,
          title: `${status} ${example}: ${signing}`,
          kind: 'signature',
          signing,
        }));
      }
      if (status === '400') return [{ ...base, title: `${status} ${example}`, kind: 'invalid' }];
      if (status === '5XX')
        return [{ ...base, title: `${status} ${example}: injected fault`, kind: 'fault' }];
      return [{ ...base, title: `${status} ${example}`, kind: 'example' }];
    });
  });
}

// --- The sandbox over HTTP -----------------------------------------------------------------------------------

// The sandbox of the document's relative server (the API serving the document), with its default provider.
const SANDBOX_SERVER = DOC.servers.find((s) => s.url.startsWith('/')) as ServerEntry;
const PROVIDER = SANDBOX_SERVER.variables?.provider?.default as TProvider;
const sandboxPath = SANDBOX_SERVER.url.replace(/\{(\w+)\}/g, (_, name: string) => {
  const value = SANDBOX_SERVER.variables?.[name]?.default;
  if (!value) throw new Error(`server variable ${name} has no default`);
  return value;
});

let t: TestApp;
const sandboxRoutes: string[] = [];

function collectRoute(route: RouteOptions): void {
  if (!route.url.startsWith(`${sandboxPath}/`)) return;
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD') sandboxRoutes.push(`${method} ${route.url.slice(sandboxPath.length)}`);
  }
}

/** Sends `request` to the sandbox over HTTP, signed as `signing` says. */
async function send(method: string, request: Request, signing: Signing = 'valid') {
  const { port } = t.app.server.address() as AddressInfo;
  const search = request.query.size > 0 ? `?${request.query}` : '';
  const url = new URL(`${sandboxPath}${request.path}${search}`, `http://127.0.0.1:${port}`);
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const timestamp = String(t.app.now().getTime() + (SKEW[signing] ?? 0));
  const key = signing === 'wrongKey' ? 'not-the-key' : t.app.providers.signingKeyOf(PROVIDER);
  // The body sent differs from the one signed: the signature covers the body.
  const sentBody = signing === 'tamperedBody' ? body.replace(/}$/, ' }') : body;
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (signing !== 'missing') {
    headers['x-timestamp'] = timestamp;
    headers['x-signature'] = signRequest(key, timestamp, method, url.pathname + url.search, body);
  }
  const response = await fetch(url, {
    method,
    headers,
    body: request.body === undefined ? undefined : sentBody,
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { listen: true, onRoute: collectRoute });
  // The starting point the examples tell their story from (x-laocredit-example-state). Setting a balance is
  // the sandbox's own test hook, outside the protocol; the transfers go through the protocol.
  t.clock.set(new Date(STATE.at));
  for (const member of STATE.members) {
    await setSandboxProviderBalance(t.app, PROVIDER, member.username, member.balance);
  }
  for (const transfer of STATE.transfers) {
    const res = await send('POST', { path: '/transfers', query: new URLSearchParams(), body: transfer });
    if (res.status !== 200) throw new Error(`example state: ${res.status} ${JSON.stringify(res.body)}`);
  }
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.app.sandboxFaults.reset();
});

describe('the document', () => {
  it('has operations, each with a 2xx answer, a 400, a 401 and a 5XX, every response with an example', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(9);
    for (const o of OPERATIONS) {
      const statuses = Object.keys(o.op.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        label(o),
      ).toBe(true);
      expect(statuses, label(o)).toEqual(expect.arrayContaining(['400', '401', '5XX']));
      expect(casesOf(o).length, label(o)).toBeGreaterThanOrEqual(statuses.length);
    }
  });

  it('covers every route of the sandbox but its declared test hooks', () => {
    const documented = OPERATIONS.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`);
    // Outside the protocol (the document's "Sandbox extensions"): setting a balance in tests, and the demo
    // game page (and its spins) that the launch URLs open.
    const extensions = ['POST /members/:username/balance', 'GET /play/:token', 'POST /play/:token/spin'];
    expect([...sandboxRoutes].sort()).toEqual([...documented, ...extensions].sort());
  });
});

describe.each(OPERATIONS.map((o) => [label(o), o] as const))('%s', (_, o) => {
  it.for(casesOf(o).map((c) => [c.title, c] as const))('answers %s as documented', async ([, c]) => {
    const named = c.kind === 'example' ? requestOf(o, c.example) : undefined;
    // A success may be the plain request (e.g. the catalogue without a tab); a refusal needs its own.
    if (named && !named.named && !c.status.startsWith('2')) {
      throw new Error(`${label(o)}: no request example named ${c.example}`);
    }
    if (c.kind === 'fault') t.app.sandboxFaults.forceNext('providers', 'error');
    const request = c.kind === 'invalid' ? invalidRequestOf(o) : (named ?? requestOf(o, undefined));
    const res = await send(o.method, request, c.signing);

    const expected = c.status === '5XX' ? 'a 5xx' : Number(c.status);
    const got = c.status === '5XX' && res.status >= 500 && res.status <= 599 ? 'a 5xx' : res.status;
    expect(got, `${label(o)} ${c.title}: ${JSON.stringify(res.body)}`).toBe(expected);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(schemaErrors(jsonOf(c.response).schema, res.body), JSON.stringify(res.body)).toEqual([]);
    const example = jsonOf(c.response).examples?.[c.example]?.value as { code?: string } | undefined;
    if (c.kind === 'example' && example?.code) expect((res.body as { code: string }).code).toBe(example.code);
  });
});

describe('the documented semantics, on the sandbox', () => {
  const transfer = OPERATIONS.find((o) => o.op.operationId === 'transfer') as Op;
  const findTransfer = OPERATIONS.find((o) => o.op.operationId === 'findTransfer') as Op;
  const statement = OPERATIONS.find((o) => o.op.operationId === 'getStatement') as Op;

  it('a reference applies once: a repeat answers the original, a conflict or a refusal moves nothing', async () => {
    // Moves the balance on from the state's (unless an earlier case has done so with the same reference).
    expect((await send('POST', requestOf(transfer, 'transferIn'))).status).toBe(200);
    const before = await send('GET', requestOf(statement, 'member'));
    const replay = requestOf(transfer, 'replay');
    const first = await send('POST', replay);
    const second = await send('POST', replay);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // As the state's transfer was first answered: the balance right after it (the member's starting balance
    // and its amount), not the balance now.
    const original = STATE.transfers.find(
      (s) => s.reference === (replay.body as { reference: string }).reference,
    );
    const start = STATE.members.find((m) => m.username === original?.username);
    const moved = parseMoney(original?.amount ?? '', 'THB');
    const balanceAfter =
      parseMoney(start?.balance ?? '', 'THB') + (original?.direction === 'in' ? moved : -moved);
    expect(first.body).toEqual({
      ...original,
      username: undefined,
      balanceAfter: formatMinor(balanceAfter, 'THB'),
    });
    expect((await send('GET', requestOf(statement, 'member'))).body).not.toMatchObject({
      balance: formatMinor(balanceAfter, 'THB'),
    });
    expect((await send('GET', requestOf(findTransfer, 'applied'))).body).toEqual(first.body);
    expect((await send('POST', requestOf(transfer, 'referenceConflict'))).status).toBe(409);
    expect((await send('POST', requestOf(transfer, 'insufficientBalance'))).status).toBe(409);
    expect((await send('GET', requestOf(statement, 'member'))).body).toEqual(before.body);
  });

  it('accepts a timestamp within the skew window, either way', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const path = `${sandboxPath}${requestOf(statement, 'member').path}`;
    for (const offset of [-SIGNATURE_MAX_SKEW_MS + 1000, SIGNATURE_MAX_SKEW_MS - 1000]) {
      const timestamp = String(t.app.now().getTime() + offset);
      const signature = signRequest(t.app.providers.signingKeyOf(PROVIDER), timestamp, 'GET', path, '');
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { 'x-timestamp': timestamp, 'x-signature': signature },
      });
      expect(res.status).toBe(200);
    }
  });
});

// --- The client against the document ------------------------------------------------------------------------

describe("the client's requests", () => {
  const KEY = 'contract-test-key';
  const basePath = new URL(DOC.servers[0]?.url as string).pathname;
  let scripted: Server;
  let client: HttpGameProvider;
  const hits = new Set<string>();
  const problems: string[] = [];
  /** Per operation, the answers to give next (else its first 2xx example); `drop` closes the connection. */
  const queued = new Map<string, (string | 'drop')[]>();

  const operationOf = (method: string, pathname: string) => {
    for (const o of OPERATIONS) {
      if (o.method !== method) continue;
      const names: string[] = [];
      const pattern = o.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern}$`).exec(pathname);
      if (match) return { o, params: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ''])) };
    }
    return null;
  };

  /** Checks one request against the document: signature, operation, parameters and body. */
  function check(req: IncomingMessage, body: string): Op | null {
    const target = req.url ?? '';
    const url = new URL(target, 'http://scripted');
    const method = req.method ?? '';
    const where = `${method} ${target}`;
    const headers = {
      timestamp: req.headers['x-timestamp'] as string | undefined,
      signature: req.headers['x-signature'] as string | undefined,
    };
    if (!verifySignature(KEY, headers, method, target, body, Date.now()))
      problems.push(`${where}: bad signature`);
    if (!url.pathname.startsWith(basePath)) problems.push(`${where}: outside ${basePath}`);
    const found = operationOf(method, url.pathname.slice(basePath.length));
    if (!found) {
      problems.push(`${where}: no such operation in the document`);
      return null;
    }
    const { o, params } = found;
    hits.add(o.op.operationId);
    const declared = o.op.parameters ?? [];
    for (const p of declared) {
      const raw = p.in === 'path' ? params[p.name] : (url.searchParams.get(p.name) ?? undefined);
      if (raw === undefined) {
        if (p.required) problems.push(`${where}: ${p.name} missing`);
        continue;
      }
      const value = p.in === 'path' ? decodeURIComponent(raw) : raw;
      for (const e of schemaErrors(p.schema, value)) problems.push(`${where}: ${p.name} ${e}`);
    }
    for (const name of url.searchParams.keys()) {
      if (!declared.some((p) => p.in === 'query' && p.name === name))
        problems.push(`${where}: query ${name}?`);
    }
    const media = o.op.requestBody?.content['application/json'];
    if (media) {
      if (req.headers['content-type'] !== 'application/json') problems.push(`${where}: content type`);
      for (const e of schemaErrors(media.schema, JSON.parse(body || 'null')))
        problems.push(`${where}: body ${e}`);
    } else if (body !== '' || req.headers['content-type'] !== undefined) {
      problems.push(`${where}: a body where the document has none`);
    }
    return o;
  }

  function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    const o = check(req, body);
    if (!o) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND","message":"?"}');
      return;
    }
    const next = queued.get(o.op.operationId)?.shift();
    if (next === 'drop') {
      req.socket.destroy();
      return;
    }
    // `next` names a response example (e.g. `unknownMember`); by default, the first example of the first 2xx.
    const responses = Object.entries(o.op.responses);
    const chosen = next
      ? responses.find(([, r]) => jsonOf(r).examples?.[next])
      : responses.find(([s]) => s.startsWith('2'));
    if (!chosen) {
      problems.push(`${o.op.operationId}: no response example ${next ?? '2xx'}`);
      res.writeHead(500).end();
      return;
    }
    const [status, response] = chosen;
    const value =
      jsonOf(response).examples?.[next ?? (firstName(jsonOf(response).examples) as string)]?.value;
    res
      .writeHead(status === '5XX' ? 500 : Number(status), { 'content-type': 'application/json' })
      .end(JSON.stringify(value));
  }

  beforeAll(async () => {
    scripted = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => answer(req, res, body));
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    const { port } = scripted.address() as AddressInfo;
    client = new HttpGameProvider({
      provider: PROVIDER,
      baseUrl: `http://127.0.0.1:${port}${basePath}`,
      key: KEY,
      attempts: 1,
      timeoutMs: 2000,
    });
  });
  afterAll(async () => {
    client?.closeWhenIdle();
    await new Promise((resolve) => scripted?.close(resolve));
  });

  const member = { username: STATE.members[0]?.username as string };
  const transferExample = () => {
    const body = requestOf(OPERATIONS.find((o) => o.op.operationId === 'transfer') as Op, 'transferIn').body;
    return body as { direction: 'in' | 'out'; amount: string; reference: string };
  };

  it('fit the document, for every operation in it, and read its example answers', async () => {
    const sent = transferExample();
    await client.ensureMember(member);
    expect(await client.getBalance(member)).toBeTypeOf('bigint');
    expect((await client.getStatement(member)).transferredIn).toBeTypeOf('bigint');
    await client.endMemberSessions(member);
    const outcome = await client.transfer(
      member,
      sent.direction,
      parseMoney(sent.amount, 'THB'),
      sent.reference,
    );
    expect(outcome).toMatchObject({ status: 'applied', transfer: { reference: sent.reference } });
    expect(await client.findTransfer(STATE.transfers[0]?.reference as string)).not.toBeNull();
    const page = await client.listTransfers(
      new Date('2026-01-15T00:00:00Z'),
      new Date('2026-01-15T23:59:59.999Z'),
    );
    expect(page.transfers.length).toBeGreaterThan(0);
    await client.listTransfers(
      new Date('2026-01-15T00:00:00Z'),
      new Date('2026-01-16T00:00:00Z'),
      page.cursor,
    );
    expect((await client.listGames()).games.length).toBeGreaterThan(0);
    await client.listGames('Fishing');
    expect(await client.launchUrl(member, 'amb-ocean-king')).toMatch(/^https:\/\//);

    expect(problems).toEqual([]);
    expect([...hits].sort()).toEqual(OPERATIONS.map((o) => o.op.operationId).sort());
  });

  it('read the documented errors as the document says', async () => {
    const sent = transferExample();
    const amount = parseMoney(sent.amount, 'THB');
    // A statement or session end of a member never created: zeros, nothing to end.
    queued.set('getStatement', ['unknownMember']);
    expect(await client.getStatement(member)).toEqual({ balance: 0n, transferredIn: 0n, transferredOut: 0n });
    queued.set('endMemberSessions', ['unknownMember']);
    await expect(client.endMemberSessions(member)).resolves.toBeUndefined();
    // A look-up of an unknown reference: none.
    queued.set('findTransfer', ['unknownReference']);
    expect(await client.findTransfer(sent.reference)).toBeNull();
    // A 4xx transfer: refused with its code, never looked up.
    for (const name of ['referenceConflict', 'insufficientBalance', 'badSignature']) {
      queued.set('transfer', [name]);
      const outcome = await client.transfer(member, sent.direction, amount, sent.reference);
      expect(outcome).toMatchObject({ status: 'rejected' });
    }
    // A 5xx the provider answered, then not found: not applied, final.
    queued.set('transfer', ['serverError']);
    queued.set('findTransfer', ['unknownReference']);
    expect(await client.transfer(member, sent.direction, amount, sent.reference)).toMatchObject({
      status: 'rejected',
    });
    // A lost answer, then not found: unknown (the request may still be running there).
    queued.set('transfer', ['drop']);
    queued.set('findTransfer', ['unknownReference']);
    expect(await client.transfer(member, sent.direction, amount, sent.reference)).toMatchObject({
      status: 'unknown',
    });
    // A lost answer, then found as sent: applied.
    queued.set('transfer', ['drop']);
    const found = await client.transfer(
      member,
      'in',
      parseMoney('100.00', 'THB'),
      STATE.transfers[0]?.reference as string,
    );
    expect(found).toMatchObject({ status: 'applied' });
    expect(problems).toEqual([]);
  });
});

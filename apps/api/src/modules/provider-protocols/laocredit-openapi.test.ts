import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../adapters/providers/signing';
import { createTestApp, type TestApp } from '../../test/app';
import { LAOCREDIT_V1_DOCUMENT, LAOCREDIT_V1_URL } from './protocol-docs-routes';

// Issue #39 acceptance 4, first half: the OpenAPI document of laocredit-v1 validates with the tools of the
// OpenAPI ecosystem (Swagger Parser against the official 3.1 schema, Redocly's linter with its recommended
// rules), a broken copy does not, and the API serves it at a stable URL. The sandbox's half is
// sandbox/providers/laocredit-contract.test.ts.

const TEXT = readFileSync(LAOCREDIT_V1_DOCUMENT, 'utf8');
type Json = Record<string, unknown>;
const fresh = (): Json => JSON.parse(TEXT);

/** Swagger Parser's validation (it dereferences its argument in place: give it a copy); the error, or null. */
async function swaggerParserError(document: Json): Promise<Error | null> {
  try {
    await SwaggerParser.validate(structuredClone(document) as never);
    return null;
  } catch (error) {
    return error as Error;
  }
}

/** Redocly's `recommended` rules, stricter where the protocol demands it (made once, at first use). */
let lintConfig: ReturnType<typeof createConfig> | undefined;
const lintConfigOf = () =>
  (lintConfig ??= createConfig({
    extends: ['recommended'],
    rules: {
      // A private protocol handed to providers under their contract: there is no licence to name.
      'info-license': 'off',
      'info-license-strict': 'off',
      'operation-description': 'error',
      'parameter-description': 'error',
      'tag-description': 'error',
      'request-mime-type': { severity: 'error', allowedValues: ['application/json'] },
      'response-mime-type': { severity: 'error', allowedValues: ['application/json'] },
    },
  }));

/** Redocly's lint of `document`, every warning counted. */
async function lintProblems(document: Json): Promise<NormalizedProblem[]> {
  return lintFromString({
    source: JSON.stringify(document),
    absoluteRef: LAOCREDIT_V1_DOCUMENT,
    config: await lintConfigOf(),
  });
}

const describeProblems = (problems: NormalizedProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);

type TransferOperation = { requestBody: { content: { 'application/json': { examples: Json } } } };
const transferOf = (document: Json) =>
  (document.paths as Record<string, Record<string, TransferOperation>>)['/transfers']
    ?.post as TransferOperation;

describe('the laocredit-v1 document', () => {
  it('is OpenAPI 3.1 that Swagger Parser validates', async () => {
    expect(fresh().openapi).toMatch(/^3\.1\.\d+$/);
    expect(await swaggerParserError(fresh())).toBeNull();
  });

  it("passes Redocly's linter without an error or a warning", async () => {
    expect(describeProblems(await lintProblems(fresh()))).toEqual([]);
  });

  it('fails both once broken (the checks can fail)', async () => {
    // Structurally invalid: a parameter that does not say where it goes, a schema of an unknown type.
    const broken = fresh();
    const findTransfer = (broken.paths as Record<string, Record<string, { parameters: Json[] }>>)[
      '/transfers/{reference}'
    ]?.get;
    delete findTransfer?.parameters[0]?.in;
    expect((await swaggerParserError(broken))?.message).toMatch(/parameters\/0/);
    expect(await lintProblems(broken)).not.toEqual([]);
    const badType = fresh();
    ((badType.components as Json).schemas as Json).Money = { type: 'money' };
    // (The official 3.1 schema leaves schemas to JSON Schema, so only the linter looks inside them.)
    expect(describeProblems(await lintProblems(badType)).join('\n')).toMatch(/money/);

    // Valid OpenAPI but a wrong protocol document: an amount as a JSON number in an example.
    const numberAmount = fresh();
    const examples = transferOf(numberAmount).requestBody.content['application/json'].examples;
    (examples.transferIn as { value: Json }).value.amount = 250;
    expect(await swaggerParserError(numberAmount)).toBeNull();
    const problems = await lintProblems(numberAmount);
    expect(problems.map((p) => p.ruleId)).toContain('no-invalid-media-type-examples');
  });

  it('has signature examples that the signing code reproduces', () => {
    const scheme = ((fresh().components as Json).securitySchemes as Json).signature as Json;
    const examples = scheme['x-laocredit-signature-examples'] as {
      key: string;
      timestamp: string;
      method: string;
      path: string;
      body: string;
      stringToSign: string;
      signature: string;
    }[];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const e of examples) {
      expect(e.stringToSign).toBe(`${e.timestamp}\n${e.method}\n${e.path}\n${e.body}`);
      expect(signRequest(e.key, e.timestamp, e.method, e.path, e.body)).toBe(e.signature);
    }
    // The README's worked example is the first one.
    const readme = readFileSync(path.join(path.dirname(LAOCREDIT_V1_DOCUMENT), 'README.md'), 'utf8');
    expect(readme).toContain(examples[0]?.signature);
  });
});

describe(`GET ${LAOCREDIT_V1_URL}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the document byte for byte, on any host, cacheable, and 304 once known', async () => {
    // No agency answers on this host: the document needs none (nor a session).
    const res = await t.app.inject({
      method: 'GET',
      url: LAOCREDIT_V1_URL,
      headers: { host: 'unknown.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(TEXT);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[\w-]{43}"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: LAOCREDIT_V1_URL,
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const changed = await t.app.inject({
      method: 'GET',
      url: LAOCREDIT_V1_URL,
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it("is listed in the API's own OpenAPI document", async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.paths[LAOCREDIT_V1_URL]?.get?.tags).toEqual(['protocols']);
  });
});

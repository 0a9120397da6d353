import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type OpsAccess, requireOps } from './ops-auth';

const TOKEN = 'ops-token-0123456789abcdef';
const reply = {} as FastifyReply;
const requestWith = (authorization: string | undefined, opsRole: OpsAccess | null = 'admin') =>
  ({
    headers: authorization === undefined ? {} : { authorization },
    routeOptions: { url: '/api/ops/v1/test', config: { opsRole: opsRole ?? undefined } },
    server: { opsToken: { token: TOKEN, isNew: false } },
  }) as unknown as FastifyRequest;

describe('requireOps', () => {
  it('accepts the bearer token as the automation account (admin)', async () => {
    const request = requestWith(`Bearer ${TOKEN}`);
    await expect(requireOps(request, reply)).resolves.toBeUndefined();
    expect(request.opsActor).toEqual({ kind: 'automation', name: 'automation', role: 'admin' });
  });

  it('refuses a wrong, differently-sized or malformed token with 401 UNAUTHORIZED', async () => {
    for (const header of ['Bearer nope', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      await expect(requireOps(requestWith(header), reply), String(header)).rejects.toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('fails loudly for a route that declares no role, whoever calls', async () => {
    await expect(requireOps(requestWith(`Bearer ${TOKEN}`, null), reply)).rejects.toThrow(
      /declares no opsRole/,
    );
  });
});

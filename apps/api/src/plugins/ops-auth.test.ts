import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireOps } from './ops-auth';

const TOKEN = 'ops-token-0123456789abcdef';
const requestWith = (authorization?: string) =>
  ({
    headers: authorization === undefined ? {} : { authorization },
    server: { opsToken: { token: TOKEN, isNew: false } },
  }) as unknown as FastifyRequest;

describe('requireOps', () => {
  it('accepts the bearer token', async () => {
    await expect(requireOps(requestWith(`Bearer ${TOKEN}`))).resolves.toBeUndefined();
  });

  it('refuses a missing, wrong or differently-sized token with 401 UNAUTHORIZED', async () => {
    for (const header of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      await expect(requireOps(requestWith(header)), String(header)).rejects.toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });
});

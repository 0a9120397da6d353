import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zod-jitless', () => {
  it('keeps zod from probing eval (forbidden by the CSP) when it builds and runs object schemas', async () => {
    const probes: unknown[] = [];
    vi.stubGlobal(
      'Function',
      new Proxy(Function, {
        apply: (target, self, args) => {
          probes.push(args);
          return Reflect.apply(target, self, args);
        },
        construct: (target, args) => {
          probes.push(args);
          return Reflect.construct(target, args);
        },
      }),
    );
    await import('./zod-jitless');
    const { z } = await import('zod');
    const schema = z.object({ username: z.string().min(3), nested: z.object({ n: z.number() }) });
    expect(schema.safeParse({ username: 'somchai', nested: { n: 1 } }).success).toBe(true);
    expect(schema.safeParse({ username: 'so', nested: { n: 'x' } }).success).toBe(false);
    expect(probes).toEqual([]);
  });
});

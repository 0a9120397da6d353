import { ZLoginRequest } from '@lc/shared/contracts/players';
import { PASSWORD_MAX } from '@lc/shared/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLogin, LOGIN_USERNAME_MAX } from './check-login';

// Strings around the limits, with blanks, so every branch of both checks is reached often.
const text = (max: number) =>
  fc.oneof(
    fc.constantFrom('', ' ', '  \t', 'a', ' somchai '),
    fc.string({ maxLength: 8 }),
    fc
      .nat({ max: 3 })
      .chain((extra) =>
        fc.tuple(
          fc.constantFrom('', ' '),
          fc.constant('x'.repeat(max - 1 + extra)),
          fc.constantFrom('', ' '),
        ),
      )
      .map((parts) => parts.join('')),
  );

describe('checkLogin', () => {
  it('accepts exactly what ZLoginRequest accepts, and says REQUIRED where the schema does', () => {
    fc.assert(
      fc.property(text(LOGIN_USERNAME_MAX), text(PASSWORD_MAX), (username, password) => {
        const errors = checkLogin({ username, password });
        const parsed = ZLoginRequest.safeParse({ username, password });
        expect(Object.keys(errors).length === 0).toBe(parsed.success);
        const schemaRequired = (parsed.error?.issues ?? [])
          .filter((issue) => issue.message === 'REQUIRED')
          .map((issue) => String(issue.path[0]))
          .sort();
        const required = Object.entries(errors)
          .filter(([, code]) => code === 'REQUIRED')
          .map(([field]) => field)
          .sort();
        expect(required).toEqual(schemaRequired);
      }),
      { numRuns: 500 },
    );
  });

  it('names the field that is missing or too long', () => {
    expect(checkLogin({ username: '  ', password: '' })).toEqual({
      username: 'REQUIRED',
      password: 'REQUIRED',
    });
    expect(checkLogin({ username: 'x'.repeat(65), password: 'p'.repeat(129) })).toEqual({
      username: 'TOO_LONG',
      password: 'TOO_LONG',
    });
    expect(checkLogin({ username: ' somchai ', password: 'secret' })).toEqual({});
  });
});

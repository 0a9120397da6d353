import { ZPassword, ZUsername } from '@lc/shared/contracts/players';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredWhenEmpty } from './required-fields';

const schema = z.object({ username: ZUsername, password: ZPassword, phone: z.string() });

function schemaErrors(values: z.input<typeof schema>): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('requiredWhenEmpty', () => {
  it('says REQUIRED for an empty field the schema calls too short', () => {
    const values = { username: '', password: '   ', phone: '' };
    const before = schemaErrors(values);
    expect(before.username).toBeDefined();
    expect(before.username).not.toBe('REQUIRED');
    expect(requiredWhenEmpty(before, values, ['username', 'password', 'phone'])).toEqual({
      username: 'REQUIRED',
      password: 'REQUIRED',
    });
  });

  it('keeps the real problem of a field that has a value', () => {
    const values = { username: 'ab', password: 'x', phone: '' };
    const before = schemaErrors(values);
    expect(requiredWhenEmpty(before, values, ['username', 'password'])).toEqual(before);
  });

  it('uses the code it is given', () => {
    expect(
      requiredWhenEmpty({ password: 'TOO_SHORT' }, { password: '' }, ['password'], 'PLEASE_ENTER_PASSWORD'),
    ).toEqual({
      password: 'PLEASE_ENTER_PASSWORD',
    });
  });
});

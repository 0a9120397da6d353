import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  it('includes every role below, as the API checks', () => {
    expect(hasRole('admin', 'support')).toBe(true);
    expect(hasRole('finance', 'cashier')).toBe(true);
    expect(hasRole('cashier', 'cashier')).toBe(true);
    expect(hasRole('cashier', 'finance')).toBe(false);
    expect(hasRole('support', 'cashier')).toBe(false);
    expect(hasRole(undefined, 'support')).toBe(false);
  });
});

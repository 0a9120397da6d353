import { describe, expect, it } from 'vitest';
import { orderStatusColor, orderStatusLabelKey } from './order-status';

describe('order status chip', () => {
  it.each([
    ['OPEN', 'gray', 'status.OPEN'],
    ['CANCELED', 'red', 'status.CANCELED'],
    ['PAID', 'yellow', 'status.PAID'],
    ['SUCCESS', 'green', 'status.SUCCESS'],
    ['FAILED', 'red', 'status.FAILED'],
    ['REJECTED', 'orange', 'status.REJECTED'],
    ['BOUNCED', 'yellow', 'status.BOUNCED'],
  ])('%s is %s', (status, color, key) => {
    expect(orderStatusColor(status)).toBe(color);
    expect(orderStatusLabelKey(status)).toBe(key);
  });

  it('shows an unknown status grey with the unknown label', () => {
    for (const status of ['REFUNDED', '', 'open', 'toString']) {
      expect(orderStatusColor(status)).toBe('gray');
      expect(orderStatusLabelKey(status)).toBe('status.UNKNOWN');
    }
  });
});

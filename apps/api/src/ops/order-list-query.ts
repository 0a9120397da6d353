import type { ParsedArgs } from './parse-args';

/** `--status`, `--page`, `--page-size` of the order list commands as a query string (with its `?`). */
export function orderListQuery(options: ParsedArgs['options']): string {
  const query = new URLSearchParams();
  for (const [name, param] of [
    ['status', 'status'],
    ['page', 'page'],
    ['page-size', 'pageSize'],
  ] as const) {
    const value = options[name];
    if (typeof value === 'string') query.set(param, value);
  }
  return query.size > 0 ? `?${query}` : '';
}

export const ORDER_LIST_OPTIONS = {
  page: { type: 'string', description: 'page number (default 1)' },
  'page-size': { type: 'string', description: 'orders per page, at most 100 (default 20)' },
} as const;

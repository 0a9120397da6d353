/** Query keys of deposits (spec section 3: list (page, pageSize), openOrders, laoqr by code). */
export const depositKeys = {
  all: ['deposit'] as const,
  lists: () => [...depositKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...depositKeys.lists(), { page, pageSize }] as const,
  openOrders: () => [...depositKeys.all, 'openOrders'] as const,
  laoqr: (code: string) => [...depositKeys.all, 'laoqr', code] as const,
};

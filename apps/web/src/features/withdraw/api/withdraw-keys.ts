/** Query keys of withdrawals (spec section 3: list (page, pageSize), openOrders). */
export const withdrawKeys = {
  all: ['withdraw'] as const,
  lists: () => [...withdrawKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...withdrawKeys.lists(), { page, pageSize }] as const,
  openOrders: () => [...withdrawKeys.all, 'openOrders'] as const,
};

/**
 * Query keys of promotions, the player's usages of them and the promotion block check (spec section 3:
 * promotion list, current, detail by id, usages (page, pageSize), checkBlocking). Use, cancel and recheck
 * invalidate `usagesAll()` and `current()`; the promotions themselves only change on the operator's side.
 */
export const promotionKeys = {
  all: ['promotion'] as const,
  list: () => [...promotionKeys.all, 'list'] as const,
  detail: (id: string) => [...promotionKeys.all, 'detail', id] as const,
  current: () => [...promotionKeys.all, 'current'] as const,
  usagesAll: () => [...promotionKeys.all, 'usages'] as const,
  usages: (page: number, pageSize: number) => [...promotionKeys.usagesAll(), { page, pageSize }] as const,
  backlist: () => [...promotionKeys.all, 'backlist'] as const,
  // The first-deposit promotions the player may still take (the deposit page offers them).
  firstDeposit: () => [...promotionKeys.all, 'first-deposit'] as const,
};

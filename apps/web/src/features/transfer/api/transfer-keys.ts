/** Query keys of transfers between providers: the player's paged list (page, pageSize). */
export const transferKeys = {
  all: ['transfer'] as const,
  lists: () => [...transferKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...transferKeys.lists(), { page, pageSize }] as const,
};

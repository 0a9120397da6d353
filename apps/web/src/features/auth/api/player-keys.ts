/** Query keys of the current player; mutations of this feature invalidate only these. */
export const playerKeys = {
  all: ['player'] as const,
  info: () => [...playerKeys.all, 'info'] as const,
  usernameCheck: (username: string) => [...playerKeys.all, 'username-check', username] as const,
};

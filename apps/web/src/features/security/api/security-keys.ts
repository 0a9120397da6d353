/** Query keys of the player's security page; its mutations invalidate only these. */
export const securityKeys = {
  all: ['security'] as const,
  notices: () => [...securityKeys.all, 'notices'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  totp: () => [...securityKeys.all, 'totp'] as const,
};

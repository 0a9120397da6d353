/** Query keys of the play-limits page; its mutations invalidate only these (and the player's info). */
export const playLimitsKeys = {
  all: ['play-limits'] as const,
  limits: () => [...playLimitsKeys.all, 'limits'] as const,
};

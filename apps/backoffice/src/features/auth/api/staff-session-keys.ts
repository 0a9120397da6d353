/** Query keys of the signed-in staff member. */
export const staffSessionKeys = {
  all: ['staff-session'] as const,
  me: () => [...staffSessionKeys.all, 'me'] as const,
  pendingTotp: () => [...staffSessionKeys.all, 'pending-totp'] as const,
};

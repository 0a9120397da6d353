/** Query keys of banks and the player's bank account; the account mutation invalidates only these. */
export const bankKeys = {
  all: ['bank'] as const,
  directory: () => [...bankKeys.all, 'banks'] as const,
  playerAccounts: () => [...bankKeys.all, 'playerAccounts'] as const,
};

import { ZUsername } from '@lc/shared/contracts/players';
import { useDebouncedValue } from '@mantine/hooks';
import { useUsernameCheck } from '../api/validate-username';

export type UsernameAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Debounced live uniqueness check of a username that already passes the local format rules. */
export function useUsernameAvailability(username: string, delayMs = 400): UsernameAvailability {
  const [debounced] = useDebouncedValue(username.trim(), delayMs);
  const isWellFormed = ZUsername.safeParse(debounced).success;
  const check = useUsernameCheck(isWellFormed ? debounced : null);
  if (!isWellFormed || debounced !== username.trim()) return isWellFormed ? 'checking' : 'idle';
  if (check.isFetching || check.isPending) return 'checking';
  if (check.isError) return 'error';
  return check.data?.available ? 'available' : 'taken';
}

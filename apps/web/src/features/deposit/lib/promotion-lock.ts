import type { TPromotionUsage } from '@lc/shared/contracts/promotions';
import { DEFAULT_LANGUAGE } from '@lc/shared/languages';

/** What the deposit form needs to lock its amount: the usage's provider, amount and promotion title. */
export type PromotionLock = { provider: string; depositAmount: string; title: string };

/**
 * The amount lock of the player's promotion (domain.md: while a usage is ACTIVE a deposit on its provider
 * must equal its deposit amount). A USED usage locks nothing: the server decides by the live credit.
 */
export function promotionLockOf(
  usage: TPromotionUsage | null,
  language: string | undefined,
): PromotionLock | null {
  if (usage?.status !== 'ACTIVE') return null;
  const title = usage.title[language as keyof TPromotionUsage['title']] || usage.title[DEFAULT_LANGUAGE];
  return { provider: usage.provider, depositAmount: usage.depositAmount, title };
}

/**
 * The player's promotion in use (USED): while it is, a deposit to any game needs the credit of its game under
 * the agency's threshold (`limits.promotionCreditThreshold`), which the form says before the server would refuse it.
 */
export function promotionInUseOf(
  usage: TPromotionUsage | null,
  language: string | undefined,
): { provider: string; title: string } | null {
  if (usage?.status !== 'USED') return null;
  const title = usage.title[language as keyof TPromotionUsage['title']] || usage.title[DEFAULT_LANGUAGE];
  return { provider: usage.provider, title };
}

/** The amount the form must send for `provider`, or null when the player may type any amount. */
export function lockedAmount(lock: PromotionLock | null, provider: string): string | null {
  return lock !== null && lock.provider === provider ? lock.depositAmount : null;
}

/** The form's values as they are sent: the locked amount replaces whatever was typed before the lock. */
export function withLockedAmount<T extends { provider: string; amount: string }>(
  values: T,
  lock: PromotionLock | null,
): T {
  const amount = lockedAmount(lock, values.provider);
  return amount === null ? values : { ...values, amount };
}

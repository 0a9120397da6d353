import { z } from 'zod';

export const RECONCILIATION_STATUSES = ['OK', 'DIFFERENCE', 'UNAVAILABLE'] as const;

/**
 * One player's credit at one provider, ledger and provider side by side (THB strings). `difference` =
 * ledger − (transferredIn − transferredOut) must be "0.00"; `gameNet` = providerBalance − net transfers is
 * what the player won or lost in games, shown for information only.
 */
export const ZReconciliationRow = z.object({
  playerId: z.string(),
  username: z.string(),
  provider: z.string(),
  member: z.string(),
  ledger: z.string(),
  transferredIn: z.string().nullable(),
  transferredOut: z.string().nullable(),
  difference: z.string().nullable(),
  providerBalance: z.string().nullable(),
  gameNet: z.string().nullable(),
  status: z.enum(RECONCILIATION_STATUSES),
  /** Why the provider could not be asked (status UNAVAILABLE). */
  error: z.string().nullable(),
});
export type TReconciliationRow = z.infer<typeof ZReconciliationRow>;

/** GET /api/ops/v1/reconciliation. */
export const ZReconciliationResponse = z.object({
  rows: z.array(ZReconciliationRow),
  summary: z.object({
    accounts: z.number().int(),
    differences: z.number().int(),
    unavailable: z.number().int(),
    checkedAt: z.string(),
  }),
});
export type TReconciliationResponse = z.infer<typeof ZReconciliationResponse>;

import { z } from 'zod';
import { ZPage } from './common';

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

/**
 * The agency's own ledger accounts (THB strings), so bonuses are accounted apart from the house: `house`
 * goes negative as credit is handed out for deposits, `bonus` as promotion bonuses are given (and back up when
 * one is taken back), `payout` is credit taken out for withdrawals and not yet paid out, over all players.
 */
export const ZLedgerTotals = z.object({ house: z.string(), bonus: z.string(), payout: z.string() });
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

export const RECONCILIATION_RUN_KINDS = ['FULL', 'ACTIVITY'] as const;
export const RECONCILIATION_RUN_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export const REFERENCE_DIFFERENCE_KINDS = [
  'MISSING_AT_PROVIDER',
  'MISSING_IN_LEDGER',
  'AMOUNT_DIFFERS',
] as const;

/**
 * A stored reconciliation run. An ACTIVITY run matches the providers' transfers of its window against the
 * ledger by reference and reads the statements of accounts with activity (plus a few for the slow sweep);
 * a FULL run reads every account's statement. Counts are filled in when it finishes.
 */
export const ZReconciliationRun = z.object({
  id: z.string(),
  kind: z.enum(RECONCILIATION_RUN_KINDS),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  /** False when a provider's transfer report or a look-up could not be read: the next run reads the window again. */
  isWindowComplete: z.boolean(),
  accountsChecked: z.number().int(),
  transfersMatched: z.number().int(),
  providerCalls: z.number().int(),
  /** Accounts with any difference. */
  differences: z.number().int(),
  /** Accounts whose statement could not be read. */
  unavailable: z.number().int(),
  /** Why a FAILED run stopped. */
  error: z.string().nullable(),
});
export type TReconciliationRun = z.infer<typeof ZReconciliationRun>;

/**
 * A reference on one side only, or with different amounts on each side: signed THB (positive = into the
 * player's wallet), null on the side that does not have it.
 */
export const ZReconciliationReference = z.object({
  reference: z.string(),
  kind: z.enum(REFERENCE_DIFFERENCE_KINDS),
  provider: z.string().nullable(),
  ledger: z.string().nullable(),
});
export type TReconciliationReference = z.infer<typeof ZReconciliationReference>;

/**
 * One ledger account that differs, with what explains it: `balance` when its ledger balance differs from the
 * provider's transferred in − out, `cache` when its cached balance differs from the sum of its entries,
 * and the references missing or different on either side.
 */
export const ZReconciliationDifference = z.object({
  accountId: z.string(),
  /** The ledger account's kind and currency, e.g. `PLAYER_PROVIDER THB`, `HOUSE THB`. */
  account: z.string(),
  playerId: z.string().nullable(),
  username: z.string().nullable(),
  provider: z.string().nullable(),
  balance: z.object({ ledger: z.string(), provider: z.string(), difference: z.string() }).nullable(),
  cache: z.object({ cached: z.string(), entries: z.string() }).nullable(),
  references: z.array(ZReconciliationReference),
});
export type TReconciliationDifference = z.infer<typeof ZReconciliationDifference>;

/** POST /api/ops/v1/reconciliation/runs: the kind of run to start (ACTIVITY by default). */
export const ZStartReconciliationRequest = z.object({
  kind: z.enum(RECONCILIATION_RUN_KINDS).default('ACTIVITY'),
});
export const ZStartReconciliationResponse = z.object({ run: ZReconciliationRun });
export const ZReconciliationRunPage = ZPage(ZReconciliationRun);

/**
 * GET /api/ops/v1/reconciliation (the latest finished run) and GET …/reconciliation/runs/{id}: the run, the
 * accounts whose statements it read (`rows`), its differences, and the agency's ledger totals.
 */
export const ZReconciliationResponse = z.object({
  run: ZReconciliationRun,
  rows: z.array(ZReconciliationRow),
  differences: z.array(ZReconciliationDifference),
  summary: z.object({
    /** Accounts whose statement the run read. */
    accounts: z.number().int(),
    /** Accounts with any difference (balance, reference or cached balance). */
    differences: z.number().int(),
    unavailable: z.number().int(),
    checkedAt: z.string(),
    ledger: ZLedgerTotals,
    /** Every THB ledger account of the agency summed: always "0.00" (each transaction sums to zero). */
    ledgerSum: z.string(),
  }),
});
export type TReconciliationResponse = z.infer<typeof ZReconciliationResponse>;

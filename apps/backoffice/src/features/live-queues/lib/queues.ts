import type { TOpsQueueEvent } from '@lc/shared/contracts/ops-events';
import type { TStaffRole } from '@lc/shared/contracts/ops-staff';
import { approvalKeys, bankPaymentKeys, depositKeys, withdrawalKeys } from '@/lib/query-keys';

/**
 * The queues staff work from, as backoffice.md names them: which list and statuses make each one, the event
 * type that moves it, its menu entry and the least role that may read it.
 */
export const QUEUES = [
  {
    nav: 'deposits',
    type: 'deposit',
    path: '/ops/v1/deposits',
    statuses: ['PAID', 'FAILED'],
    keys: depositKeys,
    role: 'support',
  },
  {
    nav: 'bankPayments',
    type: 'bank-payment',
    path: '/ops/v1/bank-payments',
    statuses: ['UNMATCHED'],
    keys: bankPaymentKeys,
    role: 'support',
  },
  {
    nav: 'withdrawals',
    type: 'withdrawal',
    path: '/ops/v1/withdrawals',
    statuses: ['OPEN'],
    keys: withdrawalKeys,
    role: 'support',
  },
  {
    nav: 'approvals',
    type: 'approval',
    path: '/ops/v1/approvals',
    statuses: ['PENDING'],
    keys: approvalKeys,
    role: 'finance',
  },
] as const satisfies ReadonlyArray<{
  nav: string;
  type: TOpsQueueEvent['type'];
  path: string;
  statuses: readonly string[];
  keys: {
    lists: () => readonly unknown[];
    counts: () => readonly unknown[];
    count: (status: string) => readonly unknown[];
  };
  role: TStaffRole;
}>;

export type TQueue = (typeof QUEUES)[number];
export type TQueueName = TQueue['nav'];

export function queueOf(event: TOpsQueueEvent): TQueue {
  return QUEUES.find((queue) => queue.type === event.type) ?? QUEUES[0];
}

/** True when the event puts a record into its queue (a PAID deposit, an OPEN withdrawal…), not out of it. */
export function isArrival(event: TOpsQueueEvent): boolean {
  return (queueOf(event).statuses as readonly string[]).includes(event.status);
}

import type { TStaffRole } from '@lc/shared/contracts/ops-staff';

/** The console's pages in menu order, each with the least role that may open it (backoffice.md). */
export const NAV_ENTRIES = [
  { to: '/dashboard', key: 'dashboard', role: 'support' },
  { to: '/deposits', key: 'deposits', role: 'support' },
  { to: '/bank-payments', key: 'bankPayments', role: 'support' },
  { to: '/withdrawals', key: 'withdrawals', role: 'support' },
  { to: '/players', key: 'players', role: 'support' },
  { to: '/approvals', key: 'approvals', role: 'finance' },
  { to: '/promotions', key: 'promotions', role: 'support' },
  { to: '/reconciliation', key: 'reconciliation', role: 'support' },
  { to: '/reports', key: 'reports', role: 'finance' },
  { to: '/settings', key: 'settings', role: 'support' },
  { to: '/staff', key: 'staff', role: 'admin' },
  { to: '/audit', key: 'audit', role: 'support' },
] as const satisfies ReadonlyArray<{ to: string; key: string; role: TStaffRole }>;

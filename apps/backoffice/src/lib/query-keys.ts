/**
 * The console's query-key factories, one per resource, in one file because actions cross resources: crediting
 * a bank payment changes the deposit list too. Each has `all`, `lists()` and `list(filter)`; a mutation
 * invalidates the `lists()` of what it changed, never everything.
 */
function resourceKeys<TFilter extends object>(name: string) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filter: TFilter) => [...all, 'list', filter] as const,
    /** How many records of a queue wait (the menu counts): refreshed with the lists on a queue event. */
    counts: () => [...all, 'count'] as const,
    count: (status: string) => [...all, 'count', status] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

export const depositKeys = resourceKeys<{ status?: string; page: number; playerId?: string }>('ops-deposits');
export const bankPaymentKeys = resourceKeys<{ status?: string; page: number }>('ops-bank-payments');
export const withdrawalKeys = resourceKeys<{ status?: string; page: number; playerId?: string }>(
  'ops-withdrawals',
);
export const approvalKeys = resourceKeys<{ status?: string; page: number }>('ops-approvals');
export const staffKeys = resourceKeys<Record<string, never>>('ops-staff');
export const auditKeys = resourceKeys<Record<string, string | number | undefined>>('ops-audit');
export const reconciliationKeys = resourceKeys<{ page: number }>('ops-reconciliation');
export const reportKeys = resourceKeys<{ date: string }>('ops-reports');
export const promotionKeys = resourceKeys<Record<string, never>>('ops-promotions');
export const dashboardKeys = resourceKeys<{ days: number }>('ops-dashboard');
export const agencyKeys = resourceKeys<Record<string, never>>('ops-agency');
export const exchangeRateKeys = resourceKeys<{ page: number }>('ops-exchange-rates');
export const paymentChannelKeys = resourceKeys<Record<string, never>>('ops-payment-channels');
export const providerSettingsKeys = resourceKeys<Record<string, never>>('ops-provider-settings');

/** Players: the search lists, and each player's page by part (`ledger`, `notes`…) under its detail key. */
export const playerKeys = {
  ...resourceKeys<{ query?: string; fingerprint?: string; page: number }>('ops-players'),
  parts: (id: string, part: string) => ['ops-players', 'detail', id, part] as const,
  part: (id: string, part: string, filter: object) => ['ops-players', 'detail', id, part, filter] as const,
};

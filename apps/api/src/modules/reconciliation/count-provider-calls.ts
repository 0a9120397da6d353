import type { GameProvider } from '../../adapters/providers/game-provider';

/** Provider calls made by one run, counted so a run can show its cost grows with activity only. */
export type CallCounter = { count: number };

/**
 * The provider's reconciliation reads, each counted in `counter` (statements, transfer report pages and
 * look-ups by reference; balances only where a provider has no statement: the only calls reconciliation makes).
 */
export function countProviderCalls(
  provider: GameProvider,
  counter: CallCounter,
): Pick<GameProvider, 'provider' | 'getStatement' | 'getBalance' | 'listTransfers' | 'findTransfer'> {
  return {
    provider: provider.provider,
    getStatement: (member) => {
      counter.count += 1;
      return provider.getStatement(member);
    },
    getBalance: (member) => {
      counter.count += 1;
      return provider.getBalance(member);
    },
    listTransfers: (from, to, cursor) => {
      counter.count += 1;
      return provider.listTransfers(from, to, cursor);
    },
    findTransfer: (reference) => {
      counter.count += 1;
      return provider.findTransfer(reference);
    },
  };
}

export type ReconciliationProvider = ReturnType<typeof countProviderCalls>;

import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportedTransfer } from '../../adapters/providers/game-provider';
import type { ReconciliationProvider } from './count-provider-calls';

export type CollectedTransfer = ReportedTransfer & { provider: TProvider };

/**
 * Every provider's transfer report for the window, page by page. A provider that cannot be read is left
 * out and named in `unavailable`: its window is then not complete and the next run reads it again.
 */
export async function collectProviderTransfers(
  providerOf: (provider: TProvider) => ReconciliationProvider,
  window: { from: Date; to: Date },
  log: FastifyBaseLogger,
): Promise<{ transfers: CollectedTransfer[]; unavailable: TProvider[] }> {
  const transfers: CollectedTransfer[] = [];
  const unavailable: TProvider[] = [];
  await Promise.all(
    PROVIDERS.map(async (name) => {
      const provider = providerOf(name);
      const found: CollectedTransfer[] = [];
      try {
        let cursor: string | null = null;
        do {
          const page = await provider.listTransfers(window.from, window.to, cursor);
          for (const t of page.transfers) found.push({ ...t, provider: name });
          // A report that answers the same cursor again would never end: read as unavailable instead.
          if (page.cursor !== null && page.cursor === cursor)
            throw new Error('the transfer report repeats a page');
          cursor = page.cursor;
        } while (cursor);
        transfers.push(...found);
      } catch (error) {
        log.warn({ err: error, provider: name }, 'transfer report failed');
        unavailable.push(name);
      }
    }),
  );
  return { transfers, unavailable };
}

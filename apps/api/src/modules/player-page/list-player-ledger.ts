import type { TPageQuery } from '@lc/shared/contracts/common';
import type { TOpsLedgerResponse } from '@lc/shared/contracts/ops-player-page';
import { formatMinor } from '@lc/shared/money';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/**
 * The player's ledger transactions, newest first (index on player and time), each with all its entries:
 * the player's own account beside the house, bonus, payout and LAK accounts it moved against.
 */
export async function listPlayerLedger(
  db: Db,
  playerId: string,
  page: TPageQuery,
): Promise<TOpsLedgerResponse> {
  const where = eq(ledgerTransactions.playerId, playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransactions)
      .where(where)
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(ledgerTransactions).where(where),
  ]);
  const entries =
    rows.length === 0
      ? []
      : await db
          .select({
            transactionId: ledgerEntries.transactionId,
            amount: ledgerEntries.amount,
            currency: ledgerEntries.currency,
            kind: ledgerAccounts.kind,
            provider: ledgerAccounts.provider,
            accountPlayerId: ledgerAccounts.playerId,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(
            inArray(
              ledgerEntries.transactionId,
              rows.map((r) => r.id),
            ),
          );
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      kind: row.kind,
      reference: row.reference,
      provider: row.provider,
      memo: row.memo,
      entries: entries
        .filter((e) => e.transactionId === row.id)
        .map((e) => ({
          account: e.kind,
          provider: e.provider,
          isPlayer: e.accountPlayerId === playerId,
          currency: e.currency,
          amount: formatMinor(e.amount, e.currency),
        })),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: total?.value ?? 0,
  };
}

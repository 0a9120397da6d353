import type { TOpsPlayersQuery, TOpsPlayersResponse } from '@lc/shared/contracts/ops-players';
import { and, count, desc, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { playerDevices, players } from '../../db/schema/players';
import { isUuid } from '../../lib/is-uuid';
import { toOpsPlayerDto } from './to-ops-player-dto';

/** `%`, `_` and `\` typed by an operator are matched literally, not as LIKE wildcards. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Spaces and dashes people type inside phone and account numbers ("020 5555-1234"). */
const digitsOf = (text: string) => text.replace(/[\s-]/g, '');
const NUMBER = /^\+?\d{6,20}$/;

/** A search text for the log: a run of 6+ digits (an account or phone number) keeps its last four only. */
export function maskDigits(text: string): string {
  return text.replace(/\d[\d\s-]{4,}\d{4}/g, (run) => `*${run.slice(-4)}`);
}

/**
 * Players of an agency, newest first: by id, part of username or display name, phone or bank account
 * number (exact after dropping spaces and dashes; indexes on agency + phone and agency + number), and/or a
 * device hash.
 */
export async function listPlayers(
  db: DbOrTx,
  agencyId: string,
  query: TOpsPlayersQuery,
): Promise<TOpsPlayersResponse> {
  const filters: (SQL | undefined)[] = [eq(players.agencyId, agencyId)];
  if (query.query) {
    const pattern = likeContains(query.query);
    const number = digitsOf(query.query);
    const isNumber = NUMBER.test(number);
    filters.push(
      or(
        ilike(players.username, pattern),
        ilike(players.displayName, pattern),
        isUuid(query.query) ? eq(players.id, query.query.toLowerCase()) : undefined,
        isNumber ? inArray(players.phone, [...new Set([query.query, number])]) : undefined,
        isNumber
          ? exists(
              db
                .select({ id: bankAccounts.id })
                .from(bankAccounts)
                .where(
                  and(
                    eq(bankAccounts.agencyId, agencyId),
                    eq(bankAccounts.accountNumber, number),
                    eq(bankAccounts.playerId, players.id),
                  ),
                ),
            )
          : undefined,
      ),
    );
  }
  if (query.fingerprint) {
    filters.push(
      exists(
        db
          .select({ id: playerDevices.id })
          .from(playerDevices)
          .where(and(eq(playerDevices.playerId, players.id), eq(playerDevices.hash, query.fingerprint))),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(players)
      .where(where)
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(players).where(where),
  ]);
  return {
    items: rows.map(toOpsPlayerDto),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

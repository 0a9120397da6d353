import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  sandboxProviderMembers as members,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { toMoney } from './to-sandbox-dto';

// A page of the transfer report; big enough that a busy window is a few calls, small enough to stay quick.
const PAGE_SIZE = 500;

// The cursor is the last row's id: the next page starts after that row's exact (time, id), read back from the
// table, so timestamps finer than a JavaScript Date (PostgreSQL keeps microseconds) never repeat a page.
const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new SandboxError(400, 'VALIDATION_ERROR', 'Unknown cursor');
  return id;
}

/**
 * The provider's transfer report: transfers applied from `from` to `to` (both included), oldest first, by keyset pages (the
 * cursor names the last row), so a page costs the same however long the history is.
 */
export async function listSandboxTransfers(
  db: DbOrTx,
  provider: TProvider,
  window: { from: Date; to: Date; cursor?: string | undefined },
) {
  const after = window.cursor ? decodeCursor(window.cursor) : null;
  const rows = await db
    .select({
      id: transfers.id,
      reference: transfers.reference,
      member: members.username,
      direction: transfers.direction,
      amount: transfers.amount,
      createdAt: transfers.createdAt,
    })
    .from(transfers)
    .innerJoin(members, eq(members.id, transfers.memberId))
    .where(
      and(
        eq(transfers.provider, provider),
        gte(transfers.createdAt, window.from),
        lte(transfers.createdAt, window.to),
        after
          ? sql`(${transfers.createdAt}, ${transfers.id}) > (SELECT last.created_at, last.id FROM ${transfers} AS last WHERE last.id = ${after}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(transfers.createdAt), asc(transfers.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    transfers: page.map((r) => ({
      reference: r.reference,
      member: r.member,
      direction: r.direction,
      amount: toMoney(r.amount),
      appliedAt: r.createdAt.toISOString(),
    })),
    cursor: rows.length > PAGE_SIZE && last ? encodeCursor(last.id) : null,
  };
}

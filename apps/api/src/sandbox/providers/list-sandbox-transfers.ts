import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  sandboxProviderMembers as members,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { toMoney } from './to-sandbox-dto';

// A page of the transfer report; big enough that a busy window is a few calls, small enough to stay quick.
const PAGE_SIZE = 500;

type Position = { at: Date; id: string };

const encodeCursor = (p: Position) => Buffer.from(`${p.at.toISOString()}|${p.id}`).toString('base64url');

function decodeCursor(cursor: string): Position {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new SandboxError(400, 'VALIDATION_ERROR', 'Unknown cursor');
  }
  return { at: date, id };
}

/**
 * The provider's transfer report: transfers applied from `from` to `to` (both included), oldest first, by keyset pages (the
 * cursor is the last row's time and id), so a page costs the same however long the history is.
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
          ? or(
              sql`${transfers.createdAt} > ${after.at.toISOString()}::timestamptz`,
              and(eq(transfers.createdAt, after.at), sql`${transfers.id} > ${after.id}::uuid`),
            )
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
    cursor: rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

import { perDatabase } from './per-database';

/** Loads the rows of one key; look-ups asked for in the same turn of the event loop share one query. */
export type BatchedLookup<Row> = { load: (key: string) => Promise<Row[]> };

type Waiter<Row> = { resolve: (rows: Row[]) => void; reject: (error: unknown) => void };

// A bound on one statement's key list; more keys in one turn start another batch.
const MAX_KEYS = 500;

/**
 * Coalesces look-ups by key (DataLoader-style, without caching): every `load` made before the event loop
 * next reaches its check phase joins one `run(keys)` call, whose rows are handed back by `keyOf(row)`.
 * Under load, many requests arrive in one turn, and one statement for all of them costs about what one
 * costs alone (on the 2-core bench machine most of a query's cost is the socket write that sends it, not
 * the index look-up), so each request reads fresh data at a fraction of a round trip. With no load, a
 * batch holds one key and the wait is one `setImmediate`.
 */
export function batchedLookup<Row>(
  run: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): BatchedLookup<Row> {
  let pending = new Map<string, Waiter<Row>[]>();

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    try {
      const byKey = new Map<string, Row[]>();
      for (const row of await run([...batch.keys()])) {
        const key = keyOf(row);
        const rows = byKey.get(key);
        if (rows) rows.push(row);
        else byKey.set(key, [row]);
      }
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(byKey.get(key) ?? []);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return {
    load: (key) =>
      new Promise<Row[]>((resolve, reject) => {
        if (pending.size === 0) setImmediate(() => void flush());
        else if (pending.size >= MAX_KEYS && !pending.has(key)) void flush();
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
      }),
  };
}

/**
 * Writes one row per call, coalesced like {@link batchedLookup}: the writes asked for in the same turn of the
 * event loop go to `run(db, ids, items)` together, one statement for all of them, which answers the ids of the
 * rows it wrote; each call answers whether its own row was written. `id` names the call's row (a new random
 * UUID, or the row's unique key); two calls with different ids in one batch are two rows even if they
 * collide in the table, so the statement decides (an INSERT's ON CONFLICT lets only the first one in).
 */
export function batchedRowWrite<Db extends object, Item>(
  run: (db: Db, ids: string[], items: Item[]) => Promise<readonly { id: string }[]>,
): (db: Db, id: string, item: Item) => Promise<boolean> {
  // Items waiting for their batch, by row id (unique across databases: UUIDs or the rows' own unique keys).
  const waiting = new Map<string, Item>();
  const batchOf = perDatabase((db: Db) =>
    batchedLookup<{ id: string }>(
      async (ids) => {
        const items = ids.map((id) => waiting.get(id) as Item);
        for (const id of ids) waiting.delete(id);
        return [...(await run(db, ids, items))];
      },
      (row) => row.id,
    ),
  );
  return async (db, id, item) => {
    waiting.set(id, item);
    return (await batchOf(db).load(id)).length > 0;
  };
}

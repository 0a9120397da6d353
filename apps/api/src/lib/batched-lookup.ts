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
 * `runOne(key)`, when given, serves a batch of one key: the same statement with a scalar parameter. A
 * prepared statement over an array is planned again at every execution (PostgreSQL's generic plan assumes
 * ten elements, so it never looks cheaper than a custom plan for one), while the scalar one runs on its
 * generic plan; most batches hold one key (decision 0057).
 */
export function batchedLookup<Row>(
  run: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
  runOne?: (key: string) => Promise<Row[]>,
): BatchedLookup<Row> {
  let pending = new Map<string, Waiter<Row>[]>();

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    try {
      const byKey = new Map<string, Row[]>();
      const keys = [...batch.keys()];
      const [only] = keys;
      for (const row of await (keys.length === 1 && only !== undefined && runOne
        ? runOne(only)
        : run(keys))) {
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
 * `runOne(db, id, item)`, when given, writes a batch of one row (as batchedLookup's `runOne`).
 */
export function batchedRowWrite<Db extends object, Item>(
  run: (db: Db, ids: string[], items: Item[]) => Promise<readonly { id: string }[]>,
  runOne?: (db: Db, id: string, item: Item) => Promise<readonly { id: string }[]>,
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
      runOne &&
        (async (id) => {
          const item = waiting.get(id) as Item;
          waiting.delete(id);
          return [...(await runOne(db, id, item))];
        }),
    ),
  );
  return async (db, id, item) => {
    waiting.set(id, item);
    return (await batchOf(db).load(id)).length > 0;
  };
}

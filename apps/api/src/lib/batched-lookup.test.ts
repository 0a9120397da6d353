import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLookup, batchedRowWrite } from './batched-lookup';

type Row = { key: string; value: number };

/** A lookup over a fixed table that records the key list of every statement it was asked to run. */
function recordingLookup(table: Row[]) {
  const runs: string[][] = [];
  const lookup = batchedLookup<Row>(
    async (keys) => {
      runs.push(keys);
      return table.filter((row) => keys.includes(row.key));
    },
    (row) => row.key,
  );
  return { lookup, runs };
}

describe('batchedLookup', () => {
  it('runs the look-ups of one turn as one call and hands each caller only the rows of its key', async () => {
    const { lookup, runs } = recordingLookup([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
      { key: 'b', value: 3 },
    ]);
    const [a, b, again, missing] = await Promise.all([
      lookup.load('a'),
      lookup.load('b'),
      lookup.load('a'),
      lookup.load('zz'),
    ]);
    expect(runs).toEqual([['a', 'b', 'zz']]);
    expect(a).toEqual([{ key: 'a', value: 1 }]);
    expect(again).toEqual([{ key: 'a', value: 1 }]);
    expect(b).toEqual([
      { key: 'b', value: 2 },
      { key: 'b', value: 3 },
    ]);
    expect(missing).toEqual([]);
  });

  it('caches nothing: a later turn runs again and sees what the table holds then', async () => {
    const table: Row[] = [{ key: 'a', value: 1 }];
    const { lookup, runs } = recordingLookup(table);
    expect(await lookup.load('a')).toEqual([{ key: 'a', value: 1 }]);
    table.length = 0;
    await nextTurn();
    expect(await lookup.load('a')).toEqual([]);
    expect(runs).toEqual([['a'], ['a']]);
  });

  it('rejects every caller of a failed batch, and the next batch runs normally', async () => {
    let isFailing = true;
    const lookup = batchedLookup<Row>(
      async (keys) => {
        if (isFailing) throw new Error('database down');
        return keys.map((key) => ({ key, value: 0 }));
      },
      (row) => row.key,
    );
    const results = await Promise.allSettled([lookup.load('a'), lookup.load('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    isFailing = false;
    expect(await lookup.load('a')).toEqual([{ key: 'a', value: 0 }]);
  });

  it('serves a lone key with runOne (a scalar statement) and two or more keys with run', async () => {
    const table: Row[] = [
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
    ];
    const calls: string[] = [];
    const lookup = batchedLookup<Row>(
      async (keys) => {
        calls.push(`run ${keys.join(',')}`);
        return table.filter((row) => keys.includes(row.key));
      },
      (row) => row.key,
      async (key) => {
        calls.push(`one ${key}`);
        return table.filter((row) => row.key === key);
      },
    );
    expect(await lookup.load('a')).toEqual([{ key: 'a', value: 1 }]);
    // Two callers of the same key are still one key: runOne, both answered.
    expect(await Promise.all([lookup.load('b'), lookup.load('b')])).toEqual([
      [{ key: 'b', value: 2 }],
      [{ key: 'b', value: 2 }],
    ]);
    expect(await Promise.all([lookup.load('a'), lookup.load('b')])).toEqual([
      [{ key: 'a', value: 1 }],
      [{ key: 'b', value: 2 }],
    ]);
    expect(calls).toEqual(['one a', 'one b', 'run a,b']);
  });

  it('splits a turn with more than 500 keys into several statements', async () => {
    const { lookup, runs } = recordingLookup([]);
    const keys = Array.from({ length: 1200 }, (_, i) => `k${i}`);
    await Promise.all(keys.map((key) => lookup.load(key)));
    expect(runs.map((run) => run.length)).toEqual([500, 500, 200]);
    expect(runs.flat()).toEqual(keys);
  });
});

describe('batchedRowWrite', () => {
  it('writes the rows of one turn in one call, per database, and tells each caller whether its row was written', async () => {
    const runs: { db: string; ids: string[]; items: number[] }[] = [];
    // A table that takes only even items, like an INSERT whose ON CONFLICT skips some rows.
    const write = batchedRowWrite<{ name: string }, number>(async (db, ids, items) => {
      runs.push({ db: db.name, ids, items });
      return ids.filter((_, i) => (items[i] ?? 1) % 2 === 0).map((id) => ({ id }));
    });
    const one = { name: 'one' };
    const other = { name: 'other' };
    const written = await Promise.all([write(one, 'a', 2), write(one, 'b', 3), write(other, 'c', 4)]);
    expect(written).toEqual([true, false, true]);
    expect(runs).toEqual([
      { db: 'one', ids: ['a', 'b'], items: [2, 3] },
      { db: 'other', ids: ['c'], items: [4] },
    ]);
    // The next turn is a batch of its own, and a failed statement fails each of its callers.
    const failing = batchedRowWrite<{ name: string }, number>(async () => {
      throw new Error('down');
    });
    await expect(Promise.all([failing(one, 'd', 2), failing(one, 'e', 4)])).rejects.toThrow('down');
    expect(await write(one, 'f', 6)).toBe(true);
    expect(runs.at(-1)).toEqual({ db: 'one', ids: ['f'], items: [6] });
  });

  it('writes a lone row with runOne, with its own item', async () => {
    const calls: string[] = [];
    const write = batchedRowWrite<{ name: string }, number>(
      async (_db, ids, items) => {
        calls.push(`run ${ids.join(',')}:${items.join(',')}`);
        return ids.map((id) => ({ id }));
      },
      async (_db, id, item) => {
        calls.push(`one ${id}:${item}`);
        return item % 2 === 0 ? [{ id }] : [];
      },
    );
    const db = { name: 'one' };
    expect(await write(db, 'a', 3)).toBe(false);
    expect(await write(db, 'b', 4)).toBe(true);
    expect(await Promise.all([write(db, 'c', 5), write(db, 'd', 6)])).toEqual([true, true]);
    expect(calls).toEqual(['one a:3', 'one b:4', 'run c,d:5,6']);
  });
});

/**
 * `make(db)` once per database handle, on first use, then the same value for that handle: the home of a
 * handle's prepared statements and batched look-ups (tests run many apps, each with its own database).
 */
export function perDatabase<Db extends object, Value>(make: (db: Db) => Value): (db: Db) => Value {
  const made = new WeakMap<Db, Value>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

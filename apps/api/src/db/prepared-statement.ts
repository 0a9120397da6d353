import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Prepared<Result> = { execute: (values: Record<string, unknown>) => Promise<Result> };
type Preparable<Result> = { prepare: (name: string) => Prepared<Result> };

/**
 * A hot statement built once per database handle (or per transaction) and prepared by name: drizzle does not
 * build its SQL again, and PostgreSQL parses and plans it once per connection rather than on every call
 * (profiled on `npm run bench:money`: building SQL took 2.3 ms of the API's 19 ms of CPU per deposit, and
 * parsing and planning a large CTE costs PostgreSQL more than running it). `build` writes the statement with
 * `sql.placeholder(name)` where a call's values go; the call passes them by those names.
 */
export function preparedStatement<Result>(
  name: string,
  build: (db: DbOrTx) => Preparable<Result>,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Result> {
  const statements = new WeakMap<object, Prepared<Result>>();
  return (db, values) => {
    const key = connectionOf(db);
    let statement = statements.get(key);
    if (!statement) {
      statement = build(db).prepare(name);
      statements.set(key, statement);
    }
    return statement.execute(values);
  };
}

/**
 * What a prepared statement is bound to: the driver client of the handle's session (drizzle's prepared
 * query holds it and nothing else of the session). For the database that is the pool (or PGlite); for a
 * node-postgres transaction it is the pooled connection, which later transactions check out again, so a
 * statement used inside transactions is built once per connection, not once per transaction (the withdrawal
 * path's live-usage read, rebuilt in every transaction, was the largest query-building cost in a profile of
 * bench:money). A handle without such a client keys by itself.
 */
function connectionOf(db: DbOrTx): object {
  const client = (db._.session as unknown as { client?: unknown }).client;
  return typeof client === 'object' && client !== null ? client : db;
}

const dialect = new PgDialect();

/**
 * {@link preparedStatement} for a statement written as raw SQL (a CTE chain no query builder expresses):
 * `statement` has `sql.placeholder(name)` where a call's values go, and its text must not depend on them
 * (pass lists as arrays). It is turned into SQL text once; the answer is the driver's (`rowsOf` reads it).
 */
export function preparedSql(
  name: string,
  statement: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  return preparedStatement(name, (db) => ({
    prepare: (statementName) => db._.session.prepareQuery(query, undefined, statementName, false),
  }));
}

/** What an error becomes in a log line: enough to find the fault, never the data the query carried. */
export type SafeSerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  /** PostgreSQL's description of the fault (names, never values). */
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: SafeSerializedError;
};

// Named parts of a database error; `detail`, `where`, `internalQuery`, `query` and `params` stay out because
// they repeat the row or the bound values (a CHECK failure's detail is the whole row, password hash included).
const DATABASE_NAMES = ['severity', 'constraint', 'table', 'column', 'routine'] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

/**
 * pino serializer for `err` (and `error`): type, message, stack and the database error's names, with every
 * query, bound parameter and quoted value taken out, for every logger of the app (child loggers inherit it).
 */
export function serializeErrorSafely(error: Error): SafeSerializedError {
  // pino hands over whatever was logged under `err`; a non-error is shown as text rather than crash the log.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  return serialize(error, MAX_CAUSES);
}

function serialize(error: Error, causesLeft: number): SafeSerializedError {
  const fields = error as Error & Record<string, unknown>;
  const code = fields.code;
  const isDatabaseError = typeof code === 'string' && SQLSTATE.test(code);
  const message = safeMessage(error, isDatabaseError);
  const type = error.constructor?.name || error.name || 'Error';
  const frames = stackFrames(error.stack);
  const out: SafeSerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (isDatabaseError) {
    for (const name of DATABASE_NAMES) {
      const part = fields[name];
      if (typeof part === 'string') out[name] = part;
    }
  }
  if (error.cause instanceof Error && causesLeft > 0) out.cause = serialize(error.cause, causesLeft - 1);
  return out;
}

function safeMessage(error: Error, isDatabaseError: boolean): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"; its cause holds the real reason.
  if ('params' in error || 'query' in error) return 'Failed query (statement and parameters not logged)';
  const firstLine = error.message.split('\nparams:')[0] ?? '';
  // PostgreSQL quotes the offending input: `invalid input syntax for type uuid: "…"`.
  return isDatabaseError ? firstLine.replace(/(:\s*)"[^"]*"/g, '$1"[redacted]"') : firstLine;
}

/** Only the `at …` lines: the stack's first lines repeat the message, query and parameters included. */
function stackFrames(stack: string | undefined): string[] {
  return (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
}

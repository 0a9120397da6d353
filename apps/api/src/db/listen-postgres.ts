import pg from 'pg';

/** What a LISTEN connection reports: each payload, a reconnect (notifications in between are lost), a failure. */
export type ListenHandlers = {
  onPayload: (payload: string) => void;
  /** After a dropped connection is replaced: whatever was notified while it was down never arrives. */
  onGap: () => void;
  onError: (error: Error) => void;
};

export type Listening = { close: () => Promise<void> };

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/** The name the dedicated connection shows in pg_stat_activity (tests end it there to prove the reconnect). */
export const LISTEN_APPLICATION_NAME = 'lc-order-events';

/**
 * LISTEN on one dedicated session-mode connection, outside the pool: a pooled connection goes back to the
 * pool and would take the LISTEN with it (and a transaction-pooling PgBouncer cannot hold one at all). A
 * dropped connection is replaced with backoff (250 ms doubling to 10 s); the first connection must succeed.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  let current: pg.Client | null = null;
  let isClosed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) {
      await client.end();
      return;
    }
    current = client;
  };

  const drop = (client: pg.Client, error?: Error): void => {
    if (current !== client || isClosed) return;
    current = null;
    if (error) handlers.onError(error);
    client.end().catch(() => undefined);
    retryMs = FIRST_RETRY_MS;
    schedule();
  };

  const schedule = (): void => {
    timer = setTimeout(async () => {
      try {
        await connect();
        if (!isClosed) handlers.onGap();
      } catch (error) {
        handlers.onError(error instanceof Error ? error : new Error(String(error)));
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        if (!isClosed) schedule();
      }
    }, retryMs);
    timer.unref();
  };

  await connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

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

/** LISTEN to channels of one database; each `listen` adds a channel to the one connection. */
export type PostgresListener = {
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listening>;
};

/**
 * LISTEN on one dedicated session-mode connection per process, outside the pool, whatever the number of
 * channels (the pool's size plus one is what each process takes of the server): a pooled connection goes
 * back to the pool and would take the LISTEN with it (and a transaction-pooling PgBouncer cannot hold one at
 * all). The connection opens with the first channel; a dropped one is replaced with backoff (250 ms doubling
 * to 10 s), listens to every channel again and reports the gap to each; it closes with the last channel.
 */
export function createPostgresListener(url: string): PostgresListener {
  const channels = new Map<string, ListenHandlers>();
  let current: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  /** A dropped connection is being replaced: a channel added meanwhile is listened to by the replacement. */
  let isReconnecting = false;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (message) => {
      const handlers = channels.get(message.channel);
      if (handlers && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const drop = (client: pg.Client, error?: Error): void => {
    if (current !== client) return;
    current = null;
    for (const handlers of channels.values()) if (error) handlers.onError(error);
    client.end().catch(() => undefined);
    retryMs = FIRST_RETRY_MS;
    isReconnecting = true;
    schedule();
  };

  const schedule = (): void => {
    timer = setTimeout(async () => {
      if (channels.size === 0) {
        isReconnecting = false;
        return;
      }
      try {
        const client = await connect();
        isReconnecting = false;
        if (channels.size === 0) {
          await client.end();
          return;
        }
        current = client;
        for (const handlers of channels.values()) handlers.onGap();
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const handlers of channels.values()) handlers.onError(failure);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        if (channels.size > 0) schedule();
        else isReconnecting = false;
      }
    }, retryMs);
    timer.unref();
  };

  return {
    listen: async (channel, handlers) => {
      if (channels.has(channel)) throw new Error(`already listening to ${channel}`);
      channels.set(channel, handlers);
      try {
        if (!current && !isReconnecting) {
          // No connection yet (the first channel, or the first after all were closed): open it now, and it
          // must succeed; channels added while it opens share it.
          opening ??= connect().finally(() => {
            opening = null;
          });
          const client = await opening;
          if (current && current !== client) await client.end();
          else current = client;
        }
        // LISTEN twice is harmless; a replacement being made listens to every channel itself.
        if (current) await current.query(`LISTEN ${current.escapeIdentifier(channel)}`);
      } catch (error) {
        channels.delete(channel);
        throw error;
      }
      return {
        close: async () => {
          channels.delete(channel);
          const client = current;
          if (channels.size > 0) {
            await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
            return;
          }
          clearTimeout(timer);
          timer = undefined;
          isReconnecting = false;
          current = null;
          await client?.end().catch(() => undefined);
        },
      };
    },
  };
}

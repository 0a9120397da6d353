import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';

/** The channel a database trigger notifies with the id of every player session deleted (migration 0033). */
export const SESSION_ENDED_CHANNEL = 'session_ended';

export type SessionEnds = {
  /** Calls `onEnd` when the session ends in any process; answers the function that stops watching. */
  watch: (sessionId: string, onEnd: () => void) => () => void;
  /** Tells the watchers of `sessionId` in this process (the notification's handler). */
  publish: (sessionId: string) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends of player sessions in every process on this database, as they commit. */
    sessionEnds: SessionEnds;
  }
}

export function createSessionEnds(): SessionEnds {
  const watchers = new Map<string, Set<() => void>>();
  return {
    watch: (sessionId, onEnd) => {
      const set = watchers.get(sessionId) ?? new Set();
      set.add(onEnd);
      watchers.set(sessionId, set);
      return () => {
        set.delete(onEnd);
        if (set.size === 0 && watchers.get(sessionId) === set) watchers.delete(sessionId);
      };
    },
    publish: (sessionId) => {
      for (const onEnd of [...(watchers.get(sessionId) ?? [])]) onEnd();
    },
  };
}

/**
 * Listens to the ends of player sessions (one connection per process), so what lives on a session — its
 * event streams — ends the moment the session does: logout, ended from another device, a password change.
 * A notification missed while the LISTEN connection is replaced costs at most one heartbeat: each stream
 * still re-reads its session at every beat.
 */
export async function registerSessionEnds(app: FastifyInstance, handle: DbHandle): Promise<void> {
  const ends = createSessionEnds();
  app.decorate('sessionEnds', ends);
  const listening = await handle.listen(SESSION_ENDED_CHANNEL, {
    onPayload: (sessionId) => ends.publish(sessionId),
    onGap: () => app.log.warn('session ends: LISTEN connection replaced; streams rely on their heartbeat'),
    onError: (error) => app.log.warn({ err: error }, 'session ends: LISTEN connection failed, reconnecting'),
  });
  app.addHook('onClose', async () => {
    await listening.close();
  });
}

import { PLAYER_ORDER_EVENT } from '@lc/shared/contracts/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { playerOf, sessionOf } from '../../plugins/session';
import { isSessionLive } from '../sessions/is-session-live';
import { type EventStream, startEventStream } from './start-event-stream';
import { toPlayerOrderEvent } from './to-player-order-event';

/**
 * Open streams per player in one process. One tab holds one stream and a player has at most five sessions
 * (devices); ten leaves room for a few tabs on each of two devices while a script with one cookie cannot
 * hold thousands of sockets and heartbeat timers open. Per process, as every other flood limit (decision
 * 0029): across N processes a player holds at most N × 10.
 */
export const MAX_STREAMS_PER_PLAYER = 10;

export type PlayerEventStreams = {
  /** Answers `request` with the player's event stream (takes the reply over), or throws 429 over the cap. */
  open: (request: FastifyRequest, reply: FastifyReply) => void;
  /** Ends every open stream (shutdown). */
  endAll: () => void;
};

/** The `text/event-stream` answers of `GET /api/v2/players/events` in this process. */
export function createPlayerEventStreams(app: FastifyInstance): PlayerEventStreams {
  const streamsByPlayer = new Map<string, Set<() => void>>();

  const open = (request: FastifyRequest, reply: FastifyReply): void => {
    const player = playerOf(request);
    const session = sessionOf(request);
    const streams = streamsByPlayer.get(player.id) ?? new Set<() => void>();
    if (streams.size >= MAX_STREAMS_PER_PLAYER) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many open event streams', undefined, {
        'retry-after': String(Math.ceil(app.config.eventsHeartbeatMs / 1000)),
      });
    }
    streamsByPlayer.set(player.id, streams);

    // Set by the lines below before any event or beat can call it.
    let stream: EventStream | undefined;
    const send = (text: string) => stream?.send(text);
    const end = () => stream?.end();
    const unsubscribe = app.orderEvents.subscribePlayer(player.id, (event) => {
      // A player id belongs to one agency; the check keeps a stream to what its session's agency may see.
      if (event.agencyId !== session.agencyId) return;
      const data = toPlayerOrderEvent(event);
      if (data) send(`event: ${PLAYER_ORDER_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    // Events may have been missed: end the stream, the browser reconnects and re-reads what it shows.
    const stopGapWatch = app.orderEvents.onGap(() => end());
    // The session ended (logout, ended elsewhere, password changed): nothing more is sent on it.
    const stopSessionWatch = app.sessionEnds.watch(session.id, () => end());
    // The heartbeat keeps proxies from closing an idle stream; the session is re-read at each beat, so a
    // stream of an expired session (or one whose end's notification was missed) stops within one beat.
    const heartbeat = setInterval(async () => {
      try {
        if (!(await isSessionLive(app.db, session.id, app.now()))) return end();
      } catch (error) {
        request.log.warn({ err: error }, 'event stream: session re-check failed, tried again next beat');
      }
      send(': heartbeat\n\n');
    }, app.config.eventsHeartbeatMs);

    const stop = (): void => {
      clearInterval(heartbeat);
      unsubscribe();
      stopGapWatch();
      stopSessionWatch();
      streams.delete(end);
      if (streams.size === 0 && streamsByPlayer.get(player.id) === streams) streamsByPlayer.delete(player.id);
    };
    stream = startEventStream(reply, stop);
    streams.add(end);
  };

  return {
    open,
    endAll: () => {
      for (const streams of [...streamsByPlayer.values()]) for (const end of [...streams]) end();
    },
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { opsCallerOf } from '../../plugins/ops-auth';
import { agencyOf } from '../agency/agency-resolver';
import { isStaffSessionLive } from '../staff/is-staff-session-live';
import type { OrderEvent } from './order-event';
import { startEventStream } from './start-event-stream';
import { toOpsQueueEvent } from './to-ops-queue-event';

/**
 * Open back-office streams per staff member (and for the automation account) in one process: as for
 * players (decision 0036), a console tab holds one; ten leaves room for several tabs and devices while one
 * cookie cannot pin thousands of sockets.
 */
export const MAX_STREAMS_PER_STAFF = 10;

export type StaffEventStreams = {
  /** Answers `request` with the caller's agency's queue events (takes the reply over), or 429 over the cap. */
  open: (request: FastifyRequest, reply: FastifyReply) => void;
  endAll: () => void;
};

// A payment of a bill no agency issued (no agency) is in every agency's unmatched queue (list-bank-payments).
const isVisibleTo = (event: OrderEvent, agencyId: string) =>
  event.agencyId === agencyId || (event.kind === 'bank_payment' && event.agencyId === null);

/** The `text/event-stream` answers of `GET /api/ops/v1/events` in this process. */
export function createStaffEventStreams(app: FastifyInstance): StaffEventStreams {
  const streamsByCaller = new Map<string, Set<() => void>>();

  const open = (request: FastifyRequest, reply: FastifyReply): void => {
    const caller = opsCallerOf(request);
    const agencyId = agencyOf(request).id;
    const key = caller.kind === 'staff' ? caller.staff.id : caller.name;
    const streams = streamsByCaller.get(key) ?? new Set<() => void>();
    if (streams.size >= MAX_STREAMS_PER_STAFF) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many open event streams', undefined, {
        'retry-after': String(Math.ceil(app.config.eventsHeartbeatMs / 1000)),
      });
    }
    streamsByCaller.set(key, streams);

    // One subscription to the process's fan-out (the same LISTEN connection the player streams use).
    const unsubscribe = app.orderEvents.subscribeAll((event) => {
      if (!isVisibleTo(event, agencyId)) return;
      const data = toOpsQueueEvent(event);
      if (data) stream.send(`data: ${JSON.stringify(data)}\n\n`);
    });
    const stopGapWatch = app.orderEvents.onGap(() => stream.end());
    // The staff session (not the OPS token, which has none) is re-read at each beat: a signed-out,
    // expired or deactivated member's stream stops within one beat, in whichever process.
    const sessionId = caller.kind === 'staff' ? caller.session.id : null;
    const heartbeat = setInterval(async () => {
      try {
        if (sessionId && !(await isStaffSessionLive(app.db, sessionId, app.now()))) return stream.end();
      } catch (error) {
        request.log.warn({ err: error }, 'ops event stream: session re-check failed, tried again next beat');
      }
      stream.send(': heartbeat\n\n');
    }, app.config.eventsHeartbeatMs);

    const stream = startEventStream(reply, () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopGapWatch();
      streams.delete(stream.end);
      if (streams.size === 0 && streamsByCaller.get(key) === streams) streamsByCaller.delete(key);
    });
    streams.add(stream.end);
  };

  return {
    open,
    endAll: () => {
      for (const streams of [...streamsByCaller.values()]) for (const end of [...streams]) end();
    },
  };
}

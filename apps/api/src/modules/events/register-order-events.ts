import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { ORDER_EVENTS_CHANNEL, parseOrderEvent } from './order-event';
import { createOrderEventHub, type OrderEventHub } from './order-event-hub';
import { startOrderEventRelay } from './relay-order-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order status changes of every process on this database, fanned out in this one (decision 0036). */
    orderEvents: OrderEventHub;
  }
}

/**
 * Listens to the order events' notifications (one connection per process) and fans them out to this
 * process's streams, and relays the outbox's committed events to that notification channel (decision 0048).
 * Nothing publishes from application code: the database triggers see every status change, whichever
 * process, route or worker step makes it.
 */
export async function registerOrderEvents(app: FastifyInstance, handle: DbHandle): Promise<void> {
  const hub = createOrderEventHub((error) => app.log.error({ err: error }, 'order event listener failed'));
  app.decorate('orderEvents', hub);
  const listening = await handle.listen(ORDER_EVENTS_CHANNEL, {
    onPayload: (payload) => {
      const event = parseOrderEvent(payload);
      if (event) hub.publish(event);
      else app.log.warn({ bytes: payload.length }, 'order event: unreadable notification ignored');
    },
    onGap: () => {
      app.log.warn('order events: LISTEN connection replaced; streams are told to catch up');
      hub.reportGap();
    },
    onError: (error) => app.log.warn({ err: error }, 'order events: LISTEN connection failed, reconnecting'),
  });
  app.addHook('onClose', async () => {
    await listening.close();
  });
  startOrderEventRelay(app);
}

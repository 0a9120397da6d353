import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';

// How often each process looks for committed events (decision 0048): the latency a live status adds, against
// a near-free statement on an empty table. A full batch is followed at once by the next. While the database
// fails, the turns space out (doubling up to 10 s) and only the first failure of a streak is logged.
const RELAY_INTERVAL_MS = 100;
const MAX_RETRY_MS = 10_000;
const BATCH = 500;

// Prepared: every process runs it ten times a second.
const relayStatement = preparedSql(
  'relay_order_events',
  sql`SELECT relay_order_events(${sql.placeholder('batch')}::int) AS relayed`,
);

/** Notifies the committed events of the outbox, oldest first; answers how many (0 when another relay ran). */
export async function relayOrderEvents(app: FastifyInstance): Promise<number> {
  const result = await relayStatement(app.db, { batch: BATCH });
  return rowsOf<{ relayed: number }>(result)[0]?.relayed ?? 0;
}

/**
 * Runs the relay in this process until the app closes. Every process relays (no process is special, and one
 * that stops takes nothing with it); the function's advisory lock lets one at a time do it.
 */
export function startOrderEventRelay(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  let failures = 0;
  const schedule = () => {
    const delay = failures === 0 ? RELAY_INTERVAL_MS : Math.min(MAX_RETRY_MS, 500 * 2 ** failures);
    timer = setTimeout(() => {
      running = tick();
    }, delay);
  };
  const tick = async () => {
    try {
      while (!isStopped && (await relayOrderEvents(app)) === BATCH) {}
      if (failures > 0) app.log.info({ failures }, 'order events: relay works again');
      failures = 0;
    } catch (error) {
      if (failures === 0) app.log.warn({ err: error }, 'order events: relay failed; trying again');
      failures += 1;
    }
    if (!isStopped) schedule();
  };
  schedule();
  app.addHook('preClose', async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
  });
}

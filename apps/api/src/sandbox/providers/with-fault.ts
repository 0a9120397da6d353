import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from './sandbox-http';

/**
 * Runs a provider call under the `providers` faults of SANDBOX_FAULTS (or another `target`'s, e.g. `bank`)
 * and sends its answer:
 * - error: 503 SANDBOX_FAULT before anything is done;
 * - timeout: stalls past the client's timeout (or until the client hangs up) and does nothing;
 * - lost: does the work (or refuses it), then drops the connection without an answer.
 */
export async function sendWithFault(
  request: FastifyRequest,
  reply: FastifyReply,
  operation: () => Promise<unknown>,
  target = 'providers',
): Promise<FastifyReply> {
  const faults = request.server.sandboxFaults;
  const fault = faults.decide(target);
  if (fault === 'error') throw new SandboxError(503, 'SANDBOX_FAULT', 'Injected fault: error');
  if (fault === 'timeout') {
    const abort = new AbortController();
    const hangUp = once(reply.raw, 'close', { signal: abort.signal }).catch(() => undefined);
    const stall = sleep(faults.timeoutDelayMs, undefined, { signal: abort.signal }).catch(() => undefined);
    await Promise.race([stall, hangUp]);
    abort.abort(); // ends whichever of the two is still waiting
    request.log.info({ fault }, 'sandbox fault: stalled without doing anything');
    if (request.raw.socket?.destroyed ?? true) return reply.hijack();
    throw new SandboxError(504, 'SANDBOX_FAULT', 'Injected fault: timeout');
  }
  if (fault === 'lost') {
    // The answer is dropped whatever it would have been, a refusal included.
    const outcome = await operation().then(
      () => 'done',
      (error: unknown) => (error instanceof SandboxError ? error.code : 'failed'),
    );
    request.log.info({ fault, outcome }, 'sandbox fault: answer dropped');
    reply.hijack();
    request.raw.socket?.destroy();
    return reply;
  }
  return reply.send(await operation());
}

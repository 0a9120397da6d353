import type { FastifyReply } from 'fastify';

// The browser waits this long before reconnecting after a drop (EventSource's `retry`).
const RETRY_MS = 3000;
// A client that stops reading: once this much is queued for it, the stream is ended (it reconnects later).
const MAX_QUEUED_BYTES = 64 * 1024;

export type EventStream = {
  /** Writes one SSE block (ignored once ended); ends the stream when the client stops reading. */
  send: (text: string) => void;
  end: () => void;
  isEnded: () => boolean;
};

/**
 * Takes the reply over and starts a `text/event-stream` answer (decision 0036): nothing may buffer, compress
 * or end it. The security and no-store headers were set on the raw response by the onRequest hooks; the
 * request id is copied over. `onEnd` runs once, on `end()` or when the client goes away.
 */
export function startEventStream(reply: FastifyReply, onEnd: () => void): EventStream {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and similar proxies would otherwise hold events back in their buffers.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  let isEnded = false;
  const end = (): void => {
    if (isEnded) return;
    isEnded = true;
    onEnd();
    raw.end();
  };
  raw.on('close', end);
  return {
    send: (text) => {
      if (isEnded) return;
      raw.write(text);
      if (raw.writableLength > MAX_QUEUED_BYTES) end();
    },
    end,
    isEnded: () => isEnded,
  };
}

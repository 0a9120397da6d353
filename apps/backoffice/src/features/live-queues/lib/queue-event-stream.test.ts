import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueueEventStream, FIRST_RETRY_MS, type QueueStreamState } from './queue-event-stream';

/** A stand-in for EventSource: the test fires its events. */
class FakeSource {
  readyState = 0;
  isClosed = false;
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
    this.readyState = 2;
  }
  fire(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setUp(isSessionOver: () => Promise<boolean>) {
  const sources: FakeSource[] = [];
  const states: QueueStreamState[] = [];
  const events: unknown[] = [];
  const onResync = vi.fn();
  const onSessionOver = vi.fn();
  const stream = createQueueEventStream({
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource; // the three members the stream uses
    },
    onEvent: (event) => events.push(event),
    onResync,
    onState: (state) => states.push(state),
    isSessionOver,
    onSessionOver,
  });
  return { stream, sources, states, events, onResync, onSessionOver };
}

describe('queue event stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands on well-formed events only, and re-reads everything after the browser reconnected', () => {
    const { stream, sources, states, events, onResync } = setUp(async () => false);
    stream.start();
    const source = sources[0] as FakeSource;
    source.fire('open');
    source.fire('message', { data: '{"type":"withdrawal","id":"W1","status":"OPEN"}' });
    source.fire('message', { data: '{"type":"player","id":"x","status":"OPEN"}' });
    source.fire('message', { data: 'not json' });
    expect(events).toEqual([{ type: 'withdrawal', id: 'W1', status: 'OPEN' }]);
    source.fire('error'); // still CONNECTING: the browser retries by itself
    expect(states.at(-1)).toBe('down');
    source.fire('open');
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('live');
    expect(sources).toHaveLength(1);
    stream.stop();
  });

  it('retries a refused stream with a doubling delay while the session lives', async () => {
    const { stream, sources } = setUp(async () => false);
    stream.start();
    (sources[0] as FakeSource).readyState = 2;
    (sources[0] as FakeSource).fire('error');
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    (sources[1] as FakeSource).readyState = 2;
    (sources[1] as FakeSource).fire('error');
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2 - 1);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    stream.stop();
    expect((sources[2] as FakeSource).isClosed).toBe(true);
  });

  it('goes to sign-in instead of retrying when the session is over', async () => {
    const { stream, sources, states, onSessionOver } = setUp(async () => true);
    stream.start();
    (sources[0] as FakeSource).readyState = 2;
    (sources[0] as FakeSource).fire('error');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(onSessionOver).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
    expect(states.at(-1)).toBe('off');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrderEvents } from './order-events';

/** Stands in for EventSource: the test fires what the browser would. */
class FakeSource {
  readyState = 0;
  isClosed = false;
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();
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
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  /** A dropped connection the browser retries (CONNECTING), or a refusal it gives up on (CLOSED). */
  fail(isFinal = false) {
    this.readyState = isFinal ? 2 : 0;
    this.fire('error');
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const events = createOrderEvents(() => {
    const source = new FakeSource();
    sources.push(source);
    return source as unknown as EventSource;
  });
  const received: unknown[] = [];
  let resyncs = 0;
  events.listen({ onOrder: (e) => received.push(e), onResync: () => resyncs++ });
  return { events, sources, received, resyncs: () => resyncs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the tab event stream', () => {
  it('opens one stream however often it is started, and hands order events to every listener', () => {
    const { events, sources, received } = setUp();
    const second: unknown[] = [];
    events.listen({ onOrder: (e) => second.push(e) });
    events.start();
    events.start();
    expect(sources).toHaveLength(1);
    sources[0]?.open();
    expect(events.getState()).toBe('live');
    const event = { kind: 'deposit', code: 'D1', status: 'SUCCESS' };
    sources[0]?.fire('order', { data: JSON.stringify(event) });
    // Malformed data is dropped, never thrown into the page.
    sources[0]?.fire('order', { data: '{not json' });
    sources[0]?.fire('order', { data: JSON.stringify({ kind: 'bet', code: 'X', status: 'OPEN' }) });
    expect(received).toEqual([event]);
    expect(second).toEqual([event]);
  });

  it('hands on a transfer between providers too: it moves the balances other tabs show', () => {
    const { events, sources, received } = setUp();
    events.start();
    sources[0]?.open();
    const event = { kind: 'transfer', code: 'T2601150001AB', status: 'SUCCESS' };
    sources[0]?.fire('order', { data: JSON.stringify(event) });
    expect(received).toEqual([event]);
  });

  it('a drop the browser retries: connecting, then live again with a resync; unavailable after 3 errors in a row', () => {
    const { events, sources, resyncs } = setUp();
    events.start();
    const source = sources[0] as FakeSource;
    source.open();
    expect(resyncs()).toBe(0);
    source.fail();
    expect(events.getState()).toBe('connecting');
    source.open();
    expect([events.getState(), resyncs()]).toEqual(['live', 1]);
    source.fail();
    source.fail();
    expect(events.getState()).toBe('connecting');
    source.fail();
    expect(events.getState()).toBe('unavailable');
    source.open();
    expect([events.getState(), resyncs()]).toEqual(['live', 2]);
  });

  it('a refused stream (401/429) is unavailable at once and opened again later by the app', () => {
    vi.useFakeTimers();
    const { events, sources } = setUp();
    events.start();
    sources[0]?.fail(true);
    expect(events.getState()).toBe('unavailable');
    expect(sources[0]?.isClosed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(sources).toHaveLength(2);
    expect(events.getState()).toBe('connecting');
  });

  it('stop closes the stream and cancels a pending reopen', () => {
    vi.useFakeTimers();
    const { events, sources } = setUp();
    events.start();
    sources[0]?.fail(true);
    events.stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(events.getState()).toBe('off');
    events.start();
    expect(sources).toHaveLength(2);
    events.stop();
    expect(sources[1]?.isClosed).toBe(true);
  });
});

const POLL_MS = 2000;
const SLOW_POLL_MS = 10_000;
// About a minute of fast polling; a payment of the wrong amount stays PAID until staff act.
const FAST_POLLS = 30;

/** The delay before the next re-check of a PAID deposit: 2 s for about a minute, then 10 s. */
export function nextPollDelay(pollsDone: number): number {
  return pollsDone < FAST_POLLS ? POLL_MS : SLOW_POLL_MS;
}

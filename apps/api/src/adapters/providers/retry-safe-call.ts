/**
 * Runs a provider call that is safe to repeat (a read, ensure-member, a look-up; never a transfer) up to
 * `attempts` times, with a short backoff, until it answers or fails for good (`isFinal`: the provider refused
 * it, so asking again would get the same answer). Throws the last error for the caller to map.
 */
export async function retrySafeCall<T>(
  call: () => Promise<T>,
  options: { attempts: number; isFinal: (error: unknown) => boolean },
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    try {
      return await call();
    } catch (error) {
      lastError = error;
      if (options.isFinal(error) || attempt === options.attempts) break;
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}

/**
 * The one way a test waits for something to become true. The timeout is a guard against a hang,
 * never a speed check: a test that needs a rate or a duration belongs in bench/.
 */

export interface WaitOptions {
  /** What is awaited, named in the error on timeout; a function when the current state is worth showing. */
  what: string | (() => string | Promise<string>);
  /** Milliseconds before giving up (default 20 000). */
  timeout?: number;
  /** Milliseconds between checks (default 10). */
  interval?: number;
  /** Checked before each round: a message ends the wait at once with that error (a failure that cannot recover). */
  abort?: () => string | undefined;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `condition()` holds; rejects naming `what` after `timeout`. A condition that
 * throws ends the wait with its error (a way to fail fast on something that can never recover).
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, options: WaitOptions): Promise<void> {
  await waitForValue(async () => ((await condition()) ? true : undefined), options);
}

/** Resolves with the first value `probe()` gives other than undefined; rejects as waitUntil does. */
export async function waitForValue<T>(probe: () => T | undefined | Promise<T | undefined>, options: WaitOptions): Promise<T> {
  const timeout = options.timeout ?? 20_000;
  const deadline = Date.now() + timeout;
  for (;;) {
    const aborted = options.abort?.();
    if (aborted !== undefined) throw new Error(aborted);
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const what = typeof options.what === 'string' ? options.what : await options.what();
      throw new Error(`gave up waiting ${timeout} ms for: ${what}`);
    }
    await sleep(options.interval ?? 10);
  }
}

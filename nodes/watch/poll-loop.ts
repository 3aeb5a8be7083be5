/**
 * The schedule of a watcher: one turn (a poll, or one connection followed to its end) at a time,
 * the next one scheduled when the previous ends (a self-rescheduling setTimeout, so a slow turn
 * never overlaps the next), "poll now" for input messages, and a stop that clears the timer and
 * waits for the turn in progress.
 */

export interface PollOutcome {
  /** When to poll again. */
  delayMs: number;
  /** The poll's failure, handed to the callers of pollNow(). */
  error?: Error;
}

/**
 * `triggered`: an input message asked for this poll (its failure goes to that message). `settle`
 * answers those messages before the run ends (a stream, once connected); otherwise the run's end does.
 */
export type PollRun = (triggered: boolean, settle: (error?: Error) => void) => Promise<PollOutcome>;

/** setTimeout's limit (about 24.8 days); longer delays would fire at once. */
export const MAX_DELAY_MS = 2_147_483_647;

export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Callers waiting for the next poll to finish. */
  private waiters: ((error?: Error) => void)[] = [];
  private stopped = false;

  constructor(
    private readonly run: PollRun,
    private readonly fallbackDelayMs = 10_000,
  ) {}

  /** First poll after `delayMs`. */
  start(delayMs = 0): void {
    this.schedule(delayMs);
  }

  /**
   * Polls at once (or right after the poll in progress, which may have read its page before the
   * caller's message came). Resolves with the poll's error, if any, when that poll has finished.
   */
  pollNow(): Promise<Error | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      if (!this.running) this.fire();
    });
  }

  /** Runs at once when nothing runs (cuts the wait short); nobody waits for the outcome. */
  wake(): void {
    if (!this.stopped && !this.running) this.fire();
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Clears the timer and waits for the poll in progress; later calls do nothing. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    if (this.running) await this.running;
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    if (this.stopped) return;
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, Number.isFinite(delayMs) ? delayMs : this.fallbackDelayMs));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, delay);
  }

  private fire(): void {
    this.clearTimer();
    if (this.stopped) return;
    let waiters = this.waiters.splice(0);
    const triggered = waiters.length > 0;
    const settle = (error?: Error): void => {
      const settled = waiters;
      waiters = [];
      for (const waiter of settled) waiter(error);
    };
    let outcome: PollOutcome = { delayMs: this.fallbackDelayMs };
    const done = (): void => {
      this.running = undefined;
      settle(outcome.error);
      if (this.stopped) return;
      if (this.waiters.length > 0) this.fire();
      else this.schedule(outcome.delayMs);
    };
    this.running = this.run(triggered, settle)
      .then(
        (result) => {
          outcome = result;
        },
        (err: unknown) => {
          // A run is expected to report its own failures; this is the safety net.
          outcome = { delayMs: this.fallbackDelayMs, error: err instanceof Error ? err : new Error(String(err)) };
        },
      )
      .then(done);
  }

  private clearTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}

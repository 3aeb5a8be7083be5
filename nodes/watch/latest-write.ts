/**
 * A watcher's position written as it stands: one write at a time, each of the state at its start,
 * so a burst of changes costs one write, never an older state after a newer one. `now()` is a
 * write the caller waits for (before sending what it records); `soon()` a write within `delayMs`
 * (acknowledgements, which may come by the thousand). A failed `soon()` write is thrown by the
 * next `flush()`.
 */
import { toError } from '../shared/errors';

export class LatestWrite {
  private chain: Promise<void> = Promise.resolve();
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly delayMs: number,
  ) {}

  /** Writes the state as it is when the write starts (after the one in flight); resolves once written. */
  now(): Promise<void> {
    this.cancel();
    this.dirty = false;
    const written = this.chain.then(() => this.write());
    this.chain = written.catch(() => undefined);
    return written;
  }

  /** The state changed: written within the delay. */
  soon(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.dirty) this.now().catch((err: unknown) => (this.failure = toError(err)));
    }, this.delayMs);
  }

  /** Writes a change not written yet; resolves when every write so far is done. */
  async flush(): Promise<void> {
    if (this.dirty) await this.now();
    else await this.chain;
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
  }

  /** Drops a change not written yet (another holder may have moved on). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
  }
}

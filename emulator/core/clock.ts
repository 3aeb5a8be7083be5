/**
 * The emulator's clock. Emulated time = real time scaled by `speed`, plus an
 * offset that `advance()` moves forward. Dates in logs, token expiry and jobs
 * all read it, so tests can speed jobs up or jump past a token's expiry.
 */
export interface ClockState {
  now: string;
  speed: number;
  offsetMs: number;
}

export class Clock {
  private speedFactor = 1;
  /** Emulated ms at the moment `realAnchor` was taken. */
  private anchorEmulated = Date.now();
  private realAnchor = Date.now();
  private timers = new Set<NodeJS.Timeout>();

  /** Emulated time in epoch milliseconds. */
  now(): number {
    return this.anchorEmulated + (Date.now() - this.realAnchor) * this.speedFactor;
  }

  /** Emulated time in epoch seconds (JWT `iat`/`exp`). */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  get speed(): number {
    return this.speedFactor;
  }

  /** Changes how fast emulated time runs (2 = twice as fast). Time so far is kept. */
  setSpeed(speed: number): void {
    if (!Number.isFinite(speed) || speed <= 0) throw new RangeError('speed must be a positive number');
    this.anchorEmulated = this.now();
    this.realAnchor = Date.now();
    this.speedFactor = speed;
  }

  /** Jumps emulated time forward by `ms`. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance must be a non-negative number of ms');
    this.anchorEmulated += ms;
  }

  /** Back to real time at speed 1 (timers are kept). */
  resetTime(): void {
    this.speedFactor = 1;
    this.anchorEmulated = Date.now();
    this.realAnchor = Date.now();
  }

  /** Real milliseconds that `emulatedMs` of emulated time take at the current speed. */
  realDelay(emulatedMs: number): number {
    return Math.max(0, emulatedMs / this.speedFactor);
  }

  /**
   * setTimeout in emulated time (scaled by the speed at scheduling time).
   * The clock owns the timer, so `cancelAll()` (emulator close/reset) clears it.
   */
  setTimeout(fn: () => void, emulatedMs: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.realDelay(emulatedMs));
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  snapshot(): ClockState {
    return { now: this.isoNow(), speed: this.speedFactor, offsetMs: Math.round(this.now() - Date.now()) };
  }
}

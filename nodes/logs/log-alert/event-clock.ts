/**
 * auth0-log-alert's clock: the newest event time seen, running on with the wall clock from the
 * moment that event came. A backlog read after downtime is counted as it happened (its events come
 * faster than the wall clock moves), while a quiet tenant's windows still close, so "resolved"
 * messages come without waiting for the next event.
 */
export interface WallClock {
  now(): number;
}

/** The wall clock the nodes use (a test may set another on this object). */
export const wallClock: WallClock = { now: () => Date.now() };

export class EventClock {
  private newest = -Infinity;
  private seenAt = 0;

  constructor(private readonly wall: WallClock = wallClock) {}

  /** -Infinity before any event. */
  now(): number {
    return this.at(this.wall.now());
  }

  /** The clock once an event of time `at` came: `at` when it is the newest, else the clock as it is. */
  observe(at: number): number {
    // One reading of the wall clock for both (an event's work reads it once).
    const wall = this.wall.now();
    const now = this.at(wall);
    if (at <= now) return now;
    this.newest = at;
    this.seenAt = wall;
    return at;
  }

  /** The clock when the wall clock reads `wall`. */
  private at(wall: number): number {
    return this.newest === -Infinity ? -Infinity : this.newest + Math.max(0, wall - this.seenAt);
  }

  get state(): { newest: number; seenAt: number } {
    return { newest: this.newest === -Infinity ? -1 : this.newest, seenAt: this.seenAt };
  }

  set state(value: { newest: number; seenAt: number }) {
    if (value.newest >= 0 && value.newest > this.newest) {
      this.newest = value.newest;
      this.seenAt = value.seenAt;
    }
  }
}

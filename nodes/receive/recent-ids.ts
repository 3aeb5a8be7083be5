/**
 * A bounded "seen recently" set: remembers the last `capacity` ids and forgets each after
 * `maxAgeMs`, so memory stays flat however long Node-RED runs. Auth0 redelivers a log stream
 * batch within minutes when an answer is lost; that is the window duplicates arrive in.
 */
export class RecentIds {
  /** Insertion order is age order (a re-seen id is moved to the end). */
  private readonly seen = new Map<string, number>();

  constructor(
    readonly capacity = 10_000,
    readonly maxAgeMs = 24 * 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.seen.size;
  }

  /** Records `id`; true when it was not seen within the window (the caller should process it). */
  add(id: string): boolean {
    const now = this.now();
    this.expire(now);
    const isNew = !this.seen.has(id);
    this.seen.delete(id);
    this.seen.set(id, now);
    while (this.seen.size > this.capacity) {
      const oldest = this.seen.keys().next().value as string;
      this.seen.delete(oldest);
    }
    return isNew;
  }

  has(id: string): boolean {
    const at = this.seen.get(id);
    return at !== undefined && this.now() - at < this.maxAgeMs;
  }

  clear(): void {
    this.seen.clear();
  }

  private expire(now: number): void {
    for (const [id, at] of this.seen) {
      if (now - at < this.maxAgeMs) break;
      this.seen.delete(id);
    }
  }
}

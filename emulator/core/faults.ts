/**
 * Fault injection for every request outside /__emulator/: added latency, a
 * share of 5xx answers, forced 429s, dropped connections and malformed JSON.
 * Each fault has a rate (0..1, random share) and a `…Next` count (the next N
 * matching requests, deterministic, counted down). `pathPrefix` limits faults
 * to paths starting with it.
 */
export interface FaultSettings {
  /** Extra milliseconds before every answer. */
  latencyMs: number;
  /** Share of requests answered with `errorStatus`. */
  errorRate: number;
  /** Next N requests answered with `errorStatus`. */
  errorNext: number;
  /** Status used for injected errors (5xx). Default 503. */
  errorStatus: number;
  /** Share of management requests answered 429 (as an empty bucket). */
  rateLimitRate: number;
  rateLimitNext: number;
  /** Share of requests whose socket is destroyed without an answer. */
  dropRate: number;
  dropNext: number;
  /** Share of requests answered 200 with a body that is not valid JSON. */
  malformedRate: number;
  malformedNext: number;
  /** Only requests whose path starts with this are affected ('' = all). */
  pathPrefix: string;
}

export type FaultKind = 'error' | 'rateLimit' | 'drop' | 'malformed';

const DEFAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorNext: 0,
  errorStatus: 503,
  rateLimitRate: 0,
  rateLimitNext: 0,
  dropRate: 0,
  dropNext: 0,
  malformedRate: 0,
  malformedNext: 0,
  pathPrefix: '',
};

export class Faults {
  private settings: FaultSettings = { ...DEFAULTS };

  /** Current settings (a copy). */
  get(): FaultSettings {
    return { ...this.settings };
  }

  /** Merges `patch` into the settings after validating it. */
  set(patch: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.settings };
    for (const [key, value] of Object.entries(patch)) {
      if (!(key in DEFAULTS)) throw new RangeError(`unknown fault setting: ${key}`);
      const typedKey = key as keyof FaultSettings;
      if (typedKey === 'pathPrefix') {
        if (typeof value !== 'string') throw new RangeError('pathPrefix must be a string');
        next.pathPrefix = value;
        continue;
      }
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new RangeError(`${key} must be a non-negative number`);
      if (key.endsWith('Rate') && n > 1) throw new RangeError(`${key} must be between 0 and 1`);
      if (typedKey === 'errorStatus' && (n < 500 || n > 599)) throw new RangeError('errorStatus must be a 5xx code');
      (next as unknown as Record<string, number>)[typedKey] = key.endsWith('Next') ? Math.floor(n) : n;
    }
    this.settings = next;
    return this.get();
  }

  clear(): void {
    this.settings = { ...DEFAULTS };
  }

  /** True when any fault could apply (a cheap check for the hot path). */
  get active(): boolean {
    const s = this.settings;
    return (
      s.latencyMs > 0 ||
      s.errorRate > 0 ||
      s.errorNext > 0 ||
      s.rateLimitRate > 0 ||
      s.rateLimitNext > 0 ||
      s.dropRate > 0 ||
      s.dropNext > 0 ||
      s.malformedRate > 0 ||
      s.malformedNext > 0
    );
  }

  appliesTo(path: string): boolean {
    return this.settings.pathPrefix === '' || path.startsWith(this.settings.pathPrefix);
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  get errorStatus(): number {
    return this.settings.errorStatus;
  }

  /** Decides (and consumes a `…Next` count) whether fault `kind` hits this request. */
  roll(kind: FaultKind): boolean {
    const s = this.settings as unknown as Record<string, number>;
    const nextKey = `${kind}Next`;
    if (s[nextKey] > 0) {
      s[nextKey] -= 1;
      return true;
    }
    const rate = s[`${kind}Rate`];
    return rate > 0 && Math.random() < rate;
  }
}

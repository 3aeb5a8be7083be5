/**
 * One rate-limit budget for every process sharing a tenant through Redis. Each endpoint class's
 * bucket is learnt from Auth0's headers as the local model does (config/bucket-model.ts: the
 * bucket size from `Limit`, the refill rate measured between answers), but the model lives in
 * Redis and every process takes its tokens from it atomically (Lua), counting every process's
 * requests: N processes together go out at the tenant's rate instead of each at its own guess.
 * A 429's reset pause is written there too, and holds every process.
 *
 * When Redis is not reachable, `admit` says so and the client paces on its local limiter; one
 * warning per outage says so.
 */
import { abortableSleep } from '../shared/abortable-sleep';
import { type LuaScript, type SharedState, SharedStateUnavailable } from './shared-state';

/** Takes a token if the bucket (as learnt) has one; else the wait in ms. A pause of the lane also waits. */
const TAKE: LuaScript = {
  name: 'auth0BudgetTake',
  keys: 2,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return pause - now end
local h = redis.call('HMGET', KEYS[1], 'cap', 'level', 'at', 'rate', 'inflight')
local cap, level, at, rate, inflight = tonumber(h[1]), tonumber(h[2]) or 0, tonumber(h[3]) or now, tonumber(h[4]), tonumber(h[5]) or 0
if cap and rate then
  level = math.min(cap, level + rate * math.max(0, now - at))
  if level < 1 then return math.max(1, math.ceil((1 - level) / rate)) end
  level = level - 1
  redis.call('HSET', KEYS[1], 'level', level, 'at', now)
elseif cap then
  -- The size is known but not yet the rate: an emptied bucket waits for the answers in flight
  -- (they bring the rate); with none in flight one request goes, so the bucket is never stuck.
  if level < 1 and inflight > 0 then return 20 end
  redis.call('HSET', KEYS[1], 'level', level - 1)
end
redis.call('HSET', KEYS[1], 'inflight', math.min(inflight + 1, cap or 1000))
redis.call('PEXPIRE', KEYS[1], 60000)
return 0`,
};

/** What an answer's headers say (ARGV: accepted 1/0, limit, remaining, ms until full; -1 for not sent). */
const OBSERVE: LuaScript = {
  name: 'auth0BudgetObserve',
  keys: 1,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = redis.call('HMGET', KEYS[1], 'cap', 'level', 'at', 'rate', 'measured', 'inflight', 'used', 'sAt', 'sRem', 'sUsed')
local cap, level, at, rate = tonumber(h[1]), tonumber(h[2]) or 0, tonumber(h[3]) or now, tonumber(h[4])
local measured, inflight, used = tonumber(h[5]) or 0, tonumber(h[6]) or 0, tonumber(h[7]) or 0
local sAt, sRem, sUsed = tonumber(h[8]), tonumber(h[9]), tonumber(h[10])
local accepted = ARGV[1] == '1'
local limit, rem, fullIn = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local MIN, MAX = 0.0001, 10
local function clamp(r) return math.min(MAX, math.max(MIN, r)) end
inflight = math.max(0, inflight - 1)
if limit > 0 then
  if cap and limit ~= cap then sAt = nil; rate = nil; measured = 0 end
  cap = limit
end
local predicted = level
if cap and rate then predicted = math.min(cap, level + rate * math.max(0, now - at)) end
local remaining = nil
if accepted then
  used = used + 1
  if rem >= 0 then remaining = rem end
else
  remaining = 0
end
if remaining ~= nil and cap then
  level = remaining - inflight
  at = now
  if (not accepted) and rate and predicted >= 1 then rate = math.max(MIN, rate * 0.8) end
  if remaining >= cap - 1 then
    sAt = nil
  else
    if sAt == nil then sAt, sRem, sUsed = now, remaining, used end
    local span = now - sAt
    if span >= 250 then
      local refilled = used - sUsed + remaining - sRem - 1
      if refilled >= 1 then rate = clamp(refilled / span); measured = 1 end
      if span > 5000 then sAt, sRem, sUsed = now, remaining, used end
    elseif rate == nil and remaining <= 1 and fullIn > 0 then
      rate = clamp((cap - remaining) / fullIn)
    end
  end
end
redis.call('HSET', KEYS[1], 'level', level, 'at', at, 'measured', measured, 'inflight', inflight, 'used', used)
if cap then redis.call('HSET', KEYS[1], 'cap', cap) end
if rate then redis.call('HSET', KEYS[1], 'rate', rate) else redis.call('HDEL', KEYS[1], 'rate') end
if sAt then redis.call('HSET', KEYS[1], 'sAt', sAt, 'sRem', sRem, 'sUsed', sUsed) else redis.call('HDEL', KEYS[1], 'sAt', 'sRem', 'sUsed') end
redis.call('PEXPIRE', KEYS[1], 60000)
local knowledge = 0
if cap and rate then knowledge = 1 end
if knowledge == 1 and measured == 1 then knowledge = 2 end
return {knowledge, tostring((rate or 0) * 1000)}`,
};

/** A request ended with no answer: its in-flight count goes (its token may or may not be spent). */
const FORGET: LuaScript = {
  name: 'auth0BudgetForget',
  keys: 1,
  lua: "local n = tonumber(redis.call('HGET', KEYS[1], 'inflight') or '0') if n > 0 then redis.call('HSET', KEYS[1], 'inflight', n - 1) end return 0",
};

const PAUSE: LuaScript = {
  name: 'auth0BudgetPause',
  keys: 1,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], untilMs, 'PX', math.max(1, tonumber(ARGV[1]))) end
return 0`,
};

export type BucketKnowledge = 'measured' | 'guessed' | 'unknown';

export interface BudgetObservation {
  accepted: boolean;
  limit?: number;
  remaining?: number;
  /** When the bucket is full again, epoch ms on our clock. */
  fullAtMs?: number;
}

/** Longest single sleep before asking Redis again (the bucket may have been learnt meanwhile). */
const MAX_SLEEP_MS = 1000;

export class SharedBudget {
  private readonly knowledgeOf = new Map<string, { knowledge: BucketKnowledge; ratePerSecond: number }>();
  private warnedOutage = false;

  constructor(
    private readonly shared: SharedState,
    private readonly log: (level: 'debug' | 'warn', message: string) => void = () => undefined,
  ) {
    shared.onAvailability((up) => {
      if (up) this.warnedOutage = false;
    });
  }

  /**
   * Takes a token of the lane's shared bucket: 0 when taken, else how long to wait (ms) before
   * asking again, or -1 when Redis is not reachable (the caller paces on its local limiter). The
   * caller waits without holding a local slot, so a class that is used up holds up no other.
   */
  async take(lane: string): Promise<number> {
    try {
      if (!this.shared.available) throw new SharedStateUnavailable('not connected');
      const waitMs = Number(await this.shared.run<number>(TAKE, [this.bucketKey(lane), this.pauseKey(lane)], []));
      return waitMs > 0 ? Math.min(MAX_SLEEP_MS, waitMs) : 0;
    } catch (err) {
      if (!(err instanceof SharedStateUnavailable)) throw err;
      this.outage();
      return -1;
    }
  }

  /** An abortable wait for the caller's next `take`. */
  wait(ms: number, signal: AbortSignal | undefined, aborted: () => Error): Promise<void> {
    return abortableSleep(ms, signal, aborted);
  }

  /**
   * Learns from an answer's headers; resolves with how well the shared bucket is known now (the
   * caller decides from it whether a 429 is retried at the bucket's pace or waits for the reset).
   */
  async observe(lane: string, seen: BudgetObservation, nowMs = Date.now()): Promise<BucketKnowledge> {
    const fullIn = seen.fullAtMs !== undefined ? Math.max(0, seen.fullAtMs - nowMs) : -1;
    try {
      const [code, rate] = await this.shared.run<[number, string]>(
        OBSERVE,
        [this.bucketKey(lane)],
        [seen.accepted ? 1 : 0, seen.limit ?? -1, seen.remaining ?? -1, fullIn],
      );
      const knowledge: BucketKnowledge = code === 2 ? 'measured' : code === 1 ? 'guessed' : 'unknown';
      this.knowledgeOf.set(lane, { knowledge, ratePerSecond: Number(rate) });
      return knowledge;
    } catch {
      this.outage();
      return 'unknown';
    }
  }

  unanswered(lane: string): void {
    this.shared.run(FORGET, [this.bucketKey(lane)], []).catch(() => undefined);
  }

  /** Holds every process's requests of the lane for `waitMs` (a 429's reset). */
  pause(lane: string, untilMs: number, nowMs = Date.now()): void {
    const waitMs = Math.round(untilMs - nowMs);
    if (waitMs <= 0) return;
    this.shared.run(PAUSE, [this.pauseKey(lane)], [waitMs]).catch(() => this.outage());
  }

  /** How well the shared bucket of the lane is known, as of the last answer this process saw. */
  knowledge(lane: string): BucketKnowledge {
    return this.knowledgeOf.get(lane)?.knowledge ?? 'unknown';
  }

  pacedRate(lane: string): number | undefined {
    const known = this.knowledgeOf.get(lane);
    return known && known.knowledge !== 'unknown' ? known.ratePerSecond : undefined;
  }

  private bucketKey(lane: string): string {
    return this.shared.key('bucket', lane);
  }

  private pauseKey(lane: string): string {
    return this.shared.key('pause', lane);
  }

  private outage(): void {
    if (this.warnedOutage) return;
    this.warnedOutage = true;
    // The config node warns once per outage already; this says which requests it concerns.
    this.log('debug', `Redis (${this.shared.display}) is not reachable: this process paces the tenant's requests alone until it is back`);
  }
}

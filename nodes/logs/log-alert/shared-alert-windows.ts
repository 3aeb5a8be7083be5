/**
 * auth0-log-alert's counts when the tenant's replicas share Redis: the same rules as
 * alert-windows.ts, run by Lua scripts, so the replicas that each receive part of one stream count
 * together and exactly one of them sends each alert and each "resolved". A key's window is one
 * Redis value that expires once it can hold nothing more (window + cooldown after its last event);
 * the keys waiting to resolve are a sorted set by resolve time; the clock is the newest event time
 * any replica counted.
 */
import type { LuaScript, SharedState } from '../../shared-state/shared-state';
import type { AlertEvent } from './alert-event';
import type { Counted, Resolution, WindowShape } from './alert-windows';

/** Prunes window `w` (decoded) to the buckets after `cutoff`. Shared by both scripts. */
const PRUNE = `
local function prune(w, cutoff)
  local b = {}
  for i = 1, #w.b, 4 do
    if w.b[i] > cutoff then b[#b + 1] = w.b[i]; b[#b + 1] = w.b[i + 1]; b[#b + 1] = w.b[i + 2]; b[#b + 1] = w.b[i + 3] end
  end
  w.b = b
  local t = {}
  for i = 1, #w.t, 2 do
    if w.t[i + 1] > cutoff then t[#t + 1] = w.t[i]; t[#t + 1] = w.t[i + 1] end
  end
  w.t = t
  local s = {}
  for i = 1, #w.s, 2 do
    if w.s[i] > cutoff then s[#s + 1] = w.s[i]; s[#s + 1] = w.s[i + 1] end
  end
  w.s = s
end
local function count(w)
  local sum = 0
  for i = 2, #w.b, 4 do sum = sum + w.b[i] end
  return sum
end
local function num(n) return string.format('%.0f', n) end
`;

/**
 * KEYS: the key's window, the resolve set, the clock. ARGV: at, now, bucketMs, buckets, threshold,
 * cooldownMs, late (1/0), type, sample (JSON, '' for none), sample size, ttl ms, the key.
 * Returns counted, alert, count, firstAt, lastAt, types (JSON), sample (JSON), clock.
 */
const ADD: LuaScript = {
  name: 'auth0AlertAdd',
  keys: 3,
  lua: `${PRUNE}
local at = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local clock = tonumber(redis.call('GET', KEYS[3]) or '-1')
if clock > now then now = clock end
redis.call('SET', KEYS[3], num(now), 'PX', ARGV[11])
local bm = tonumber(ARGV[3])
local n = tonumber(ARGV[4])
local threshold = tonumber(ARGV[5])
local cooldown = tonumber(ARGV[6])
local cutoff = math.floor(now / bm) - n
local raw = redis.call('GET', KEYS[1])
local w
if raw then w = cjson.decode(raw) else w = { b = {}, t = {}, s = {}, a = -1, d = -1, r = -1 } end
prune(w, cutoff)
local index = math.floor(at / bm)
local counted = 0
local alert = 0
if index > cutoff then
  counted = 1
  local b = w.b
  local i = #b - 3
  while i >= 1 and b[i] > index do i = i - 4 end
  if i >= 1 and b[i] == index then
    b[i + 1] = b[i + 1] + 1
    if at < b[i + 2] then b[i + 2] = at end
    if at > b[i + 3] then b[i + 3] = at end
  else
    table.insert(b, i + 4, at); table.insert(b, i + 4, at); table.insert(b, i + 4, 1); table.insert(b, i + 4, index)
  end
  local found = false
  for j = 1, #w.t, 2 do
    if w.t[j] == ARGV[8] then found = true; if w.t[j + 1] < index then w.t[j + 1] = index end end
  end
  if not found then w.t[#w.t + 1] = ARGV[8]; w.t[#w.t + 1] = index end
  if ARGV[9] ~= '' and #w.s < 2 * tonumber(ARGV[10]) then w.s[#w.s + 1] = index; w.s[#w.s + 1] = ARGV[9] end
  if count(w) >= threshold then
    local sum = 0
    for j = #b - 3, 1, -4 do
      sum = sum + b[j + 1]
      if sum >= threshold then w.d = (b[j] + n) * bm; break end
    end
    if (w.a < 0 or now - w.a >= cooldown) and ARGV[7] == '0' then alert = 1; w.a = now end
  end
  if w.a >= 0 and w.d + cooldown ~= w.r then
    w.r = w.d + cooldown
    redis.call('ZADD', KEYS[2], num(w.r), ARGV[12])
  end
  redis.call('PEXPIRE', KEYS[2], ARGV[11])
end
redis.call('SET', KEYS[1], cjson.encode(w), 'PX', ARGV[11])
local firstAt = -1
local lastAt = -1
for j = 1, #w.b, 4 do
  if firstAt < 0 or w.b[j + 2] < firstAt then firstAt = w.b[j + 2] end
  if w.b[j + 3] > lastAt then lastAt = w.b[j + 3] end
end
local types = {}
for j = 1, #w.t, 2 do types[#types + 1] = w.t[j] end
local sample = {}
for j = 2, #w.s, 2 do sample[#sample + 1] = w.s[j] end
return { counted, alert, count(w), num(firstAt), num(lastAt), cjson.encode(types), cjson.encode(sample), num(now) }`,
};

/**
 * KEYS: the resolve set. ARGV: now, the windows' key prefix, bucketMs, buckets, cooldownMs, limit.
 * Returns key, count, alertedAt, belowSince for each key resolved (each by one caller only).
 */
const RESOLVE: LuaScript = {
  name: 'auth0AlertResolve',
  keys: 1,
  lua: `${PRUNE}
local now = tonumber(ARGV[1])
local cutoff = math.floor(now / tonumber(ARGV[3])) - tonumber(ARGV[4])
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[6]))
local out = {}
for i = 1, #due, 2 do
  local member = due[i]
  local score = tonumber(due[i + 1])
  redis.call('ZREM', KEYS[1], member)
  local key = ARGV[2] .. member
  local raw = redis.call('GET', key)
  if raw then
    local w = cjson.decode(raw)
    if w.a >= 0 and w.r == score then
      prune(w, cutoff)
      out[#out + 1] = member; out[#out + 1] = count(w); out[#out + 1] = num(w.a); out[#out + 1] = num(w.d)
      w.a = -1; w.d = -1; w.r = -1
      local ttl = redis.call('PTTL', key)
      if ttl > 0 then redis.call('SET', key, cjson.encode(w), 'PX', ttl) end
    end
  end
end
return out`,
};

/** At most this many keys resolved per call (the next tick takes the rest). */
const RESOLVE_BATCH = 500;

function list(text: string): unknown[] {
  const value: unknown = JSON.parse(text);
  // Lua's cjson writes an empty table as {}.
  return Array.isArray(value) ? value : [];
}

export class SharedAlertWindows {
  private readonly base: string;

  constructor(
    private readonly shared: SharedState,
    nodeId: string,
    private readonly shape: WindowShape,
    private readonly windowMs: number,
  ) {
    this.base = shared.key('alert', nodeId);
  }

  private get ttlMs(): number {
    return this.windowMs + this.shape.cooldownMs + 2 * this.shape.bucketMs;
  }

  /** Counts one event; also returns the shared clock. SharedStateUnavailable when Redis is away. */
  async add(key: string, at: number, now: number, type: string, event: AlertEvent | undefined, late: boolean): Promise<Counted & { clock: number }> {
    const s = this.shape;
    const reply = await this.shared.run<[number, number, number, string, string, string, string, string]>(
      ADD,
      [`${this.base}:k:${key}`, `${this.base}:due`, `${this.base}:clock`],
      [at, now, s.bucketMs, s.buckets, s.threshold, s.cooldownMs, late ? 1 : 0, type, event ? JSON.stringify(event) : '', s.sampleSize, this.ttlMs, key],
    );
    return {
      counted: Number(reply[0]) === 1,
      alert: Number(reply[1]) === 1,
      count: Number(reply[2]),
      firstAt: Number(reply[3]),
      lastAt: Number(reply[4]),
      types: list(reply[5]).map(String),
      sample: list(reply[6]).map((text) => JSON.parse(String(text)) as AlertEvent),
      clock: Number(reply[7]),
    };
  }

  async resolve(now: number): Promise<Resolution[]> {
    const s = this.shape;
    const reply = await this.shared.run<(string | number)[]>(
      RESOLVE,
      [`${this.base}:due`],
      [now, `${this.base}:k:`, s.bucketMs, s.buckets, s.cooldownMs, RESOLVE_BATCH],
    );
    const out: Resolution[] = [];
    for (let i = 0; i + 3 < reply.length; i += 4) {
      out.push({ key: String(reply[i]), count: Number(reply[i + 1]), alertedAt: Number(reply[i + 2]), belowSince: Number(reply[i + 3]), at: now });
    }
    return out;
  }

  /** The node was deleted: its shared windows go. */
  async remove(): Promise<void> {
    const keys = await this.shared.command<string[]>('KEYS', `${this.base}:*`);
    for (const key of keys) await this.shared.command('DEL', key);
  }
}

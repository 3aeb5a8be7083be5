/**
 * The tenant's two import slots counted across every process sharing it through Redis: a slot is
 * reserved atomically (Lua) before the job is submitted and becomes the running job's entry once
 * Auth0 accepted it. Running jobs are checked, by whichever process is waiting, and dropped when
 * finished or older than Auth0's import timeout; a reservation of a process that died while
 * submitting lapses after a minute. "The service is full" (a 429 from imports started elsewhere)
 * holds everyone. The process's own slots (its line, in order) are taken first; when Redis cannot
 * be reached those alone count, as without Redis.
 */
import { randomBytes } from 'node:crypto';
import { JOB_LIMITS } from '../job-limits';
import { type AcquireOptions, type ImportSlots, type ImportTicket, sleep } from './slots';
import { type LuaScript, type SharedState, SharedStateUnavailable } from '../../shared-state/shared-state';

const RESERVATION_MS = 60_000;

const RESERVE: LuaScript = {
  name: 'auth0ImportReserve',
  keys: 3,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local full = tonumber(redis.call('GET', KEYS[3]) or '0')
if full > now then return {0, full - now} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[2]))
local running = redis.call('HGETALL', KEYS[1])
local ids = {}
for i = 1, #running, 2 do
  if tonumber(running[i + 1]) < now - tonumber(ARGV[3]) then redis.call('HDEL', KEYS[1], running[i]) else ids[#ids + 1] = running[i] end
end
if #ids + redis.call('ZCARD', KEYS[2]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[2], now, ARGV[4])
  return {1, 0}
end
local answer = {0, -1}
for _, id in ipairs(ids) do answer[#answer + 1] = id end
return answer`,
};

const SUBMITTED: LuaScript = {
  name: 'auth0ImportSubmitted',
  keys: 2,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[2], now)
return 1`,
};

const FULL_UNTIL: LuaScript = {
  name: 'auth0ImportsFull',
  keys: 1,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ms = tonumber(ARGV[1])
local untilMs = now + ms
if untilMs > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], untilMs, 'PX', math.max(1, ms)) end
return 1`,
};

export class SharedImportSlots {
  private readonly runningKey: string;
  private readonly reservedKey: string;
  private readonly fullKey: string;

  constructor(
    private readonly shared: SharedState,
    private readonly local: ImportSlots,
  ) {
    this.runningKey = shared.key('imports', 'running');
    this.reservedKey = shared.key('imports', 'reserved');
    this.fullKey = shared.key('imports', 'full');
  }

  get limit(): number {
    return this.local.limit;
  }

  get busy(): number {
    return this.local.busy;
  }

  runningJobs(): string[] {
    return this.local.runningJobs();
  }

  serviceFull(untilMs: number): void {
    this.local.serviceFull(untilMs);
    const ms = Math.round(untilMs - Date.now());
    if (ms > 0) this.shared.run(FULL_UNTIL, [this.fullKey], [ms]).catch(() => undefined);
  }

  async acquire(options: AcquireOptions): Promise<ImportTicket> {
    const localTicket = await this.local.acquire(options);
    const token = randomBytes(8).toString('hex');
    try {
      for (;;) {
        let answer: (number | string)[];
        try {
          answer = await this.shared.run<(number | string)[]>(
            RESERVE,
            [this.runningKey, this.reservedKey, this.fullKey],
            [this.limit, RESERVATION_MS, JOB_LIMITS.importTimeoutMs, token],
          );
        } catch (err) {
          if (!(err instanceof SharedStateUnavailable)) throw err;
          return localTicket; // Redis away: this process's own count, as without Redis.
        }
        if (Number(answer[0]) === 1) return this.ticket(localTicket, token);
        const fullFor = Number(answer[1]);
        let hint: number | undefined;
        if (fullFor > 0) {
          options.onWait?.(this.limit);
          await sleep(fullFor, options.signal);
          continue;
        }
        const running = answer.slice(2).map(String);
        for (const id of running) {
          const found = await options.check(id);
          if (!found.running) await this.shared.command('HDEL', this.runningKey, id).catch(() => undefined);
          else if (found.timeLeftMs !== undefined) hint = hint === undefined ? found.timeLeftMs : Math.min(hint, found.timeLeftMs);
        }
        options.onWait?.(running.length);
        const wait = Math.min(options.pace.pollMs, Math.max(options.pace.minPollMs, hint ?? options.pace.pollMs));
        await sleep(wait, options.signal);
      }
    } catch (err) {
      localTicket.release();
      throw err;
    }
  }

  private ticket(local: ImportTicket, token: string): ImportTicket {
    return {
      submitted: (jobId: string) => {
        local.submitted(jobId);
        this.shared.run(SUBMITTED, [this.runningKey, this.reservedKey], [token, jobId]).catch(() => undefined);
      },
      release: () => {
        local.release();
        this.shared.command('ZREM', this.reservedKey, token).catch(() => undefined);
      },
    };
  }
}

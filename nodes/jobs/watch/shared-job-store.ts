/**
 * auth0-job-watch's watched jobs when the tenant's replicas share Redis: one Redis hash per watch
 * node, one field per job. Any replica adds the jobs of the messages it received (a field of its
 * own, so adding never overwrites another replica's job); only the lease holder, which polls them,
 * writes the list it watches and removes the jobs that ended, and those writes carry the lease's
 * fencing token (a former holder's late write is refused). The same interface as the context-store
 * WatchStore, so the watcher engine does not know where its jobs are kept.
 */
import type { SavedJob } from './watch-store';
import type { WatcherLease } from '../../shared-state/lease';
import { type LuaScript, type SharedState, SharedStateUnavailable } from '../../shared-state/shared-state';

/** ARGV: lease value, then a count of ids to remove, those ids, then id/json pairs to write. */
const FENCED_WRITE: LuaScript = {
  name: 'auth0JobsFencedWrite',
  keys: 2,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local removals = tonumber(ARGV[2])
for i = 3, 2 + removals do redis.call('HDEL', KEYS[2], ARGV[i]) end
for i = 3 + removals, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1`,
};

/** Ids of jobs that ended here, never taken back from Redis (their removal may still be on its way). */
const MAX_ENDED_REMEMBERED = 1000;

function isSavedJob(value: unknown): value is SavedJob {
  if (!value || typeof value !== 'object') return false;
  const job = value as Record<string, unknown>;
  return typeof job.id === 'string' && job.id !== '' && typeof job.addedAt === 'number' && Array.isArray(job.messages);
}

export class SharedJobStore {
  readonly key: string;
  private writing: Promise<void> = Promise.resolve();
  private queued: (() => SavedJob[]) | undefined;
  /** The jobs this holder wrote or read last: the ones its next snapshot may remove. */
  private known = new Set<string>();
  private readonly ended = new Set<string>();

  constructor(
    private readonly shared: SharedState,
    private readonly lease: WatcherLease,
    watcherId: string,
    /** A write failed: Redis away (SharedStateUnavailable) or the lease lost (the holder must stop). */
    private readonly onError: (err: Error) => void,
  ) {
    this.key = shared.key('state', watcherId, 'jobs');
  }

  /** Every job watched across the replicas (SharedStateUnavailable when Redis cannot say). */
  async load(): Promise<SavedJob[]> {
    const fields = await this.shared.command<string[]>('HGETALL', this.key);
    const jobs: SavedJob[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      try {
        const job = JSON.parse(fields[i + 1]) as unknown;
        if (isSavedJob(job) && !this.ended.has(job.id)) jobs.push(job);
      } catch {
        // Not one of ours: skipped.
      }
    }
    for (const job of jobs) this.known.add(job.id);
    return jobs;
  }

  /** A replica hands jobs over to whichever replica holds the watch (no lease needed: its own fields). */
  async add(jobs: SavedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.shared.command('HSET', this.key, ...jobs.flatMap((job) => [job.id, JSON.stringify(job)]));
  }

  /** The holder's list (as the watcher's WatchStore.save: several calls while a write runs become one). */
  save(snapshot: () => SavedJob[]): void {
    const pending = this.queued !== undefined;
    this.queued = snapshot;
    if (pending) return;
    this.writing = this.writing.then(async () => {
      const take = this.queued;
      this.queued = undefined;
      if (take) await this.write(take()).catch((err: Error) => this.onError(err));
    });
  }

  flush(): Promise<void> {
    return this.writing;
  }

  /** The watch node was deleted: its jobs go, whoever holds the lease. */
  async clear(): Promise<void> {
    this.queued = undefined;
    await this.writing;
    await this.shared.command('DEL', this.key).catch((err: unknown) => {
      if (!(err instanceof SharedStateUnavailable)) throw err;
    });
  }

  private async write(jobs: SavedJob[]): Promise<void> {
    const leaseValue = this.lease.value;
    if (!this.lease.holding || leaseValue === undefined) throw new SharedStateUnavailable('this replica no longer holds the job watch');
    const now = new Set(jobs.map((job) => job.id));
    const removed = [...this.known].filter((id) => !now.has(id));
    for (const id of removed) {
      this.ended.add(id);
      if (this.ended.size > MAX_ENDED_REMEMBERED) this.ended.delete(this.ended.values().next().value as string);
    }
    const written = await this.shared.run<number>(
      FENCED_WRITE,
      [this.lease.key, this.key],
      [leaseValue, removed.length, ...removed, ...jobs.flatMap((job) => [job.id, JSON.stringify(job)])],
    );
    if (Number(written) !== 1) throw new SharedStateUnavailable('this replica no longer holds the job watch (another took it over)');
    this.known = now;
  }
}

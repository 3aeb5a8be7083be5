/**
 * The watched jobs, kept in the node's context in the store the user picked, so that after a
 * restart of Node-RED (or a redeploy) the watch goes on. Reads and writes use the asynchronous
 * callback form (which every store supports, localfilesystem included); writes are queued and
 * coalesced, so the stored list is always the latest and never overwritten by an older one.
 */
import type { ContextStore } from '../../shared/node-red-types';
import { toError } from '../../shared/errors';

/** One watched job as stored. */
export interface SavedJob {
  id: string;
  /** When the watch began, epoch ms. */
  addedAt: number;
  /** The job's `created_at`, epoch ms, once known. */
  createdAt?: number;
  type?: string;
  /** The messages waiting for this job (without their payload), to send when it ends. */
  messages: Record<string, unknown>[];
}

interface Stored {
  version: 1;
  jobs: SavedJob[];
}

export const STORE_KEY = 'auth0JobWatch';

function isSavedJob(value: unknown): value is SavedJob {
  if (!value || typeof value !== 'object') return false;
  const job = value as Record<string, unknown>;
  return typeof job.id === 'string' && job.id !== '' && typeof job.addedAt === 'number' && Array.isArray(job.messages);
}

export class WatchStore {
  private writing: Promise<void> = Promise.resolve();
  private queued: (() => SavedJob[]) | undefined;

  constructor(
    private readonly context: ContextStore,
    /** Context store name; undefined for the default store. */
    private readonly store: string | undefined,
    private readonly onError: (err: Error) => void,
  ) {}

  /** The saved jobs (none when nothing was saved or the store cannot be read). */
  load(): Promise<SavedJob[]> {
    return new Promise((resolve) => {
      try {
        this.context.get(STORE_KEY, this.store, (err, value) => {
          if (err) {
            this.onError(err);
            resolve([]);
            return;
          }
          const stored = value as Partial<Stored> | undefined;
          resolve(stored && Array.isArray(stored.jobs) ? stored.jobs.filter(isSavedJob) : []);
        });
      } catch (err) {
        this.onError(toError(err));
        resolve([]);
      }
    });
  }

  /** Saves the list `snapshot` gives at the time of writing; several calls while a write runs become one. */
  save(snapshot: () => SavedJob[]): void {
    const pending = this.queued !== undefined;
    this.queued = snapshot;
    if (pending) return;
    this.writing = this.writing.then(() => {
      const take = this.queued;
      this.queued = undefined;
      return take ? this.write(take()) : undefined;
    });
  }

  /** Resolves when every save so far is written. */
  flush(): Promise<void> {
    return this.writing;
  }

  /** Forgets the saved jobs (the node was deleted). */
  clear(): Promise<void> {
    this.queued = undefined;
    this.writing = this.writing.then(() => this.write(undefined));
    return this.writing;
  }

  private write(jobs: SavedJob[] | undefined): Promise<void> {
    const value: Stored | undefined = jobs && jobs.length > 0 ? { version: 1, jobs } : undefined;
    return new Promise((resolve) => {
      try {
        this.context.set(STORE_KEY, value, this.store, (err) => {
          if (err) this.onError(err);
          resolve();
        });
      } catch (err) {
        this.onError(toError(err));
        resolve();
      }
    });
  }
}

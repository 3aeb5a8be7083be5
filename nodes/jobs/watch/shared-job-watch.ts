/**
 * auth0-job-watch across replicas sharing the tenant's Redis: the replica holding the node's lease
 * runs the watcher engine over every job in Redis and sends their ends; another replica that gets
 * an input message hands its jobs over (they go into Redis, the message is done at once, and the
 * holder sends the result). When the lease changes hands, the new holder picks up every job where
 * it is; when Redis is away, nobody polls and inputs fail with an error saying so.
 */
import type { DoneFunction, Node, NodeMessage, SendFunction } from '../../shared/node-red-types';
import { SharedJobStore } from './shared-job-store';
import { type WatcherSharing, sharedStatus } from '../../watch/watcher-sharing';
import { claimTurn } from '../../watch/lease-turn';
import { PollLoop } from '../../watch/poll-loop';
import type { TenantUse } from '../../config/tenant-use';
import type { JobRef } from './job-refs';
import type { JobWatcher } from './job-watcher';
import { savable } from './watched-job';
import type { SavedJob, WatchStore } from './watch-store';
import { toError } from '../../shared/errors';

export class SharedJobWatch {
  private watcher: JobWatcher | undefined;
  /** The watchers' schedule (watch/poll-loop.ts): a lease turn every quarter of the lease time. */
  private readonly loop: PollLoop;
  private closed = false;
  readonly store: SharedJobStore;

  constructor(
    private readonly sharing: WatcherSharing,
    private readonly node: Node,
    /** The node's use of its tenant: its status goes through it, so a rate-limit pause restores it. */
    private readonly use: Pick<TenantUse, 'status' | 'text'>,
    /** Makes the engine over the given store (the node's settings and Node-RED wiring). */
    private readonly makeWatcher: (store: Pick<WatchStore, 'load' | 'save' | 'flush' | 'clear'>) => JobWatcher,
  ) {
    this.store = new SharedJobStore(sharing.shared, sharing.lease, node.id, (err) => node.debug(`auth0-job-watch: ${err.message}`));
    this.loop = new PollLoop(async () => {
      await this.tick();
      return { delayMs: this.sharing.retryMs };
    }, sharing.retryMs);
    this.loop.start(0);
  }

  /** An input message: watched here when this replica holds the watch, else handed to the holder. */
  async input(refs: JobRef[], msg: NodeMessage, send: SendFunction, done: DoneFunction): Promise<void> {
    if (this.watcher && this.sharing.holding) return this.watcher.watch(refs, msg, send, done);
    const { payload: _payload, ...rest } = msg;
    const messages = [savable(rest)];
    const now = Date.now();
    const jobs = refs.map((ref): SavedJob => {
      const job: SavedJob = { id: ref.id, addedAt: now, messages };
      if (typeof ref.job?.type === 'string') job.type = ref.job.type;
      return job;
    });
    try {
      await this.store.add(jobs);
      this.use.status(sharedStatus('standby', this.use.text, { jobs: jobs.length }));
      done();
    } catch (err) {
      done(new Error(`auth0-job-watch: the jobs could not be handed to the replica holding the watch: ${toError(err).message}`));
    }
  }

  async close(removed: boolean): Promise<void> {
    this.closed = true;
    await this.loop.stop();
    await this.watcher?.close(removed);
    if (removed && !this.watcher) await this.store.clear().catch(() => undefined);
    this.watcher = undefined;
    await this.sharing.release();
  }

  /** Claims or renews the lease; the holder runs the engine and picks up jobs handed over. */
  private async tick(): Promise<void> {
    const { role, takenOver } = await claimTurn(this.sharing).catch(() => ({ role: 'unavailable' as const, takenOver: false }));
    if (this.closed) return;
    if (role === 'holder') {
      if (this.watcher && !takenOver) {
        this.watcher.adopt(await this.store.load().catch(() => []));
        return;
      }
      await this.watcher?.close(false);
      // Redis failing at the engine's first read: it starts empty and the next tick adopts the jobs.
      this.watcher = this.makeWatcher({
        load: () => this.store.load().catch((): SavedJob[] => []),
        save: (snapshot) => this.store.save(snapshot),
        flush: () => this.store.flush(),
        clear: () => this.store.clear(),
      });
      return;
    }
    if (this.watcher) {
      const stopping = this.watcher;
      this.watcher = undefined;
      await stopping.close(false);
    }
    this.use.status(sharedStatus(role, this.use.text));
  }
}

/**
 * The skeleton of a watcher node (auth0-log-watch, auth0-log-stream-watch, auth0-events; the job
 * watch uses its parts): what every watcher does the same way, around a job that knows its own
 * service.
 *
 * - schedule: one turn at a time (a poll, or one connection followed to its end), the next one
 *   after the wait the turn asks for; an input message runs a turn at once (poll-loop.ts);
 * - lease: with the tenant's Redis, only the replica holding the node's lease runs a turn; the
 *   others show why and claim again every quarter of the lease time (lease-turn.ts). A turn holds
 *   only the lease it began with: once that can no longer be counted on (lost, or lost and taken
 *   again with a new fencing token while another replica may have moved on) the job is
 *   interrupted (a stream, a wait for acknowledgements) and `checkHolding` refuses every send;
 * - failure wait: the one policy (failure-wait.ts, over shared/backoff.ts: capped, with jitter,
 *   never before a 429's reset); a configuration error waits for an input message;
 * - status: the failure and its wait, or the sharing role; the job shows the rest;
 * - Catch message: one shape (catch-message.ts); a turn an input message asked for answers that
 *   message's done(err) instead;
 * - close: the turn in progress ends, the job's state is written, the lease is given back, and a
 *   deleted node's state goes with it.
 */
import { TenantUse } from '../config/tenant-use';
import { ConfigError, toError } from '../shared/errors';
import type { Node, NodeMessage, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { LeaseLost } from '../shared-state/fenced-store';
import type { LeaseRole } from '../shared-state/lease';
import { type WatcherSharing, isSharingPause, sharedStatus, watcherSharing } from './watcher-sharing';
import { watchCatchMessage } from './catch-message';
import { failureText, isClientClosed, retryDelayMs, shortDuration } from './failure-wait';
import { claimTurn } from './lease-turn';
import { MAX_DELAY_MS, type PollOutcome, PollLoop } from './poll-loop';
import { watchStatuses, withNote } from './watch-status';
import { deepMessageError } from '../shared/message-depth';

const RETRY_AFTER_CLIENT_CLOSED_MS = 1_000;
const DEFAULT_INTERVAL_MS = 10_000;

/** What a job's turn is given. */
export interface TurnContext {
  /** An input message asked for this turn. */
  readonly triggered: boolean;
  /** Answers the input messages of this turn now (a stream, once connected). */
  settle(err?: Error): void;
  /** Progress was made: the count of failures in a row starts again. */
  progress(): void;
  /** A turn that came to nothing without an error (a stream that ended at once): the failure wait, counted, unreported. */
  backoff(): number;
  /** Throws LeaseLost when this replica may no longer act on the lease the turn began with (check before each send, and after each wait). */
  checkHolding(): void;
  /** The node has begun to close: send nothing more. */
  readonly closing: boolean;
}

/** What a watcher does that no other does. */
export interface WatchJob {
  /** The job's poll interval, read from its settings (else the spec's). */
  readonly intervalMs?: number;
  /** One turn; resolves with the wait before the next. */
  turn(ctx: TurnContext): Promise<number>;
  /** The lease changed hands, or this replica paused: state must be read from the store again. */
  forget?(): void;
  /** Ends a long turn or a wait early (an input message, the lease lost, close). */
  interrupt?(): void;
  /** A failure the job answers itself (reported by it): the wait, or undefined for the common handling. */
  handleFailure?(err: Error, ctx: TurnContext): Promise<number | undefined>;
  /** The status of a failure the job names better (a connection cap); undefined for the common one. */
  failureStatus?(err: Error, retryInMs: number): NodeStatus | undefined;
  /**
   * An input message that acknowledges a message sent (acknowledged mode): true when it is one
   * (known or not), so it does not ask for a turn.
   */
  acknowledge?(msg: NodeMessage): boolean;
  /** What the context store promises when it is less than the node's ('' or undefined: nothing to say). */
  readonly storeNote?: string;
  /** Where the watcher stands, for the Catch message's payload. */
  position?(): Record<string, unknown>;
  /** Writes what is still pending: on close, before the lease is given back. */
  flush?(): Promise<void>;
  /** The node was deleted: its state goes from every store. */
  remove?(): Promise<void>;
}

export interface WatcherSpec {
  /** The node type, for log lines and the Catch message's topic. */
  type: string;
  /** The operation named in the Catch message when the error names none. */
  operation: string;
  /** The tenant (config node id). */
  tenant: string | undefined;
  /** The poll interval (the failure wait's cap grows with it), when the job does not say it. */
  intervalMs?: number;
  /** How long a configuration error waits before the next turn (default: until an input message). */
  configErrorWaitMs?: number;
  /** A job whose turns are long: interrupted when the lease can no longer be counted on or Redis goes away. */
  longTurns?: boolean;
  /** Makes the job (reads and checks the settings; a throw is a configuration error). */
  job(use: TenantUse, sharing: WatcherSharing | undefined): WatchJob;
}

export class Watcher {
  readonly use: TenantUse;
  readonly statuses: ReturnType<typeof watchStatuses>;
  private job: WatchJob | undefined;
  private setupError: Error | undefined;
  private sharing: WatcherSharing | undefined;
  private readonly loop: PollLoop;
  private stopListening: (() => void) | undefined;
  private failures = 0;
  /** The poll interval: the failure wait's cap grows with it. */
  private intervalMs = DEFAULT_INTERVAL_MS;
  private closing = false;
  private turning = false;
  /** The tenant's domain (for the Catch message), '' before the first turn. */
  private tenantDomain = '';
  /** The fencing token of the lease the turn in progress began with (with Redis). */
  private turnFence: number | undefined;

  constructor(
    private readonly node: Node,
    RED: NodeRedAPI,
    private readonly spec: WatcherSpec,
  ) {
    // Shows "no tenant" itself when none is chosen or deployed.
    this.use = new TenantUse(RED, node, spec.tenant);
    this.statuses = watchStatuses(this.use.text);
    try {
      if (this.use.setupError) throw this.use.setupError;
      this.sharing = this.use.tenant ? watcherSharing(this.use.tenant, node, (role) => this.roleChanged(role)) : undefined;
      this.job = spec.job(this.use, this.sharing);
      this.intervalMs = this.job.intervalMs ?? spec.intervalMs ?? DEFAULT_INTERVAL_MS;
      if (this.sharing && spec.longTurns) {
        // Redis gone: end the turn (nothing could be recorded); back: claim at once.
        this.stopListening = this.sharing.shared.onAvailability((up) => (up ? this.loop.wake() : this.job?.interrupt?.()));
      }
    } catch (err) {
      this.setupError = toError(err);
      if (!this.use.setupError) this.use.status(this.statuses.configuration());
      node.error(`${spec.type}: ${toError(err).message}`);
    }
    this.loop = new PollLoop((triggered, settle) => this.turn(triggered, settle), this.intervalMs);

    node.on('input', (msg: NodeMessage, _send, done: (err?: Error) => void) => {
      // An acknowledgement first: it ends in done() without an error, so Node-RED never copies it
      // and its depth does not matter (walking every message that comes back cost a tenth of an
      // acknowledged drain).
      if (!this.setupError && this.job?.acknowledge?.(msg)) {
        done();
        return;
      }
      const refused = deepMessageError(msg) ?? this.setupError;
      if (refused) {
        done(refused);
        return;
      }
      this.job?.interrupt?.();
      void this.loop.pollNow().then((err) => (err ? done(err) : done()));
    });
    node.on('close', (removed: boolean, done: () => void) => {
      const end = (): void => this.use.close(done);
      this.close(removed).then(end, end);
    });

    if (!this.setupError) {
      this.use.status(withNote(this.statuses.starting(), this.job?.storeNote));
      this.loop.start(0);
    }
  }

  /** The lease went to another process or Redis went away: a long turn, or a wait in a turn, ends at once. */
  private roleChanged(role: LeaseRole): void {
    if (role !== 'holder' && this.turning) this.job?.interrupt?.();
  }

  /** Whether the turn in progress may still act: the lease it began with is held and counted on. */
  private holdsTurnLease(sharing: WatcherSharing): boolean {
    return sharing.holding && sharing.shared.available && sharing.lease.fence === this.turnFence;
  }

  private async close(removed: boolean): Promise<void> {
    this.closing = true;
    this.stopListening?.();
    this.use.abort();
    this.job?.interrupt?.();
    // Waits for the turn in progress: what it sent is recorded before the node is gone.
    await this.loop.stop();
    // What is pending is written while the lease is still ours, then the lease is given back so
    // another replica goes on at once rather than after the lease time.
    await this.job?.flush?.().catch((err: unknown) => this.node.warn(`${this.spec.type}: ${err instanceof Error ? err.message : String(err)}`));
    await this.sharing?.release();
    // A deleted or disabled node's place goes with it (Node-RED drops its context too).
    if (removed) await this.job?.remove?.().catch(() => undefined);
  }

  private context(triggered: boolean, settle: (err?: Error) => void): TurnContext {
    const sharing = this.sharing;
    const isClosing = (): boolean => this.closing;
    return {
      triggered,
      settle,
      progress: () => {
        this.failures = 0;
      },
      backoff: () => {
        this.failures += 1;
        return retryDelayMs(undefined, this.failures, this.intervalMs);
      },
      checkHolding: () => {
        if (sharing && !this.holdsTurnLease(sharing)) throw new LeaseLost(this.spec.type);
      },
      get closing() {
        return isClosing();
      },
    };
  }

  private async turn(triggered: boolean, settle: (err?: Error) => void): Promise<PollOutcome> {
    const job = this.job;
    if (!job) return { delayMs: MAX_DELAY_MS };
    const ctx = this.context(triggered, settle);
    const sharing = this.sharing;
    let watchdog: NodeJS.Timeout | undefined;
    try {
      if (sharing) {
        const { role, takenOver } = await claimTurn(sharing);
        if (role !== 'holder') return this.pause(role, job, settle);
        if (takenOver) job.forget?.();
        this.turnFence = sharing.lease.fence;
        // The holder stops counting on the lease a little before it could run out (a renewal that
        // hangs changes no role), and a renewal after the lease ran out takes it with a new token
        // (no role change either): a long turn, or a wait for acknowledgements, ends then too.
        watchdog = setInterval(() => {
          if (!this.holdsTurnLease(sharing)) job.interrupt?.();
        }, sharing.retryMs);
      }
      this.tenantDomain = this.use.client().domain;
      this.turning = true;
      return { delayMs: await job.turn(ctx) };
    } catch (caught) {
      const err = caught instanceof Error ? caught : new Error(String(caught));
      if (this.closing || isClientClosed(err)) return { delayMs: RETRY_AFTER_CLIENT_CLOSED_MS };
      if (sharing && (isSharingPause(err) || (this.spec.longTurns && !this.holdsTurnLease(sharing)))) {
        // Not ours to run now (lease lost, Redis away): the next turn claims again and shows why.
        job.forget?.();
        return { delayMs: 0 };
      }
      const handled = await job.handleFailure?.(err, ctx);
      if (handled !== undefined) return { delayMs: handled };
      return this.failed(err, job, triggered);
    } finally {
      this.turning = false;
      if (watchdog) clearInterval(watchdog);
    }
  }

  /** Not this replica's turn (standby) or Redis away: nothing is read or sent; state is read again on the next turn. */
  private pause(role: Exclude<LeaseRole, 'holder'>, job: WatchJob, settle: (err?: Error) => void): PollOutcome {
    job.forget?.();
    if (!this.closing) this.use.status(sharedStatus(role, this.use.text));
    // An input message on a replica that does not run: nothing to report.
    settle();
    return { delayMs: this.sharing?.retryMs ?? this.intervalMs };
  }

  private failed(err: Error, job: WatchJob, triggered: boolean): PollOutcome {
    this.failures += 1;
    // A configuration error does not heal by waiting: reported once; an input message tries again.
    const config = err instanceof ConfigError;
    const delayMs = config ? (this.spec.configErrorWaitMs ?? MAX_DELAY_MS) : retryDelayMs(err, this.failures, this.intervalMs);
    this.use.status(
      job.failureStatus?.(err, delayMs) ??
        (config && delayMs >= MAX_DELAY_MS ? this.statuses.configuration() : this.statuses.retrying(failureText(err, this.use.text), shortDuration(delayMs))),
    );
    // A turn an input message asked for reports through that message's done(err) instead.
    if (!triggered) {
      this.node.error(
        err,
        watchCatchMessage(err, {
          type: this.spec.type,
          tenant: this.tenantDomain,
          operation: this.spec.operation,
          failures: this.failures,
          retryInMs: delayMs,
          ...(job.position ? { position: job.position() } : {}),
        }),
      );
    }
    return { delayMs, error: err };
  }

  /** The Catch message of a failure the job reports itself (an expired offset). */
  catchMessage(err: Error, retryInMs: number, position: Record<string, unknown>): NodeMessage {
    return watchCatchMessage(err, {
      type: this.spec.type,
      tenant: this.tenantDomain,
      operation: this.spec.operation,
      failures: this.failures,
      retryInMs,
      position,
    });
  }

  /** Consecutive failures (for a job's own reports). */
  get failureCount(): number {
    return this.failures;
  }
}

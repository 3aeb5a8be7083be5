/**
 * The connect and read timers of the tenant's requests, attached through its agents (every
 * request axios makes passes `addRequest` of the agent it is given), so that the two timeouts stay
 * apart and neither counts the time this process's own event loop was blocked (loop-lag.ts).
 *
 * - connect: from socket creation (DNS lookup included) to `connect` (`secureConnect` for TLS);
 *   through a proxy's tunnel, from the request's start until the tunnel and TLS are up;
 * - read: once connected, the longest silence while waiting for and reading the answer (no byte
 *   either way on the socket: an idle limit, so a long download that keeps flowing is not cut).
 * A reused keep-alive socket is already connected: only the read timer applies.
 * - the whole answer: from the response headers, ANSWER_READ_TIMEOUTS read timeouts for the body
 *   of an answer read whole (an idle timer alone lets a host trickling a byte a second hold the
 *   request, and one of the tenant's slots, forever); a streamed answer is ended from this by
 *   `streamed()` and keeps only its idle timer.
 *
 * axios's own `timeout` is not used: it is the same idle timer, but it gives up at its first
 * expiry, also when the answer is already waiting in the socket behind a blocked event loop.
 *
 * One timer per tenant, not one per request: a sweep every TICK_DIVISOR-th of the shorter timeout
 * (5-100 ms) compares each request on the wire with its deadlines, and reads the socket's byte
 * counts for the silence. A request costs no timer of its own, no socket idle timer (which the
 * agent would then set back to its keep-alive timeout on every free), and one listener.
 */
import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type { FailureKind } from './error-mapping';
import { blockedMs, watchLoopLag } from './loop-lag';

/** Read timeouts an answer read whole may take from its headers to its end. */
export const ANSWER_READ_TIMEOUTS = 10;

/** Time the event loop was blocked during a timer's wait below which the wait counts in full (timer jitter). */
const BLOCKED_ENOUGH_MS = 20;
/** The sweep runs this many times per the shorter of the two timeouts (within the bounds below), so a deadline is met within 5 %. */
const TICK_DIVISOR = 20;
const MIN_TICK_MS = 5;
const MAX_TICK_MS = 100;

/** One request on the wire and its deadlines (performance.now() times). */
interface Timed {
  req: http.ClientRequest;
  /** Set when a timer (or destroy) ended the request: what to report. */
  mark?: FailureKind;
  /** Through a tunnel: aborted when the request is ended here, to end a proxy's CONNECT still under way. */
  abort?: AbortController;
  /** Set when the whole-answer timer ended the request (its mark is then `read-timeout`). */
  wholeAnswer?: boolean;
  /** `connect`: the connect deadline runs; `read`: the silence limit and the whole-answer deadline run; `socket`: waiting for the agent. */
  phase: 'socket' | 'connect' | 'read';
  connectAt: number;
  connectMark: number;
  connectLeft: number;
  /** The silence allowed while reading (a streamed answer may have its own). */
  readMs: number;
  /** When a byte last went either way (as the sweep saw it), and the socket's byte count then. */
  activeAt: number;
  bytes: number;
  readMark: number;
  readLeft: number;
  /** After an expiry that came behind a blocked loop: the extra wait's end (0: none). */
  graceUntil: number;
  /** The whole-answer deadline: 0 until the headers are seen, -1 for a streamed answer (none). */
  answerBy: number;
}

/** `addRequest` as Node's agents (and agent-base's) have it, not in @types/node. */
interface AgentInternals {
  addRequest: (this: http.Agent, req: http.ClientRequest, options: unknown) => void;
}

function bytesOf(socket: Socket | null): number {
  return socket ? socket.bytesRead + socket.bytesWritten : 0;
}

export class RequestTimers {
  private readonly timed = new WeakMap<http.ClientRequest, Timed>();
  /** Every request on the wire (a finished one leaves at the next sweep), so that `destroyAll()` can end them. */
  private readonly live = new Set<Timed>();
  private readonly tickMs: number;
  private ticker: NodeJS.Timeout | undefined;
  private releaseLag: (() => void) | undefined;

  constructor(
    private readonly connectMs: number,
    private readonly readMs: number,
  ) {
    this.tickMs = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, Math.floor(Math.min(connectMs, readMs) / TICK_DIVISOR)));
  }

  /** Times every request the agent is given; `tunnelled`: its sockets come only once a proxy's tunnel and TLS are up. */
  attach<A extends http.Agent>(agent: A, tunnelled: boolean): A {
    const internals = agent as unknown as AgentInternals;
    const addRequest = internals.addRequest;
    internals.addRequest = (req, options) => {
      this.arm(req, tunnelled);
      addRequest.call(agent, req, options);
    };
    return agent;
  }

  /** What ended `req` here (a timeout, or destroyAll), if anything did. */
  markOf(req: unknown): FailureKind | undefined {
    return req && typeof req === 'object' ? this.timed.get(req as http.ClientRequest)?.mark : undefined;
  }

  /** The signal aborted when `req` is ended here (a proxy's CONNECT listens to it). */
  signalOf(req: http.ClientRequest): AbortSignal | undefined {
    return this.timed.get(req)?.abort?.signal;
  }

  /** Whether `req` was ended by the whole-answer timer (not by the idle one). */
  wholeAnswerExpired(req: unknown): boolean {
    return req && typeof req === 'object' ? this.timed.get(req as http.ClientRequest)?.wholeAnswer === true : false;
  }

  /** `req`'s answer is a stream handed to its caller: only its idle timer applies from now on. */
  streamed(req: unknown): void {
    const t = req && typeof req === 'object' ? this.timed.get(req as http.ClientRequest) : undefined;
    if (t) t.answerBy = -1;
  }

  /** A streamed answer's own idle timeout, from now on. */
  setReadTimeout(req: unknown, ms: number): void {
    const t = req && typeof req === 'object' ? this.timed.get(req as http.ClientRequest) : undefined;
    if (!t) return;
    t.readMs = ms;
    t.activeAt = performance.now();
  }

  /** Ends every request on the wire, each marked `closed`. */
  destroyAll(): void {
    for (const t of this.live) this.end(t, 'closed');
    this.live.clear();
    this.stopTicker();
  }

  private end(t: Timed, kind: FailureKind): void {
    const req = t.req;
    if (t.mark || req.destroyed) return;
    t.mark = kind;
    t.abort?.abort();
    const code = kind === 'connect-timeout' ? 'ECONNTIMEOUT' : kind === 'read-timeout' ? 'ETIMEDOUT' : 'ERR_CLIENT_CLOSED';
    req.destroy(Object.assign(new Error(kind), { code }));
  }

  private arm(req: http.ClientRequest, tunnelled: boolean): void {
    const t: Timed = {
      req,
      phase: 'socket',
      connectAt: 0,
      connectMark: 0,
      connectLeft: 0,
      readMs: this.readMs,
      activeAt: 0,
      bytes: 0,
      readMark: 0,
      readLeft: 0,
      graceUntil: 0,
      answerBy: 0,
    };
    // Through a tunnel the socket comes connected (TLS included): the whole setup is the connect timer's.
    if (tunnelled) {
      t.abort = new AbortController();
      this.startConnect(t);
    }
    this.timed.set(req, t);
    this.live.add(t);
    if (!this.ticker) {
      this.ticker = setInterval(() => this.sweep(), this.tickMs);
      this.ticker.unref();
      this.releaseLag = watchLoopLag();
    }
    req.once('socket', (socket: Socket) => {
      if (!socket.connecting) {
        this.startRead(t); // a kept-alive socket, or a tunnel's
        return;
      }
      this.startConnect(t);
      const connectedEvent = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
      const connected = (): void => this.startRead(t);
      socket.once(connectedEvent, connected);
      req.once('close', () => socket.removeListener(connectedEvent, connected));
    });
  }

  private startConnect(t: Timed): void {
    t.phase = 'connect';
    t.connectMark = blockedMs();
    t.connectLeft = this.connectMs;
    t.connectAt = performance.now() + this.connectMs;
  }

  private startRead(t: Timed): void {
    t.phase = 'read';
    t.activeAt = performance.now();
    t.bytes = bytesOf(t.req.socket);
    t.readMark = blockedMs();
    t.readLeft = this.readMs;
  }

  /**
   * The time a timer whose wait started at `mark` (a blockedMs() reading) may wait again, within
   * what is left of its budget. Neither timer counts time this process's event loop was blocked
   * (see loop-lag.ts): a timer that expires after such a block waits that long again (at most its
   * own length in all, so an answer that never comes is still reported within twice the timeout),
   * and the read timer gives up only if no byte arrived meanwhile. Otherwise a busy Node-RED would
   * report as the service's silence an answer already waiting in the socket.
   */
  private owed(mark: number, left: number): number {
    const blocked = Math.min(blockedMs() - mark, left);
    return blocked < BLOCKED_ENOUGH_MS ? 0 : Math.ceil(blocked);
  }

  private sweep(): void {
    const now = performance.now();
    for (const t of this.live) {
      if (t.mark || t.req.destroyed) {
        this.live.delete(t);
        continue;
      }
      if (t.phase === 'connect') {
        if (now >= t.connectAt) this.connectExpired(t, now);
      } else if (t.phase === 'read') {
        this.checkRead(t, now);
      }
    }
    if (this.live.size === 0) this.stopTicker();
  }

  private connectExpired(t: Timed, now: number): void {
    const wait = this.owed(t.connectMark, t.connectLeft);
    t.connectLeft -= wait;
    t.connectMark = blockedMs();
    if (wait === 0) this.end(t, 'connect-timeout');
    else t.connectAt = now + wait;
  }

  private checkRead(t: Timed, now: number): void {
    const req = t.req;
    // The whole answer: from its headers, ANSWER_READ_TIMEOUTS read timeouts (no allowance: it is no silence).
    if (t.answerBy === 0 && (req as { res?: unknown }).res) t.answerBy = now + this.readMs * ANSWER_READ_TIMEOUTS;
    if (t.answerBy > 0 && now >= t.answerBy) {
      t.wholeAnswer = true;
      this.end(t, 'read-timeout');
      return;
    }
    const bytes = bytesOf(req.socket);
    if (bytes !== t.bytes) {
      t.bytes = bytes;
      t.activeAt = now;
      t.graceUntil = 0;
      return;
    }
    if (t.graceUntil > 0 ? now >= t.graceUntil : now - t.activeAt >= t.readMs) this.readExpired(t, now);
  }

  /** The silence limit ran out: unless the loop was blocked meanwhile (then wait that long again), the request ends. */
  private readExpired(t: Timed, now: number): void {
    const wait = this.owed(t.readMark, t.readLeft);
    t.readLeft -= wait;
    t.readMark = blockedMs();
    if (wait === 0 || !t.req.socket) {
      this.end(t, 'read-timeout');
      return;
    }
    // Bytes arriving in the meantime count as activity again (checkRead).
    t.graceUntil = now + wait;
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.releaseLag?.();
    this.releaseLag = undefined;
  }
}

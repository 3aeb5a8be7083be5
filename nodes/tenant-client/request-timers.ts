/**
 * The connect and read timers of the tenant's requests, attached through its agents (every
 * request axios makes passes `addRequest` of the agent it is given), so that the two timeouts stay
 * apart and neither counts the time this process's own event loop was blocked (loop-lag.ts).
 *
 * - connect: from socket creation (DNS lookup included) to `connect` (`secureConnect` for TLS);
 *   through a proxy's tunnel, from the request's start until the tunnel and TLS are up;
 * - read: once connected, the longest silence while waiting for and reading the answer
 *   (`ClientRequest#setTimeout`, an idle timer, so a long download that keeps flowing is not cut).
 * A reused keep-alive socket is already connected: only the read timer applies.
 * - the whole answer: from the response headers, ANSWER_READ_TIMEOUTS read timeouts for the body
 *   of an answer read whole (an idle timer alone lets a host trickling a byte a second hold the
 *   request, and one of the tenant's slots, forever); a streamed answer is ended from this by
 *   `streamed()` and keeps only its idle timer.
 *
 * axios's own `timeout` is not used: it is the same idle timer, but it gives up at its first
 * expiry, also when the answer is already waiting in the socket behind a blocked event loop.
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

interface Armed {
  /** Set when a timer (or destroy) ended the request: what to report. */
  mark?: FailureKind;
  /** Through a tunnel: aborted when the request is ended here, to end a proxy's CONNECT still under way. */
  abort?: AbortController;
  /** Set when the whole-answer timer ended the request (its mark is then `read-timeout`). */
  wholeAnswer?: boolean;
  setReadTimeout(ms: number): void;
  /** Ends the whole-answer timer (a streamed answer). */
  streamed(): void;
}

/** `addRequest` as Node's agents (and agent-base's) have it, not in @types/node. */
interface AgentInternals {
  addRequest: (this: http.Agent, req: http.ClientRequest, options: unknown) => void;
}

export class RequestTimers {
  private readonly armed = new WeakMap<http.ClientRequest, Armed>();
  /** Every request on the wire, so that `destroyAll()` can end them. */
  private readonly live = new Set<http.ClientRequest>();

  constructor(
    private readonly connectMs: number,
    private readonly readMs: number,
  ) {}

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
    return req && typeof req === 'object' ? this.armed.get(req as http.ClientRequest)?.mark : undefined;
  }

  /** The signal aborted when `req` is ended here (a proxy's CONNECT listens to it). */
  signalOf(req: http.ClientRequest): AbortSignal | undefined {
    return this.armed.get(req)?.abort?.signal;
  }

  /** Whether `req` was ended by the whole-answer timer (not by the idle one). */
  wholeAnswerExpired(req: unknown): boolean {
    return req && typeof req === 'object' ? this.armed.get(req as http.ClientRequest)?.wholeAnswer === true : false;
  }

  /** `req`'s answer is a stream handed to its caller: only its idle timer applies from now on. */
  streamed(req: unknown): void {
    if (req && typeof req === 'object') this.armed.get(req as http.ClientRequest)?.streamed();
  }

  /** A streamed answer's own idle timeout, from now on. */
  setReadTimeout(req: unknown, ms: number): void {
    if (req && typeof req === 'object') this.armed.get(req as http.ClientRequest)?.setReadTimeout(ms);
  }

  /** Ends every request on the wire, each marked `closed`. */
  destroyAll(): void {
    for (const req of this.live) this.end(req, 'closed');
    this.live.clear();
  }

  private end(req: http.ClientRequest, kind: FailureKind): void {
    const armed = this.armed.get(req);
    if (!armed || armed.mark || req.destroyed) return;
    armed.mark = kind;
    armed.abort?.abort();
    const code = kind === 'connect-timeout' ? 'ECONNTIMEOUT' : kind === 'read-timeout' ? 'ETIMEDOUT' : 'ERR_CLIENT_CLOSED';
    req.destroy(Object.assign(new Error(kind), { code }));
  }

  /**
   * Neither timer counts time this process's event loop was blocked (see loop-lag.ts): a timer that
   * expires after such a block waits that long again (at most its own length in all, so an answer
   * that never comes is still reported within twice the timeout), and the read timer gives up only
   * if no byte arrived meanwhile. Otherwise a busy Node-RED would report as the service's silence an
   * answer already waiting in the socket.
   */
  private arm(req: http.ClientRequest, tunnelled: boolean): void {
    const live = this.live;
    live.add(req);
    const releaseLag = watchLoopLag();
    let grace: NodeJS.Timeout | undefined;
    let answerTimer: NodeJS.Timeout | undefined;
    let readMs = this.readMs;
    const armed: Armed = {
      ...(tunnelled ? { abort: new AbortController() } : {}),
      setReadTimeout: (ms) => {
        readMs = ms;
        if (!req.destroyed) req.setTimeout(ms);
      },
      streamed: () => clearTimeout(answerTimer),
    };
    this.armed.set(req, armed);
    req.once('close', () => {
      live.delete(req);
      clearTimeout(grace);
      clearTimeout(answerTimer);
      releaseLag();
    });
    const fail = (kind: FailureKind): void => this.end(req, kind);
    req.once('response', () => {
      answerTimer = setTimeout(() => {
        if (armed.mark || req.destroyed) return;
        armed.wholeAnswer = true;
        fail('read-timeout');
      }, this.readMs * ANSWER_READ_TIMEOUTS);
    });
    /** The time a timer started at `mark` (a blockedMs() reading) may wait again, within what is left of `budget`. */
    const owed = (mark: number, budget: { left: number }): number => {
      const blocked = Math.min(blockedMs() - mark, budget.left);
      if (blocked < BLOCKED_ENOUGH_MS) return 0;
      budget.left -= blocked;
      return Math.ceil(blocked);
    };

    const readBudget = { left: this.readMs };
    let readMark = 0;
    let isConnected = false;
    // axios resets the socket's idle timer in its own listeners, which run after these: the read
    // timer is armed on the next tick.
    const armRead = (): void => {
      isConnected = true;
      readMark = blockedMs();
      process.nextTick(() => {
        if (!req.destroyed) req.setTimeout(readMs);
      });
    };
    const readExpired = (): void => {
      clearTimeout(grace);
      const socket = req.socket;
      const wait = owed(readMark, readBudget);
      readMark = blockedMs();
      if (wait === 0 || !socket) {
        fail('read-timeout');
        return;
      }
      // Bytes arriving in the meantime re-arm the socket's idle timer by themselves.
      const bytesRead = socket.bytesRead;
      grace = setTimeout(() => {
        if (socket.bytesRead === bytesRead) readExpired();
      }, wait);
    };
    req.on('timeout', () => {
      if (isConnected) readExpired();
    });
    /** The connect timer, lag-aware as the read timer; returns its stop. */
    const startConnectTimer = (): (() => void) => {
      const connectBudget = { left: this.connectMs };
      let connectMark = blockedMs();
      const connectExpired = (): void => {
        const wait = owed(connectMark, connectBudget);
        connectMark = blockedMs();
        if (wait === 0) fail('connect-timeout');
        else timer = setTimeout(connectExpired, wait);
      };
      let timer = setTimeout(connectExpired, this.connectMs);
      const stop = (): void => clearTimeout(timer);
      req.once('close', stop);
      return stop;
    };
    // Through a tunnel the socket comes connected (TLS included): the whole setup is the connect timer's.
    const stopTunnelTimer = tunnelled ? startConnectTimer() : undefined;
    req.once('socket', (socket: Socket) => {
      if (!socket.connecting) {
        stopTunnelTimer?.();
        armRead(); // a kept-alive socket, or a tunnel's
        return;
      }
      const connectedEvent = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
      const stop = startConnectTimer();
      const connected = (): void => {
        stop();
        armRead();
      };
      socket.once(connectedEvent, connected);
      req.once('close', () => socket.removeListener(connectedEvent, connected));
    });
  }
}

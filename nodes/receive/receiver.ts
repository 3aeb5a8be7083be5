/**
 * The one receiver under auth0-log-stream-in and auth0-event-stream-in: a POST route on Node-RED's
 * HTTP server for nodes (its own raw body, past the editor's parsers: http-node-route.ts), the
 * authorization checked before any byte of the body is read, the body read up to Node-RED's
 * `apiMaxLength`, its items parsed by the node, the ones already received dropped (duplicate
 * memory: this process's, and the replicas' through the tenant's Redis when it has one), the
 * answer sent at once, then the fresh items handed to the node to send.
 *
 * Hostile sizes: a request with more items than Auth0 ever sends in one is refused (413, before
 * the items are unwrapped or looked up), an item nested deeper than Node-RED can copy is refused
 * (400), and the fresh items go to the node in slices of DELIVERY_SLICE, each after the event loop
 * has had a turn: a large delivery never holds Node-RED's other work (its HTTP answers, the
 * editor) up for longer than one slice takes.
 *
 * The duplicate window is a receiver's only replay protection: a delivery recorded and replayed
 * after its ids left the window (or, without Redis, to another replica) is taken as new.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Node, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { BodyTooLargeError } from '../shared/request-body-reader';
import type { SharedState } from '../shared-state/shared-state';
import { type StatusText, statusTexts } from '../shared/status-text';
import { type RouteHandler, addPostRoute, byteLimit, httpNodeUnavailable, readRequestBody, routePath } from './http-node-route';
import { RecentIds } from './recent-ids';
import { SharedRecentIds } from './shared-recent-ids';
import { MAX_MESSAGE_DEPTH, jsonNestedDeeperThan, tooDeepUnder } from '../shared/message-depth';

const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Nesting at which a body is refused before it is parsed; shallower ones are parsed and each item
 * held to MAX_MESSAGE_DEPTH (so the refusal can name the item).
 */
const UNPARSED_DEPTH = 10_000;

/** Items handed to the node per turn of the event loop. */
export const DELIVERY_SLICE = 64;

/**
 * Thrown by a receiver's parse when the body holds more items than it takes per request (answered
 * 413): `count` when it is known, else undefined (parsing stopped past the limit).
 */
export class TooManyItemsError extends Error {
  constructor(readonly count?: number) {
    super(`the request holds ${count ?? 'too many'} items`);
    this.name = 'TooManyItemsError';
  }
}

export interface ReceiverSpec<T> {
  /** The node's type, for its log lines. */
  type: string;
  /** The node's URL setting: the route's path below httpNodeRoot. */
  url: unknown;
  /** What a body must be, for the 400 answer: "an Auth0 log stream body". */
  what: string;
  /** Whether the request carries the configured secret (compared in constant time). */
  authorized(headers: IncomingHttpHeaders): boolean;
  /** Whether a secret is set at all; without one every request is refused. */
  hasSecret: boolean;
  /** Logged with the first request refused for want of a secret. */
  noSecretWarning: string;
  /** The duplicate memory: how many ids, for how long. */
  dedupe: { capacity: number; maxAgeMs?: number };
  /** The tenant's Redis, for a memory shared by the replicas; undefined: this process's own. */
  shared?: SharedState;
  /**
   * The most items one request may hold, and why (Auth0 sends no more): more are refused with 413,
   * so a hostile request cannot make the node send millions of messages.
   */
  mostItems: { count: number; why: string };
  /**
   * The items of a body, or why it has none (answered 400, which Auth0 does not retry). It may
   * throw TooManyItemsError as soon as it knows the body holds more than `mostItems` items.
   */
  parse(body: unknown, mostItems: number): T[] | string;
  /** An item's id for the duplicate memory; undefined: it is never taken for a repeat. */
  idOf(item: T): string | undefined;
  /** Sends fresh items (the answer has gone out; a large delivery comes in slices) and shows the node's status. */
  deliver(fresh: T[]): void;
  /** The node's status (through its tenant use when it has one). */
  show(status: NodeStatus): void;
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export class Receiver<T> {
  private readonly recent: RecentIds;
  private readonly shared: SharedRecentIds | undefined;
  private readonly bodyLimit: number;
  private readonly text: StatusText;
  private removeRoute: (() => void) | undefined;
  private refused = 0;
  /** The next slice of each delivery still going out. */
  private readonly slicing = new Set<NodeJS.Immediate>();
  readonly path: string;

  constructor(
    private readonly node: Node,
    RED: NodeRedAPI,
    private readonly spec: ReceiverSpec<T>,
  ) {
    this.text = statusTexts(RED);
    this.recent = new RecentIds(spec.dedupe.capacity, spec.dedupe.maxAgeMs);
    if (spec.shared) this.shared = new SharedRecentIds(spec.shared, node.id, this.recent);
    this.bodyLimit = byteLimit(RED.settings.apiMaxLength, DEFAULT_BODY_LIMIT);
    this.path = routePath(spec.url);
    const unavailable = httpNodeUnavailable(RED);
    if (unavailable) {
      node.warn(`${spec.type}: ${unavailable}`);
      spec.show({ fill: 'red', shape: 'ring', text: this.text('noHttpServer') });
      return;
    }
    if (this.path === '') {
      node.error(`${spec.type}: set the URL (the path Auth0 posts to)`);
      spec.show({ fill: 'red', shape: 'ring', text: this.text('noUrl') });
      return;
    }
    this.removeRoute = addPostRoute(RED, this.path, this.handler, (warning) => node.warn(`${spec.type}: ${warning}`));
    // Refusing is the safe default; the warning comes with the first refused request.
    spec.show(
      spec.hasSecret
        ? { fill: 'green', shape: 'ring', text: `POST ${this.path}`.slice(0, 32) }
        : { fill: 'yellow', shape: 'ring', text: this.text('noAuthorization') },
    );
  }

  /** Takes the route away and forgets the ids (Redis keeps the shared ones until they expire). */
  close(): void {
    this.removeRoute?.();
    this.removeRoute = undefined;
    this.recent.clear();
    for (const next of this.slicing) clearImmediate(next);
    this.slicing.clear();
  }

  /** The route's handler: a stable reference, so close removes exactly this route. */
  readonly handler: RouteHandler = (req, res) => {
    if (!this.spec.authorized(req.headers)) {
      this.refuse(req, res);
      return;
    }
    readRequestBody(req, this.bodyLimit).then(
      (body) =>
        this.accept(body, res).catch((err: unknown) => {
          // Not the sender's fault (the shared memory failed): a 5xx makes Auth0 deliver again later.
          answer(res, 500, { error: 'server_error', message: 'the delivery could not be received; deliver again' });
          this.node.error(`${this.spec.type}: ${err instanceof Error ? err.message : String(err)}`);
        }),
      (err: unknown) => {
        const tooLarge = err instanceof BodyTooLargeError;
        const message = err instanceof Error ? err.message : String(err);
        answer(res, tooLarge ? 413 : 400, { error: tooLarge ? 'payload_too_large' : 'bad_request', message });
        this.node.warn(`${this.spec.type}: request refused: ${message}`);
      },
    );
  };

  private refuse(req: IncomingMessage, res: ServerResponse): void {
    this.refused += 1;
    if (!this.spec.hasSecret && this.refused === 1) this.node.warn(`${this.spec.type}: ${this.spec.noSecretWarning}`);
    // Drained so the connection can be reused; not one byte of it is read.
    req.resume();
    res.setHeader('WWW-Authenticate', 'Bearer');
    answer(res, 401, { error: 'unauthorized' });
    // Without a secret every request is refused: the status keeps saying why.
    this.spec.show({ fill: 'yellow', shape: 'ring', text: this.text(this.spec.hasSecret ? 'refused' : 'refusedNoAuthorization', { count: this.refused }) });
  }

  private async accept(body: unknown, res: ServerResponse): Promise<void> {
    const most = this.spec.mostItems.count;
    let items: T[] | string;
    try {
      // Far deeper than any item may be: refused from its bytes, without parsing it (seconds, at 5 MB).
      items =
        Buffer.isBuffer(body) && jsonNestedDeeperThan(body, UNPARSED_DEPTH)
          ? `it is nested more than ${MAX_MESSAGE_DEPTH} levels deep`
          : this.spec.parse(body, most);
    } catch (err) {
      if (!(err instanceof TooManyItemsError)) throw err;
      this.tooMany(res, err.count);
      return;
    }
    if (typeof items !== 'string' && items.length > most) {
      this.tooMany(res, items.length);
      return;
    }
    const deep = typeof items === 'string' ? -1 : items.findIndex((item) => tooDeepUnder(item) !== undefined);
    if (deep >= 0) items = `item ${deep + 1} is nested more than ${MAX_MESSAGE_DEPTH} levels deep`;
    if (typeof items === 'string') {
      // A 4xx makes Auth0 give up on this delivery at once: right for a body that can never be read.
      answer(res, 400, { error: 'bad_request', message: `not ${this.spec.what}: ${items}` });
      this.node.warn(`${this.spec.type}: not ${this.spec.what} (${items})`);
      return;
    }
    const fresh = await this.freshOf(items);
    // Answer first: Auth0 only needs to know the delivery arrived, and a slow flow must not make it retry.
    answer(res, 200, { received: items.length, duplicates: items.length - fresh.length });
    this.deliverInSlices(fresh, 0);
  }

  private tooMany(res: ServerResponse, count: number | undefined): void {
    const { count: most, why } = this.spec.mostItems;
    const message = `the request holds ${count ?? `more than ${most}`} items; ${this.spec.type} takes at most ${most} per request (${why})`;
    answer(res, 413, { error: 'payload_too_large', message });
    this.node.warn(`${this.spec.type}: request refused: ${message}`);
  }

  /** The items from `from` on: one slice now, the rest after the event loop has had a turn. */
  private deliverInSlices(items: T[], from: number): void {
    const to = Math.min(items.length, from + DELIVERY_SLICE);
    if (from === 0 && to === items.length) {
      this.spec.deliver(items);
      return;
    }
    this.spec.deliver(items.slice(from, to));
    if (to >= items.length) return;
    const next = setImmediate(() => {
      this.slicing.delete(next);
      this.deliverInSlices(items, to);
    });
    this.slicing.add(next);
  }

  /** The items not received before (by this process, or by any replica when the memory is shared). */
  private async freshOf(items: T[]): Promise<T[]> {
    const ids = items.map((item) => this.spec.idOf(item));
    if (!this.shared) return items.filter((_, i) => ids[i] === undefined || this.recent.add(ids[i]));
    const withIds = ids.filter((id): id is string => id !== undefined);
    // Redis answers in order, each id recorded as it is checked: a repeat inside the batch is not new either.
    const isNew = await this.shared.addAll(withIds);
    let next = 0;
    return items.filter((_, i) => ids[i] === undefined || isNew[next++]);
  }
}

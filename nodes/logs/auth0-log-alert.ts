/**
 * auth0-log-alert: counts the events of auth0-log-watch, auth0-log-stream-in and auth0-events
 * per key (user, IP, user and IP, application, …) over a sliding window of the events' own time,
 * and sends one alert when a key's count reaches the threshold (one per key and cooldown), then a
 * "resolved" on its second output once the count stayed below the threshold for the cooldown.
 *
 * Its state: in this process (log-alert/alert-windows.ts, at most maxKeys keys), written to the
 * context store the user picks every few seconds and on close, so a redeploy or a restart resumes
 * with the counts; or, with the tenant's Redis, in Redis (log-alert/shared-alert-windows.ts),
 * shared by every replica. While that Redis is away the node counts alone and says so.
 */
import { findTenant } from '../config/config-node';
import { toError } from '../shared/errors';
import { FlowContextRecord } from '../shared/flow-context-record';
import { migrateNodeConfig } from '../shared/migrations';
import type { DoneFunction, Node, NodeDefinition, NodeMessage, NodeRedAPI, SendFunction } from '../shared/node-red-types';
import type { SharedState } from '../shared-state/shared-state';
import { SharedStateUnavailable } from '../shared-state/shared-state';
import { statusTexts } from '../shared/status-text';
import { type AlertEvent, eventTime, sampleOf } from './log-alert/alert-event';
import { alertMessage, resolvedMessage } from './log-alert/alert-messages';
import { ALERT_PRESETS } from './log-alert/alert-presets';
import { type LogAlertConfig, type LogAlertSettings, readLogAlertSettings } from './log-alert/alert-settings';
import { AlertWindows, type Counted, type Resolution, isWindowsRecord, windowShape } from './log-alert/alert-windows';
import { EventClock, wallClock } from './log-alert/event-clock';
import { SharedAlertWindows } from './log-alert/shared-alert-windows';

/** How often the node looks for keys to resolve, shows its status and saves its state (when changed). */
const TICK_MS = 1000;
const SAVE_EVERY_MS = 5000;

interface AdminApi {
  httpAdmin?: { get(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

/** What the node keeps in its context store: the windows, and how many alerts it has sent with them. */
interface SavedState {
  windows: unknown;
  alerts: number;
}

function isSavedState(value: unknown): value is SavedState {
  const v = value as Partial<SavedState> | undefined;
  return typeof v === 'object' && v !== null && 'windows' in v && typeof v.alerts === 'number' && Number.isInteger(v.alerts) && v.alerts >= 0;
}

class LogAlert {
  private readonly clock = new EventClock();
  private readonly local: AlertWindows;
  private readonly shared: SharedAlertWindows | undefined;
  private readonly record: FlowContextRecord;
  /** Messages and ticks run one after another, in order. */
  private queue: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  private dirty = false;
  private lastSave = 0;
  private alerts = 0;
  private skipped = 0;
  private alone = false;
  private closing = false;
  /** The status last shown (fill, shape and text): the tick shows it again only when it changed, not to every editor each second. */
  private shownStatus = '';
  /** Jobs queued or running. */
  private pending = 0;

  constructor(
    private readonly node: Node,
    private readonly settings: LogAlertSettings,
    private readonly text: ReturnType<typeof statusTexts>,
    sharedState: SharedState | undefined,
  ) {
    const shape = windowShape(settings.windowMs, settings);
    this.local = new AlertWindows(shape);
    this.shared = sharedState ? new SharedAlertWindows(sharedState, node.id, shape, settings.windowMs) : undefined;
    this.sharedState = sharedState;
    this.record = new FlowContextRecord(node, 'auth0LogAlert', settings.store);
    this.queue = Promise.resolve();
    if (!this.shared) this.enqueue(() => this.load());
    this.timer = setInterval(() => this.enqueue(() => this.tick()), TICK_MS);
    node.on('input', (msg: NodeMessage, send: SendFunction, done: DoneFunction) => {
      const shared = this.shared;
      if (shared) {
        this.enqueue(() =>
          this.takeShared(msg, send, shared).then(
            () => done(),
            (err: unknown) => done(toError(err)),
          ),
        );
        return;
      }
      // Counting in this process needs no await: with nothing queued (the usual case) it runs at once.
      if (this.pending === 0) this.takeLocallyDone(msg, send, done);
      else this.enqueue(() => this.takeLocallyDone(msg, send, done));
    });
    node.on('close', (removed: boolean, done: () => void) => {
      this.closing = true;
      clearInterval(this.timer);
      this.enqueue(async () => {
        if (removed) await (this.shared ? this.shared.remove() : this.record.remove());
        else if (!this.shared) await this.save();
      });
      this.queue.then(done, (err: unknown) => {
        this.node.warn(`the alert state could not be saved: ${toError(err).message}`);
        done();
      });
    });
    this.showStatus();
  }

  private readonly sharedState: SharedState | undefined;

  private readonly report = (err: unknown): void => this.node.error(`auth0-log-alert: ${toError(err).message}`);
  private readonly finished = (): void => {
    this.pending -= 1;
  };

  /**
   * Runs `job` after the jobs before it. With none in flight a job runs at once, and one that
   * needs no await (counting alone) ends at once: no promise per message.
   */
  private enqueue(job: () => Promise<void> | void): void {
    if (this.pending === 0) {
      let result: Promise<void> | void;
      try {
        result = job();
      } catch (err) {
        this.report(err);
        return;
      }
      if (!result) return;
      this.pending += 1;
      this.queue = result.catch(this.report).finally(this.finished);
      return;
    }
    this.pending += 1;
    this.queue = this.queue.then(job).catch(this.report).finally(this.finished);
  }

  private async load(): Promise<void> {
    const saved = await this.record.read();
    // The windows with the count of alerts sent (what the status shows), or the windows alone as saved before.
    const withAlerts = isSavedState(saved);
    const stored = withAlerts ? saved.windows : saved;
    if (!isWindowsRecord(stored)) return;
    if (stored.signature !== this.settings.signature) {
      this.node.log('the stored alert windows were made with another key, window or type filter; counting starts over');
      return;
    }
    this.local.restore(stored);
    this.clock.state = stored.clock;
    // Alerts sent before a redeploy or restart are still sent: the status keeps counting them.
    if (withAlerts) this.alerts += saved.alerts;
  }

  private async save(): Promise<void> {
    this.dirty = false;
    this.lastSave = wallClock.now();
    const state: SavedState = { windows: this.local.toRecord(this.settings.signature, this.clock.state), alerts: this.alerts };
    await this.record.write(state);
  }

  /** One event of a message, read: undefined when it does not count (another type, no time, no key). */
  private read(item: unknown): { event: AlertEvent; at: number; key: string } | undefined {
    if (item === null || typeof item !== 'object') {
      this.skipped += 1;
      return undefined;
    }
    const event = item as AlertEvent;
    if (!this.settings.matches(event.type)) return undefined;
    const at = eventTime(event);
    const key = at === undefined ? undefined : this.settings.keyOf(event);
    if (at === undefined || key === undefined) {
      this.skipped += 1;
      return undefined;
    }
    return { event, at, key };
  }

  /** Older than the window by the wall clock: with late "count" it counts but sends no alert. */
  private late(at: number): boolean {
    return !this.settings.lateAlerts && at < wallClock.now() - this.settings.windowMs;
  }

  /** takeLocally, then `done` (with the error, if any) so Catch nodes see it. */
  private takeLocallyDone(msg: NodeMessage, send: SendFunction, done: DoneFunction): void {
    try {
      this.takeLocally(msg, send);
      done();
    } catch (err) {
      done(toError(err));
    }
  }

  /** Counts the events of one message (an event or a batch) in this process, sending what they cause. */
  private takeLocally(msg: NodeMessage, send: SendFunction): void {
    const payload = msg.payload;
    if (Array.isArray(payload)) for (const item of payload as unknown[]) this.countLocally(item, send);
    else this.countLocally(payload, send);
    this.dirty = true;
  }

  /** One event in this process: what was due resolves first, then it counts. */
  private countLocally(item: unknown, send: SendFunction): void {
    const read = this.read(item);
    if (!read) return;
    const now = this.clock.observe(read.at);
    const resolved = this.local.resolve(now);
    if (resolved.length > 0) this.sendResolved(resolved, send);
    const type = typeof read.event.type === 'string' ? read.event.type : '';
    const counted = this.local.add(read.key, read.at, now, type, read.event, this.late(read.at));
    if (counted) this.sendAlert(read.key, counted, send);
  }

  /** The same through Redis, one event after the other; alone while Redis is away. */
  private async takeShared(msg: NodeMessage, send: SendFunction, shared: SharedAlertWindows): Promise<void> {
    const events = Array.isArray(msg.payload) ? (msg.payload as unknown[]) : [msg.payload];
    for (const item of events) {
      const read = this.read(item);
      if (!read) continue;
      const now = this.clock.observe(read.at);
      await this.resolveDue(now, send);
      const type = typeof read.event.type === 'string' ? read.event.type : '';
      const late = this.late(read.at);
      let counted: Counted | undefined;
      if (this.useShared()) {
        try {
          const sharedCount = await shared.add(read.key, read.at, now, type, sampleOf(read.event), late);
          this.clock.observe(sharedCount.clock);
          this.setAlone(false);
          counted = sharedCount.alert ? sharedCount : undefined;
        } catch (err) {
          if (!(err instanceof SharedStateUnavailable)) throw err;
          this.setAlone(true);
          counted = this.local.add(read.key, read.at, now, type, read.event, late);
        }
      } else {
        this.setAlone(true);
        counted = this.local.add(read.key, read.at, now, type, read.event, late);
      }
      if (counted) this.sendAlert(read.key, counted, send);
    }
  }

  private sendAlert(key: string, counted: Counted, send: SendFunction): void {
    this.alerts += 1;
    send([alertMessage(this.settings, key, counted), null]);
  }

  private sendResolved(resolved: Resolution[], send: SendFunction): void {
    for (const resolution of resolved) send([null, resolvedMessage(this.settings, resolution)]);
    if (resolved.length > 0) this.dirty = true;
  }

  private useShared(): boolean {
    return this.shared !== undefined && (this.sharedState as SharedState).available;
  }

  private setAlone(alone: boolean): void {
    if (alone === this.alone) return;
    this.alone = alone;
    if (alone) this.node.warn('Redis is not reachable: this replica counts alone until it is back');
  }

  private async resolveDue(now: number, send: SendFunction): Promise<void> {
    if (now === -Infinity) return;
    this.sendResolved(this.local.resolve(now), send);
    if (!this.shared || !this.useShared()) return;
    try {
      this.sendResolved(await this.shared.resolve(now), send);
    } catch (err) {
      if (!(err instanceof SharedStateUnavailable)) throw err;
    }
  }

  private tick(): Promise<void> | void {
    if (this.closing) return;
    const send: SendFunction = (msg) => this.node.send(msg);
    if (this.shared) {
      return this.resolveDue(this.clock.now(), send).then(() => this.showStatus());
    }
    const now = this.clock.now();
    if (now !== -Infinity) this.sendResolved(this.local.resolve(now), send);
    this.showStatus();
    if (this.dirty && wallClock.now() - this.lastSave >= SAVE_EVERY_MS) return this.save();
  }

  private showStatus(): void {
    const dropped = this.local.dropped;
    // Counts in the locale's plural forms (Node-RED's `<key>_plural` for i18next's `count`): "1 key, 1 alert", "2 keys, 0 alerts".
    const alerts = this.text('alertCount', { count: this.alerts });
    const keys =
      this.shared && !this.alone
        ? this.text('alertShared', { alerts })
        : this.text('alertKeys', { keys: this.text('keyCount', { count: this.local.size }), alerts });
    const text = dropped > 0 ? this.text('alertDropped', { status: keys, dropped }) : keys;
    const status = {
      fill: this.alone ? 'yellow' : dropped > 0 ? 'yellow' : 'green',
      shape: this.alerts > 0 ? 'dot' : 'ring',
      text: this.alone ? this.text('alertAlone', { status: text }) : text,
    } as const;
    const shown = `${status.fill} ${status.shape} ${status.text}`;
    if (shown === this.shownStatus) return;
    this.shownStatus = shown;
    this.node.status(status);
  }
}

function createLogAlert(node: Node, config: LogAlertConfig, RED: NodeRedAPI): void {
  const text = statusTexts(RED);
  let settings: LogAlertSettings;
  let shared: SharedState | undefined;
  try {
    settings = readLogAlertSettings(config);
    if (settings.tenant) shared = findTenant(RED, settings.tenant).getSharedState?.();
  } catch (err) {
    const error = toError(err);
    node.error(`auth0-log-alert: ${error.message}`);
    node.status({ fill: 'red', shape: 'ring', text: text('configuration') });
    node.on('input', (_msg: NodeMessage, _send: SendFunction, done: DoneFunction) => done(error));
    return;
  }
  new LogAlert(node, settings, text, shared);
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-log-alert', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    createLogAlert(this, migrateNodeConfig(config), RED);
  });

  // The editor's rule presets (the category and type table is auth0-log-watch's).
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.get('/auth0-log-alert/presets', admin.auth.needsPermission('auth0-log-alert.read'), (_req: unknown, res: { json(body: unknown): void }) => {
      res.json(ALERT_PRESETS);
    });
  }
};

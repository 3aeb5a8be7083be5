/**
 * What auth0-log-stream-watch compares between two polls of `GET /api/v2/log-streams`: each
 * stream's status. The first poll is the baseline (nothing is reported for it, so a restart does
 * not alert on every stream that was already paused); afterwards a stream whose status differs
 * from the previous poll is a change, and a stream that disappeared is reported as `deleted`.
 */
import { Auth0Error } from '../../shared/errors';

export type LogStream = Record<string, unknown> & { id?: string; name?: string; status?: string };

export interface StreamChange {
  stream: LogStream;
  previousStatus: string;
  status: string;
}

/** The status a removed stream is reported with. */
export const DELETED = 'deleted';

/**
 * Sink fields that hold credentials (Auth0 may return them). A status alert never needs them, and
 * a message should not carry them into debug panes and e-mails.
 */
const SECRET_SINK_FIELDS = new Set([
  'httpAuthorization',
  'httpCustomHeaders',
  'datadogApiKey',
  'splunkToken',
  'sumoSourceAddress',
  'segmentWriteKey',
  'mixpanelServiceAccountPassword',
  'awsAccessKeyId',
  'awsSecretAccessKey',
]);
export const REDACTED = '[redacted]';

export function withoutSecrets(stream: LogStream): LogStream {
  const copy: LogStream = { ...stream };
  if (stream.sink && typeof stream.sink === 'object' && !Array.isArray(stream.sink)) {
    const sink: Record<string, unknown> = { ...(stream.sink as Record<string, unknown>) };
    for (const field of Object.keys(sink)) if (SECRET_SINK_FIELDS.has(field)) sink[field] = REDACTED;
    copy.sink = sink;
  }
  return copy;
}

export function streamsOf(data: unknown, operation: string, statusCode: number): LogStream[] {
  const list = Array.isArray(data) ? data : undefined;
  if (!list || list.some((item) => !item || typeof item !== 'object' || typeof (item as LogStream).id !== 'string')) {
    throw new Auth0Error(`${operation}: the service answered ${statusCode} with a body that is not a list of log streams`, {
      statusCode,
      errorCode: 'invalid_response',
      operation,
    });
  }
  return list as LogStream[];
}

export class StreamStatusTracker {
  /** id → last status and the stream as last seen. */
  private known: Map<string, { status: string; stream: LogStream }> | undefined;

  get hasBaseline(): boolean {
    return this.known !== undefined;
  }

  /** Records `streams` and returns the changes since the previous call (none on the first). */
  update(streams: LogStream[]): StreamChange[] {
    const next = new Map<string, { status: string; stream: LogStream }>();
    for (const stream of streams) next.set(stream.id as string, { status: String(stream.status ?? 'unknown'), stream });
    const previous = this.known;
    this.known = next;
    if (!previous) return [];
    const changes: StreamChange[] = [];
    for (const [id, now] of next) {
      const before = previous.get(id);
      // A stream created since the last poll becomes known; it is reported from its next change on.
      if (before && before.status !== now.status) changes.push({ stream: now.stream, previousStatus: before.status, status: now.status });
    }
    for (const [id, before] of previous) {
      if (!next.has(id)) changes.push({ stream: before.stream, previousStatus: before.status, status: DELETED });
    }
    return changes;
  }

  /** What is known, without the streams' secrets, for a replica that takes over (shared state). */
  snapshot(): { id: string; status: string; stream: LogStream }[] | undefined {
    return this.known && [...this.known].map(([id, known]) => ({ id, status: known.status, stream: withoutSecrets(known.stream) }));
  }

  /** Continues from another replica's snapshot: its streams are the baseline. */
  restore(entries: { id: string; status: string; stream: LogStream }[] | undefined): void {
    this.known = entries ? new Map(entries.map((e) => [e.id, { status: e.status, stream: e.stream }])) : undefined;
  }

  /** Counts by status, for the node's status text. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { status } of this.known?.values() ?? []) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }
}

/**
 * Opens a completed export's file at its `location`. On the tenant's own host (the emulator, a
 * proxy) it goes through the tenant client, its limiter and timeouts. Anywhere else (Auth0 hands
 * out a signed storage URL) it is a plain GET that carries no credential of the tenant: the
 * signature in the URL is the only permission needed (on a transport of its own, following up to
 * three redirects, reading at most MAX_EXPORT_FILE_BYTES). The URL itself is never logged or put in an error, since it grants access to
 * the file until it expires.
 */
import type { Readable } from 'node:stream';
import { HttpTransport, TransportFailure, type ExchangeResult } from '../../tenant-client/http-transport';
import type { TransportFailureInfo } from '../../tenant-client/error-mapping';
import { Auth0Error } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';
import type { ExportFormat } from './records';

const OPERATION = 'jobs.export_file';
/** Longest silence while connecting or reading the file, seconds. */
const DOWNLOAD_IDLE_TIMEOUT_SECONDS = 60;
const MAX_REDIRECTS = 3;
/** The file's own limit: Auth0's exports are gzipped newline-delimited JSON or CSV, read as they stream, record by record. */
const MAX_EXPORT_FILE_BYTES = 20 * 1024 ** 3;
/** An answer read whole here is only ever an error page. */
const MAX_ERROR_ANSWER_BYTES = 1024 * 1024;

/** The file's format: the job says; else the file name does (`tenant.csv.gz`). */
export function exportFormatOf(job: Record<string, unknown>, location: URL): ExportFormat {
  if (job.format === 'csv' || job.format === 'json') return job.format;
  return /\.csv(\.gz)?$/i.test(location.pathname) ? 'csv' : 'json';
}

export function parseLocation(location: unknown): URL {
  if (typeof location !== 'string' || location === '') {
    throw new Auth0Error('the completed export job has no file location', { statusCode: 0, errorCode: 'no_location', operation: OPERATION });
  }
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new Auth0Error("the export job's file location is not a URL", { statusCode: 0, errorCode: 'bad_location', operation: OPERATION });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Auth0Error(`the export job's file location uses ${url.protocol}, not http(s)`, {
      statusCode: 0,
      errorCode: 'bad_location',
      operation: OPERATION,
    });
  }
  if (url.username || url.password) {
    throw new Auth0Error("the export job's file location carries a user name or password", { statusCode: 0, errorCode: 'bad_location', operation: OPERATION });
  }
  return url;
}

/** True when `url` is on the tenant itself (same protocol, host and port as the client's base URL). */
export function onTenantHost(client: TenantClient, url: URL): boolean {
  return url.origin === new URL(client.baseUrl).origin;
}

/** The file's bytes as a stream (still gzipped as served). */
export async function openExportFile(client: TenantClient, url: URL, signal: AbortSignal): Promise<Readable> {
  if (onTenantHost(client, url)) {
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = value;
    const response = await client.request<Readable>({
      method: 'GET',
      path: url.pathname,
      ...(Object.keys(query).length > 0 ? { query } : {}),
      auth: 'none',
      responseType: 'stream',
      signal,
      operation: OPERATION,
    });
    return response.data;
  }
  const transport = new HttpTransport({
    connectTimeoutSeconds: DOWNLOAD_IDLE_TIMEOUT_SECONDS,
    readTimeoutSeconds: DOWNLOAD_IDLE_TIMEOUT_SECONDS,
    maxSockets: 1,
    maxResponseBytes: MAX_ERROR_ANSWER_BYTES,
  });
  let response: ExchangeResult;
  try {
    // No credential of the tenant is sent, so a redirect to any host carries none.
    response = await transport.send({
      method: 'GET',
      url: url.toString(),
      headers: { Accept: 'application/gzip, application/octet-stream, */*' },
      stream: true,
      maxStreamBytes: MAX_EXPORT_FILE_BYTES,
      follow: { max: MAX_REDIRECTS },
      signal,
      label: OPERATION,
      streamError: (failure) => downloadError(failure),
    });
  } catch (err) {
    transport.destroy();
    if (!(err instanceof TransportFailure)) throw err;
    throw downloadError(err.info);
  }
  const body = response.body as Readable;
  // The transport (its socket) goes when the file has been read, or given up.
  body.once('close', () => transport.destroy());
  if (response.statusCode >= 400) {
    body.destroy();
    throw new Auth0Error(
      `the export file could not be downloaded: HTTP ${response.statusCode}${response.statusCode === 403 ? ' (the link may have expired)' : ''}`,
      {
        statusCode: response.statusCode,
        operation: OPERATION,
      },
    );
  }
  return body;
}

/** A download that got no complete answer: the kind and code only, never the URL (it grants access to the file). */
function downloadError(failure: TransportFailureInfo): Auth0Error {
  if (failure.kind === 'too-large') {
    return new Auth0Error(`the export file is larger than ${MAX_EXPORT_FILE_BYTES / 1024 ** 3} GB, the most the download reads`, {
      statusCode: 0,
      errorCode: 'ERESPONSETOOLARGE',
      operation: OPERATION,
    });
  }
  const code = failure.code ?? (failure.kind === 'network' ? undefined : failure.kind);
  return new Auth0Error(`the export file could not be downloaded (${code ?? 'network error'})`, {
    statusCode: 0,
    errorCode: code ?? 'network_error',
    operation: OPERATION,
  });
}

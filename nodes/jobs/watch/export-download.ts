/**
 * Opens a completed export's file at its `location`. On the tenant's own host (the emulator, a
 * proxy) it goes through the tenant client, its limiter and timeouts. Anywhere else (Auth0 hands
 * out a signed storage URL) it is a plain GET that carries no credential of the tenant: the
 * signature in the URL is the only permission needed. The URL itself is never logged or put in
 * an error, since it grants access to the file until it expires.
 */
import type { Readable } from 'node:stream';
import axios from 'axios';
import { Auth0Error } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';
import type { ExportFormat } from './records';

const OPERATION = 'jobs.export_file';
/** Longest silence while connecting or reading the file. */
const DOWNLOAD_IDLE_TIMEOUT_MS = 60_000;

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
  let response;
  try {
    response = await axios.get<Readable>(url.toString(), {
      responseType: 'stream',
      signal,
      timeout: DOWNLOAD_IDLE_TIMEOUT_MS,
      maxRedirects: 3,
      validateStatus: () => true,
      headers: { Accept: 'application/gzip, application/octet-stream, */*' },
    });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new Auth0Error(`the export file could not be downloaded (${typeof code === 'string' ? code : 'network error'})`, {
      statusCode: 0,
      errorCode: typeof code === 'string' ? code : 'network_error',
      operation: OPERATION,
    });
  }
  if (response.status >= 400) {
    response.data.destroy();
    throw new Auth0Error(`the export file could not be downloaded: HTTP ${response.status}${response.status === 403 ? ' (the link may have expired)' : ''}`, {
      statusCode: response.status,
      operation: OPERATION,
    });
  }
  return response.data;
}

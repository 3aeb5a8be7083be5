/**
 * The `Auth0-Client` telemetry header: base64 of JSON naming this package, its version and the
 * Node.js and Node-RED versions, as Auth0's own SDKs send it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const PACKAGE_NAME = '@idflow/node-red-auth0';

let cachedVersion: string | undefined;

/**
 * This package's version, read from its package.json. Looked up by walking up from this file,
 * because the compiled file sits at a different depth (dist/nodes/config) than the source.
 */
export function packageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === 'string') {
        cachedVersion = pkg.version;
        return cachedVersion;
      }
    } catch {
      // No package.json here: keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  cachedVersion = '0.0.0';
  return cachedVersion;
}

export interface TelemetryInfo {
  name: string;
  version: string;
  env: Record<string, string>;
}

export function telemetryInfo(nodeRedVersion?: string): TelemetryInfo {
  const env: Record<string, string> = { node: process.version };
  if (nodeRedVersion) env['node-red'] = nodeRedVersion;
  return { name: PACKAGE_NAME, version: packageVersion(), env };
}

export function telemetryHeader(nodeRedVersion?: string): string {
  return Buffer.from(JSON.stringify(telemetryInfo(nodeRedVersion)), 'utf8').toString('base64');
}

export function userAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()}`;
}

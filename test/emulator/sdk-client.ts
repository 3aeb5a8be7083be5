/**
 * The official `auth0` SDK (v7) pointed at the emulator. The SDK always builds
 * `https://<domain>/…` URLs (for the token request and the API calls alike) and
 * has no protocol option, but it accepts a `fetch` function (BaseClientOptions.fetch,
 * used for both): this one rewrites `https://<emulator host>` to the emulator's
 * plain-http URL and leaves every other URL alone.
 */
import { ManagementClient } from 'auth0';
import type { Emulator } from '../../emulator';

export function emulatorFetch(emu: Emulator): typeof fetch {
  const httpsBase = `https://${emu.domain}`;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(httpsBase)) return fetch(input, init);
    const rewritten = emu.url + url.slice(httpsBase.length);
    if (typeof input === 'string' || input instanceof URL) return fetch(rewritten, init);
    return fetch(new Request(rewritten, input), init);
  };
}

/** A ManagementClient that logs in with the emulator's M2M client (client credentials). */
export function sdkClient(emu: Emulator, options: { maxRetries?: number } = {}): ManagementClient {
  return new ManagementClient({
    domain: emu.domain,
    clientId: emu.clientId,
    clientSecret: emu.clientSecret,
    fetch: emulatorFetch(emu),
    maxRetries: options.maxRetries ?? 0,
  });
}

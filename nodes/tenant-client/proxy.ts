/**
 * Proxies from the environment, decided as axios decided them until 0.2 (the same small package,
 * proxy-from-env: `HTTPS_PROXY` / `HTTP_PROXY` by the request's protocol, then `ALL_PROXY`, upper
 * or lower case, npm's `npm_config_*` forms, and `NO_PROXY`). Unlike axios, an https request goes
 * through a CONNECT tunnel, so TLS runs from this process to the tenant and the proxy sees only
 * the host name; an http request is sent to the proxy in absolute form.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { getProxyForUrl } from 'proxy-from-env';

export interface ProxyRoute {
  /** The proxy's origin: `http:` or `https:`, host and port (never its user or password). */
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
  /** `Basic …` from the user and password in the proxy's URL. */
  authorization?: string;
}

/** The proxy the environment names for `target`, undefined for none; throws a plain Error (naming the variable, not its value) for one that is not an http(s) URL. */
export function proxyFor(target: URL): ProxyRoute | undefined {
  const found = getProxyForUrl(target.href);
  if (!found) return undefined;
  let url: URL;
  try {
    url = new URL(found);
  } catch {
    url = new URL('invalid:');
  }
  const variable = `${target.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY'} (or ALL_PROXY)`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`the proxy in ${variable} is not an http:// or https:// URL`);
  }
  const route: ProxyRoute = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    route.authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
  }
  return route;
}

type ConnectCallback = (err: Error | null, socket?: Duplex) => void;

/**
 * Keep-alive https through a proxy: each new connection is a CONNECT tunnel, then TLS to the
 * tenant inside it (its certificate checked as without a proxy). A socket is handed to the request
 * only once TLS is up, so the request's connect timer, started with it, covers the whole setup.
 */
export class TunnelAgent extends https.Agent {
  constructor(
    private readonly proxy: ProxyRoute,
    /** The CONNECT exchange is given up after this (the request's own connect timer reports). */
    private readonly connectTimeoutMs: number,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: tls.ConnectionOptions, callback: ConnectCallback): undefined {
    const host = String(options.host ?? 'localhost');
    const authority = `${host.includes(':') ? `[${host}]` : host}:${String(options.port ?? 443)}`;
    const headers: Record<string, string> = { Host: authority };
    if (this.proxy.authorization) headers['Proxy-Authorization'] = this.proxy.authorization;
    const connect = (this.proxy.protocol === 'https:' ? https : http).request({
      protocol: this.proxy.protocol,
      hostname: this.proxy.hostname,
      port: this.proxy.port,
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false,
    });
    let called = false;
    const done = (err: Error | null, socket?: Duplex): void => {
      if (called) {
        socket?.destroy();
        return;
      }
      called = true;
      callback(err, socket);
    };
    connect.once('connect', (res: http.IncomingMessage, socket: Duplex) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        done(Object.assign(new Error(`the proxy answered HTTP ${String(res.statusCode)} to CONNECT`), { code: 'EPROXY' }));
        return;
      }
      const secure = tls.connect({ ...options, socket, servername: options.servername ?? (tlsHostName(host) || undefined) });
      secure.once('secureConnect', () => done(null, secure));
      secure.once('error', (err: Error) => done(err));
      secure.once('close', () => done(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    });
    connect.once('error', (err: Error) => done(err));
    connect.setTimeout(this.connectTimeoutMs, () => connect.destroy(Object.assign(new Error('the proxy did not answer CONNECT'), { code: 'ETIMEDOUT' })));
    connect.end();
    return undefined;
  }
}

/** SNI takes a host name, not an IP address. */
function tlsHostName(host: string): string {
  return /^[\d.]+$/.test(host) || host.includes(':') ? '' : host;
}

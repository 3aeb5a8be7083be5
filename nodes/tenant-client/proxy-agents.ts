/**
 * Proxies from the environment, as axios itself reads them (`proxy-from-env`: `HTTPS_PROXY` /
 * `HTTP_PROXY` by the request's protocol, then `ALL_PROXY`, upper or lower case, and `NO_PROXY`),
 * sent through the proxy-agents packages with axios's own proxy handling off (`proxy: false`): an
 * https request goes through a CONNECT tunnel (https-proxy-agent), so TLS runs from this process
 * to the tenant and the proxy sees only the host name; an http request is sent to the proxy in
 * absolute form (http-proxy-agent). The credentials in the proxy's URL become its
 * `Proxy-Authorization` and are never put in an error.
 */
import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { getProxyForUrl } from 'proxy-from-env';

/** The proxy's URL the environment names for `target`, undefined for none; throws (naming the variable, not its value) for one that is not an http(s) URL. */
export function proxyUrlFor(target: URL): URL | undefined {
  const found = getProxyForUrl(target.href);
  if (!found) return undefined;
  let url: URL;
  try {
    url = new URL(found);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const variable = `${target.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY'} (or ALL_PROXY)`;
    throw Object.assign(new Error(`the proxy in ${variable} is not an http:// or https:// URL`), { code: 'EPROXY' });
  }
  return url;
}

export interface ProxyAgentOptions extends http.AgentOptions {
  /** The request's own signal for its CONNECT (aborted when the request is given up before the tunnel is up). */
  connectSignal: (req: http.ClientRequest) => AbortSignal | undefined;
}

/**
 * The agent for requests through `proxy`: a tunnel for https targets, absolute form for http. The
 * packages are ES modules, loaded when a proxy is first needed.
 */
export async function proxyAgentFor(proxy: URL, secureTarget: boolean, options: ProxyAgentOptions): Promise<http.Agent> {
  const { connectSignal, ...agentOptions } = options;
  if (!secureTarget) {
    const { HttpProxyAgent } = await import('http-proxy-agent');
    return new HttpProxyAgent(proxy, agentOptions);
  }
  const { HttpsProxyAgent } = await import('https-proxy-agent');
  /**
   * A tunnel handed to the request only once TLS to the tenant is up (so the connect timer covers
   * the whole setup), and a proxy's refusal as an error (the package hands the request a socket
   * replaying the proxy's answer instead, which would reach the flow as the tenant's).
   */
  class TunnelAgent extends HttpsProxyAgent<string> {
    private readonly baseConnectOpts = this.connectOpts;

    override async connect(req: http.ClientRequest, opts: Parameters<InstanceType<typeof HttpsProxyAgent>['connect']>[1]): Promise<Socket> {
      let status = 200;
      req.once('proxyConnect', (answer: { statusCode?: number }) => {
        status = answer.statusCode ?? 0;
      });
      // Read by the package as it opens the proxy's socket (before its first await).
      const signal = connectSignal(req);
      this.connectOpts = signal ? { ...this.baseConnectOpts, signal } : this.baseConnectOpts;
      const socket = await super.connect(req, opts);
      if (status !== 200) {
        socket.destroy();
        throw Object.assign(new Error(`the proxy answered HTTP ${status} to CONNECT`), { code: 'EPROXY' });
      }
      if (socket instanceof TLSSocket && opts.secureEndpoint) await secured(socket);
      return socket;
    }
  }
  return new TunnelAgent(proxy, agentOptions);
}

/** Resolves once TLS is up on `socket`, rejects if it fails first. */
function secured(socket: TLSSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err?: Error): void => {
      socket.removeListener('secureConnect', ok);
      reject(err ?? Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    };
    const ok = (): void => {
      socket.removeListener('error', failed);
      socket.removeListener('close', closed);
      resolve();
    };
    const closed = (): void => failed();
    socket.once('secureConnect', ok);
    socket.once('error', failed);
    socket.once('close', closed);
  });
}

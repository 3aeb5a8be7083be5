/**
 * Plain `http` to a tenant: the client secret, the client assertion and every token would cross
 * the network in clear. Auth0's own domains are served over https only, so `http` there is
 * refused; any other host that is not this machine (a proxy, a custom domain, an emulator on
 * another machine) gets a warning, and the local emulator on loopback nothing.
 */

/** Auth0's domains: `*.auth0.com` (regional ones included: `*.eu.auth0.com`, `*.us.auth0.com`, …) and `*.auth0app.com`. */
const AUTH0_DOMAIN = /(?:^|\.)auth0(?:app)?\.com$/i;

/** The host without its port, brackets of an IPv6 address and a trailing dot. */
function hostName(domain: string): string {
  const host = domain.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed) return bracketed[1];
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}

export function isAuth0Domain(domain: string): boolean {
  return AUTH0_DOMAIN.test(hostName(domain));
}

/** This machine: `localhost` (and `*.localhost`), 127.0.0.0/8, ::1. */
export function isLoopbackHost(domain: string): boolean {
  const host = hostName(domain);
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** Why `http` to this domain is refused (an Auth0 domain), or undefined. */
export function plainHttpRefusal(protocol: string, domain: string): string | undefined {
  if (protocol !== 'http' || !isAuth0Domain(domain)) return undefined;
  return `auth0-config: the protocol (protocol) is http, but ${hostName(domain)} is an Auth0 domain, served over https only: the client secret and the tokens would cross the network in clear. Set the protocol to https.`;
}

/** The warning for `http` to a host that is neither Auth0's nor this machine, or undefined. */
export function plainHttpWarning(protocol: string, domain: string): string | undefined {
  if (protocol !== 'http' || isAuth0Domain(domain) || isLoopbackHost(domain) || hostName(domain) === '') return undefined;
  return `auth0-config: the protocol (protocol) is http for ${hostName(domain)}, which is not on this machine: the client secret and the tokens cross the network in clear. Use https unless this is a local emulator or a proxy you trust.`;
}

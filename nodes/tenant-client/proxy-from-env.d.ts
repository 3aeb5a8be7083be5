// proxy-from-env ships no types: its one export, as its README describes it.
declare module 'proxy-from-env' {
  /** The proxy URL the environment names for `url`, or '' for none (NO_PROXY, or nothing set). */
  export function getProxyForUrl(url: string | URL): string;
}

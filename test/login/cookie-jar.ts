/** Requests with a minimal cookie jar, redirects left to the caller (as a browser's first hop). */
export async function call(url: string, cookies: Map<string, string>, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, { method, redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    const name = (pair ?? '').slice(0, eq);
    const value = (pair ?? '').slice(eq + 1);
    if (/Max-Age=0/.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return res;
}

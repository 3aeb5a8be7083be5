/** A tiny HTTP client for the emulator tests (fetch on loopback). */
export interface Answer {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any shape, asserted field by field
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  form?: boolean;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow';
}

export async function call(baseUrl: string, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (body !== undefined) {
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const res = await fetch(baseUrl + path, { method, headers, body: payload, redirect: options.redirect ?? 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** A caller bound to one emulator and token. */
export function client(baseUrl: string, token?: string) {
  return (method: string, path: string, body?: unknown, options: CallOptions = {}) => call(baseUrl, method, path, body, { token, ...options });
}

/**
 * A small HTTP client for the emulator's management groups tests: one call, JSON in and out.
 */
import { startEmulator, type Emulator } from '../../emulator';

export interface Answer {
  status: number;
  // JSON of any shape; the tests assert on it field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

export interface GroupsHarness {
  emu: Emulator;
  token: string;
  call(method: string, path: string, body?: unknown, token?: string): Promise<Answer>;
}

/** Starts one emulator for a describe block and resets it before each test. */
export function useEmulator(): GroupsHarness {
  const harness = {} as GroupsHarness;
  before(async function () {
    this.timeout(20_000); // key generation at start can be slow on a busy machine
    harness.emu = await startEmulator({ port: 0 });
  });
  after(async () => {
    await harness.emu.close();
  });
  beforeEach(() => {
    harness.emu.reset();
    harness.token = harness.emu.managementToken();
  });
  harness.call = async (method, path, body, token) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token ?? harness.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(harness.emu.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  return harness;
}

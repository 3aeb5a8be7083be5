/**
 * The emulator tests' tenant: one emulator for a describe block, reset (and seeded) before each
 * test, with a small HTTP client for the management groups tests (one call, JSON in and out) and
 * the http.ts client bound to the management token; and the seed of a tenant users log in to.
 */
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { client } from './http';

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
  /** The http.ts client with the management token. */
  api: ReturnType<typeof client>;
}

/** Starts one emulator for a describe block and resets it before each test, then seeds `options.seed`. */
export function useEmulator(options: { seed?: SeedData } = {}): GroupsHarness {
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
    if (options.seed) harness.emu.seed(options.seed);
    harness.token = harness.emu.managementToken();
    harness.api = client(harness.emu.url, harness.token);
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

/** Where the login tests' web app sends its codes (nothing listens there). */
export const LOGIN_REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * A tenant users log in to: the roles node-red-admin and auditor, Ann (with both, password
 * Passw0rd!) and Bob (no role), and the regular web app `web-login` (secret `web-login-secret`)
 * with `grantTypes`, calling back to LOGIN_REDIRECT.
 */
export function loginTenant(grantTypes: string[]): SeedData {
  return {
    roles: [{ name: 'node-red-admin' }, { name: 'auditor' }],
    users: [
      { email: 'ann@example.com', password: 'Passw0rd!', name: 'Ann', roles: ['node-red-admin', 'auditor'] },
      { email: 'bob@example.com', password: 'Passw0rd!' },
    ],
    clients: [
      {
        name: 'Web',
        client_id: 'web-login',
        client_secret: 'web-login-secret',
        app_type: 'regular_web',
        grant_types: grantTypes,
        callbacks: [LOGIN_REDIRECT],
      },
    ],
  };
}

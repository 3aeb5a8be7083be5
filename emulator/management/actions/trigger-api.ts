/**
 * The `api` object an action's handler gets, per trigger, as Auth0 documents it
 * (auth0.com/docs/customize/actions/reference: post-login, credentials-exchange,
 * pre-user-registration, post-user-registration API objects). Each call is recorded as a command
 * (the test endpoint answers them) and its effect collected in `TriggerEffects`, which the login,
 * token or sign-up then applies: claims and scopes on the tokens, metadata on the user, a denial
 * as Auth0's error. Methods return the `api` object, as Auth0's do.
 */
import type { Tenant } from '../../core/types';
import { EmulatorActionError } from './runner';

export interface Command {
  name: string;
  args: unknown[];
}

export interface Denial {
  action: string;
  /** credentials-exchange: the OAuth error code (`invalid_scope`, `invalid_request`, `server_error`). */
  code?: string;
  reason: string;
  /** pre-user-registration: the message for the user. */
  userMessage?: string;
}

/** What the actions of one trigger run asked for. */
export class TriggerEffects {
  readonly commands: Command[] = [];
  readonly idClaims: Record<string, unknown> = {};
  readonly accessClaims: Record<string, unknown> = {};
  readonly addedScopes: string[] = [];
  readonly removedScopes: string[] = [];
  /** Metadata changes by key, as a PATCH of the user merges them (`null` removes a key). */
  readonly appMetadata: Record<string, unknown> = {};
  readonly userMetadata: Record<string, unknown> = {};
  denied?: Denial;
  /** api.multifactor.enable: noted (the emulator asks for no second factor because of it). */
  multifactor?: { provider: string; options?: unknown };
}

/** A value from the action's realm as plain JSON of this one (undefined stays undefined). */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${what} must be a non-empty string`);
  return value;
}

interface CacheRecord {
  value: string;
  expires_at: number;
}

/** api.cache: per trigger, 15 minutes unless `ttl` (ms) or `expires_at` say otherwise, as Auth0's. */
function cacheApi(tenant: Tenant, trigger: string) {
  const store = tenant.state.doc<Map<string, CacheRecord>>(`action-cache:${trigger}`, () => new Map());
  return {
    get(key: unknown) {
      const record = store.get(String(key));
      if (!record) return undefined;
      if (record.expires_at <= Date.now()) {
        store.delete(String(key));
        return undefined;
      }
      return { ...record };
    },
    set(key: unknown, value: unknown, options?: { ttl?: number; expires_at?: number }) {
      if (typeof value !== 'string') return { type: 'error', code: 'INVALID_VALUE' };
      const expires = options?.expires_at ?? Date.now() + (options?.ttl ?? 15 * 60_000);
      store.set(String(key), { value, expires_at: expires });
      return { type: 'success', record: { value, expires_at: expires } };
    },
    delete(key: unknown) {
      store.delete(String(key));
      return { type: 'success' };
    },
  };
}

/**
 * The `api` for `trigger`, as `action` sees it; its calls land in `effects`. Triggers the
 * emulator does not run at any flow (phone messages, e-mail providers, …) get an `api` that only
 * records calls, for the test endpoint.
 */
export function triggerApi(tenant: Tenant, trigger: string, action: string, effects: TriggerEffects): unknown {
  const api: Record<string, unknown> = {};
  const command =
    <A extends unknown[]>(name: string, effect: (...args: A) => void) =>
    (...args: A): unknown => {
      effects.commands.push({ name, args: args.map(plain) });
      effect(...args);
      return api;
    };
  const setClaim = (claims: Record<string, unknown>) => (name: unknown, value: unknown) => {
    claims[text(name, 'the claim name')] = plain(value);
  };
  const metadata = (changes: Record<string, unknown>) => (key: unknown, value: unknown) => {
    changes[text(key, 'the metadata key')] = plain(value) ?? null;
  };
  const refused = (name: string) => () => {
    throw new EmulatorActionError(`api.${name} sends the user to another site during the login`);
  };
  const cache = cacheApi(tenant, trigger);

  switch (trigger) {
    case 'post-login':
      Object.assign(api, {
        access: {
          deny: command('access.deny', (reason: unknown) => {
            effects.denied ??= { action, reason: typeof reason === 'string' ? reason : 'Access denied' };
          }),
        },
        idToken: { setCustomClaim: command('idToken.setCustomClaim', setClaim(effects.idClaims)) },
        accessToken: {
          setCustomClaim: command('accessToken.setCustomClaim', setClaim(effects.accessClaims)),
          addScope: command('accessToken.addScope', (scope: unknown) => {
            effects.addedScopes.push(text(scope, 'the scope'));
          }),
          removeScope: command('accessToken.removeScope', (scope: unknown) => {
            effects.removedScopes.push(text(scope, 'the scope'));
          }),
        },
        user: {
          setAppMetadata: command('user.setAppMetadata', metadata(effects.appMetadata)),
          setUserMetadata: command('user.setUserMetadata', metadata(effects.userMetadata)),
        },
        multifactor: {
          enable: command('multifactor.enable', (provider: unknown, options?: unknown) => {
            effects.multifactor = { provider: text(provider, 'the provider'), ...(options !== undefined ? { options: plain(options) } : {}) };
          }),
        },
        redirect: {
          sendUserTo: refused('redirect.sendUserTo'),
          encodeToken: refused('redirect.encodeToken'),
          validateToken: refused('redirect.validateToken'),
        },
        cache,
      });
      return api;
    case 'credentials-exchange':
      Object.assign(api, {
        access: {
          deny: command('access.deny', (code: unknown, reason?: unknown) => {
            effects.denied ??= { action, code: typeof code === 'string' ? code : 'invalid_request', reason: typeof reason === 'string' ? reason : '' };
          }),
        },
        accessToken: { setCustomClaim: command('accessToken.setCustomClaim', setClaim(effects.accessClaims)) },
        cache,
      });
      return api;
    case 'pre-user-registration':
      Object.assign(api, {
        access: {
          deny: command('access.deny', (reason: unknown, userMessage?: unknown) => {
            effects.denied ??= {
              action,
              reason: typeof reason === 'string' ? reason : 'Access denied',
              ...(typeof userMessage === 'string' ? { userMessage } : {}),
            };
          }),
        },
        user: {
          setAppMetadata: command('user.setAppMetadata', metadata(effects.appMetadata)),
          setUserMetadata: command('user.setUserMetadata', metadata(effects.userMetadata)),
        },
        cache,
      });
      return api;
    case 'post-user-registration':
      Object.assign(api, { cache });
      return api;
    default:
      return recordingApi(effects.commands);
  }
}

/** An `api` whose every method call, at any depth, is recorded as a command (triggers no flow here runs). */
function recordingApi(commands: Command[], path: string[] = []): unknown {
  const target = function recorded(): void {};
  return new Proxy(target, {
    get(_t, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined;
      return recordingApi(commands, [...path, key]);
    },
    apply(_t, _this, args: unknown[]) {
      commands.push({ name: path.join('.'), args: args.map(plain) });
      return undefined;
    },
  });
}

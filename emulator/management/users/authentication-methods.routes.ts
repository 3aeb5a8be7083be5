/**
 * A user's authentication methods: `/api/v2/users/{id}/authentication-methods` (list, create,
 * replace all, delete all) and `/…/{authentication_method_id}` (get, update, delete). A method's
 * id is `<type>|dev_<random>`, as Auth0's are; the secret parts (totp_secret) are never shown again.
 */
import { conflict, forbidden, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import { randomAlnum } from '../../core/ids';
import { offsetPage } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError, type BodySpec } from '../group-helpers';

const CREATE_SPEC: BodySpec = {
  types: {
    type: 'string',
    name: 'string',
    totp_secret: 'string',
    phone_number: 'string',
    email: 'string',
    preferred_authentication_method: 'string',
    key_id: 'string',
    public_key: 'string',
    aaguid: 'string',
    relying_party_identifier: 'string',
    credential_device_type: 'string',
    credential_backed_up: 'boolean',
    identity_user_id: 'string',
    user_agent: 'string',
    user_handle: 'string',
    transports: 'array',
  },
  required: ['type'],
  enums: {
    type: ['phone', 'email', 'totp', 'webauthn-roaming', 'passkey'],
    preferred_authentication_method: ['voice', 'sms'],
    credential_device_type: ['single_device', 'multi_device'],
  },
};
const SET_ITEM_SPEC: BodySpec = {
  types: { type: 'string', preferred_authentication_method: 'string', name: 'string', phone_number: 'string', email: 'string', totp_secret: 'string' },
  required: ['type'],
  enums: { type: ['phone', 'email', 'totp'], preferred_authentication_method: ['voice', 'sms'] },
};
const UPDATE_SPEC: BodySpec = {
  types: { name: 'string', preferred_authentication_method: 'string' },
  enums: { preferred_authentication_method: ['voice', 'sms'] },
};
/** What each type must carry. */
const REQUIRED_BY_TYPE: Record<string, readonly string[]> = {
  phone: ['phone_number'],
  email: ['email'],
  totp: ['totp_secret'],
  'webauthn-roaming': ['key_id', 'public_key'],
  passkey: ['key_id', 'public_key'],
};
const MAX_PER_USER = 20;

export const registerAuthenticationMethodsRoutes: RoutesModule = (routes, tenant) => {
  const methods = () => tenant.state.collection('authentication-methods');
  const requireUser = (id: string): void => {
    if (!tenant.state.users.get(id)) throw notFound('The user does not exist.', 'inexistent_user');
  };
  const ofUser = (userId: string) =>
    methods()
      .list()
      .filter((m) => m.user_id === userId);
  const view = (m: JsonRecord): JsonRecord => {
    const { user_id: _user, totp_secret: _secret, ...rest } = m;
    return clone(rest);
  };
  const requireMethod = (userId: string, id: string): JsonRecord => {
    requireUser(userId);
    const found = methods().get(id);
    if (!found || found.user_id !== userId) throw notFound('The authentication method does not exist.', 'inexistent_authentication_method');
    return found;
  };
  const sameMethod = (a: JsonRecord, b: JsonRecord): boolean =>
    a.type === b.type &&
    (a.type === 'phone' ? a.phone_number === b.phone_number : a.type === 'email' ? a.email === b.email : a.type === 'totp' || a.key_id === b.key_id);
  const make = (userId: string, body: Record<string, unknown>, where = ''): JsonRecord => {
    for (const field of REQUIRED_BY_TYPE[String(body.type)] ?? []) {
      if (body[field] === undefined) throw payloadError(`Missing required property: ${field}`, `${where}${field}`);
    }
    const stamp = tenant.clock.isoNow();
    return {
      id: `${String(body.type)}|dev_${randomAlnum(16)}`,
      user_id: userId,
      ...clone(body),
      confirmed: true,
      created_at: stamp,
      ...(body.type === 'phone' && body.preferred_authentication_method === undefined ? { preferred_authentication_method: 'sms' } : {}),
    };
  };

  routes.management('GET', '/api/v2/users/:id/authentication-methods', 'read:authentication_methods', (ctx) => {
    requireUser(ctx.params.id);
    const page = offsetPage(ofUser(ctx.params.id), ctx.query, { itemsKey: 'authenticators', defaultPerPage: 50 });
    const items = page.items.map(view);
    return page.includeTotals ? { start: page.start, limit: page.perPage, total: page.total, authenticators: items } : items;
  });

  routes.management('POST', '/api/v2/users/:id/authentication-methods', 'create:authentication_methods', (ctx) => {
    const body = checkBody(bodyObject(ctx), CREATE_SPEC);
    requireUser(ctx.params.id);
    const existing = ofUser(ctx.params.id);
    if (existing.length >= MAX_PER_USER) throw forbidden('You reached the limit of entities of this type for this user.', 'too_many_entities');
    const created = make(ctx.params.id, body);
    if (existing.some((m) => sameMethod(m, created))) throw conflict('Authentication method already exists.', 'authentication_method_conflict');
    methods().insert(created);
    ctx.status = 201;
    return view(created);
  });

  routes.management('PUT', '/api/v2/users/:id/authentication-methods', 'update:authentication_methods', (ctx) => {
    if (!Array.isArray(ctx.body)) throw payloadError(`Expected type array but found type ${ctx.body === null ? 'null' : typeof ctx.body}`);
    requireUser(ctx.params.id);
    const next = (ctx.body as unknown[]).map((item, index) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw payloadError('Expected type object', `[${index}]`);
      return make(ctx.params.id, checkBody(item as Record<string, unknown>, SET_ITEM_SPEC), `[${index}].`);
    });
    for (let i = 0; i < next.length; i++) {
      if (next.slice(0, i).some((m) => sameMethod(m, next[i]))) throw conflict('Authentication method already exists.', 'authentication_method_conflict');
    }
    for (const old of ofUser(ctx.params.id)) methods().delete(String(old.id));
    for (const m of next) methods().insert(m);
    return next.map(view);
  });

  routes.management('DELETE', '/api/v2/users/:id/authentication-methods', 'delete:authentication_methods', (ctx) => {
    requireUser(ctx.params.id);
    for (const m of ofUser(ctx.params.id)) methods().delete(String(m.id));
    ctx.status = 204;
    return undefined;
  });

  routes.management('GET', '/api/v2/users/:id/authentication-methods/:methodId', 'read:authentication_methods', (ctx) =>
    view(requireMethod(ctx.params.id, ctx.params.methodId)),
  );

  routes.management('PATCH', '/api/v2/users/:id/authentication-methods/:methodId', 'update:authentication_methods', (ctx) => {
    const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
    const method = requireMethod(ctx.params.id, ctx.params.methodId);
    if (body.preferred_authentication_method !== undefined && method.type !== 'phone') {
      throw payloadError('preferred_authentication_method applies to phone methods only', 'preferred_authentication_method');
    }
    return view(methods().update(String(method.id), (m) => Object.assign(m, clone(body)))!);
  });

  routes.management('DELETE', '/api/v2/users/:id/authentication-methods/:methodId', 'delete:authentication_methods', (ctx) => {
    const method = requireMethod(ctx.params.id, ctx.params.methodId);
    methods().delete(String(method.id));
    ctx.status = 204;
    return undefined;
  });
};

/**
 * Hooks: `/api/v2/hooks` (list, create, get, update, delete) and their secrets
 * (`/api/v2/hooks/{id}/secrets`: add, get, update, delete). Secret values are stored but shown
 * as `_VALUE_NOT_SHOWN_`, as Auth0 does.
 */
import { conflict, notFound } from '../../core/errors';
import { ulid } from '../../core/ids';
import { fieldsProjection, offsetBody, offsetPage } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, payloadError, type BodySpec } from '../group-helpers';

const TRIGGERS = ['credentials-exchange', 'pre-user-registration', 'post-user-registration', 'post-change-password', 'send-phone-message'];
const NAME_PATTERN = /^([a-zA-Z0-9-]+\s?)*[a-zA-Z0-9-]$/;
const HIDDEN = '_VALUE_NOT_SHOWN_';
/** Auth0's limit of secrets per hook. */
const MAX_SECRETS = 20;

const CREATE_SPEC: BodySpec = {
  types: { name: 'string', script: 'string', enabled: 'boolean', dependencies: 'object', triggerId: 'string' },
  required: ['name', 'script', 'triggerId'],
  enums: { triggerId: TRIGGERS },
};
const UPDATE_SPEC: BodySpec = { types: { name: 'string', script: 'string', enabled: 'boolean', dependencies: 'object' } };

function hookView(hook: JsonRecord): JsonRecord {
  const { secrets: _secrets, ...shown } = clone(hook);
  return shown;
}

/** A `{name: string}` secrets body. */
function secretsBody(body: unknown): Record<string, string> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw payloadError('Expected type object but found type ' + (Array.isArray(body) ? 'array' : typeof body));
  const record = body as Record<string, unknown>;
  if (Object.keys(record).length === 0) throw payloadError('Too few properties defined (0), minimum 1');
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'string') throw payloadError(`Expected type string but found type ${typeof value}`, key);
  }
  return record as Record<string, string>;
}

export const registerHooksRoutes: RoutesModule = (routes, tenant) => {
  const hooks = () => tenant.state.collection('hooks');
  const requireHook = (id: string): JsonRecord => {
    const hook = hooks().get(id);
    if (!hook) throw notFound('Error: Hook does not exist', 'HookDoesNotExist'); // Auth0's words and code (recorded)
    return hook;
  };
  const secretsOf = (hook: JsonRecord): Record<string, string> => (hook.secrets as Record<string, string> | undefined) ?? {};

  routes.management('GET', '/api/v2/hooks', 'read:hooks', (ctx) => {
    let list = hooks().list();
    const enabled = ctx.query.bool('enabled');
    if (enabled !== undefined) list = list.filter((h) => h.enabled === enabled);
    const trigger = ctx.query.str('triggerId');
    if (trigger !== undefined) list = list.filter((h) => h.triggerId === trigger);
    const project = fieldsProjection(ctx.query);
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'hooks', defaultPerPage: 50 }), 'hooks', (h) => project(hookView(h)));
  });

  routes.management(
    'POST',
    '/api/v2/hooks',
    'create:hooks',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.name, 'name', { pattern: NAME_PATTERN });
      if (
        hooks()
          .list()
          .some((h) => h.name === body.name)
      )
        throw conflict('A hook with the same name already exists', 'hook_conflict');
      const hook: JsonRecord = { id: ulid(), enabled: false, dependencies: {}, ...clone(body), secrets: {} };
      hooks().insert(hook);
      ctx.status = 201;
      return hookView(hook);
    },
    { description: 'Create a hook' },
  );

  routes.management('GET', '/api/v2/hooks/:id', 'read:hooks', (ctx) => fieldsProjection(ctx.query)(hookView(requireHook(ctx.params.id))));

  routes.management(
    'PATCH',
    '/api/v2/hooks/:id',
    'update:hooks',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { pattern: NAME_PATTERN });
      requireHook(ctx.params.id);
      if (
        body.name !== undefined &&
        hooks()
          .list()
          .some((h) => h.name === body.name && h.id !== ctx.params.id)
      ) {
        throw conflict('A hook with the same name already exists', 'hook_conflict');
      }
      return hookView(hooks().update(ctx.params.id, (hook) => Object.assign(hook, clone(body))) as JsonRecord);
    },
    { description: 'Update a hook' },
  );

  routes.management(
    'DELETE',
    '/api/v2/hooks/:id',
    'delete:hooks',
    (ctx) => {
      // An absent hook is a 404 at Auth0 (recorded), unlike most other deletes.
      requireHook(ctx.params.id);
      hooks().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a hook' },
  );

  routes.management('GET', '/api/v2/hooks/:id/secrets', 'read:hooks', (ctx) => {
    const shown: Record<string, string> = {};
    for (const key of Object.keys(secretsOf(requireHook(ctx.params.id)))) shown[key] = HIDDEN;
    return shown;
  });

  routes.management(
    'POST',
    '/api/v2/hooks/:id/secrets',
    'update:hooks',
    (ctx) => {
      const added = secretsBody(ctx.body);
      const hook = requireHook(ctx.params.id);
      const secrets = secretsOf(hook);
      const existing = Object.keys(added).filter((key) => key in secrets);
      if (existing.length) throw conflict(`Secret already exists: ${existing.join(', ')}`, 'hook_secret_conflict');
      if (Object.keys(secrets).length + Object.keys(added).length > MAX_SECRETS) {
        throw payloadError(`A hook can have at most ${MAX_SECRETS} secrets`);
      }
      hooks().update(hook.id as string, (h) => {
        h.secrets = { ...secrets, ...added };
      });
      // 201 with an empty object, as Auth0 answers (recorded).
      ctx.status = 201;
      return {};
    },
    { description: 'Add hook secrets' },
  );

  routes.management(
    'PATCH',
    '/api/v2/hooks/:id/secrets',
    'update:hooks',
    (ctx) => {
      const changed = secretsBody(ctx.body);
      const hook = requireHook(ctx.params.id);
      const secrets = secretsOf(hook);
      const missing = Object.keys(changed).filter((key) => !(key in secrets));
      if (missing.length) throw notFound(`Secret does not exist: ${missing.join(', ')}`, 'inexistent_hook_secret');
      hooks().update(hook.id as string, (h) => {
        h.secrets = { ...secrets, ...changed };
      });
      // Auth0 answers an update of secrets as their creation: 201 with an empty object (recorded).
      ctx.status = 201;
      return {};
    },
    { description: 'Update hook secrets' },
  );

  routes.management(
    'DELETE',
    '/api/v2/hooks/:id/secrets',
    'update:hooks',
    (ctx) => {
      const names = ctx.body;
      if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string')) {
        throw payloadError('Expected a non-empty array of secret names');
      }
      const hook = requireHook(ctx.params.id);
      const secrets = { ...secretsOf(hook) };
      for (const name of names as string[]) delete secrets[name];
      hooks().update(hook.id as string, (h) => {
        h.secrets = secrets;
      });
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete hook secrets' },
  );
};

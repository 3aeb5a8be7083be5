/**
 * Actions modules (early access at Auth0): `/api/v2/actions/modules` — shared code with a draft
 * and published, immutable versions; actions refer to a module version in their `modules` list.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, type BodySpec } from '../group-helpers';

const CREATE_SPEC: BodySpec = {
  types: { name: 'string', code: 'string', secrets: 'array', dependencies: 'array', api_version: 'string', publish: 'boolean' },
  required: ['name', 'code'],
};
const UPDATE_SPEC: BodySpec = { types: { code: 'string', secrets: 'array', dependencies: 'array' } };

function page(items: unknown[], query: { int(name: string, o?: { min?: number; max?: number }): number | undefined }, key: string): JsonRecord {
  const p = query.int('page', { min: 0 }) ?? 0;
  const perPage = query.int('per_page', { min: 1, max: 100 }) ?? 50;
  return { [key]: items.slice(p * perPage, p * perPage + perPage), total: items.length, page: p, per_page: perPage };
}

export const registerActionModulesRoutes: RoutesModule = (routes, tenant) => {
  const modules = () => tenant.state.collection('action-modules');
  const versions = () => tenant.state.collection('action-module-versions');
  const now = () => tenant.clock.isoNow();
  const usingActions = (moduleId: string): JsonRecord[] =>
    tenant.state
      .collection('actions')
      .list()
      .filter((a) => ((a.modules as JsonRecord[] | undefined) ?? []).some((m) => m.module_id === moduleId));

  const requireModule = (id: string): JsonRecord => {
    const found = modules().get(id);
    if (!found) throw notFound('The actions module does not exist.', 'module_not_found');
    return found;
  };
  const secretsView = (secrets: unknown) => ((secrets as JsonRecord[] | undefined) ?? []).map((s) => ({ name: s.name, updated_at: s.updated_at }));
  const versionView = (v: JsonRecord): JsonRecord => ({ ...clone(v), secrets: secretsView(v.secrets) });
  const moduleVersions = (id: string) =>
    versions()
      .list()
      .filter((v) => v.module_id === id)
      .sort((a, b) => Number(b.version_number) - Number(a.version_number));
  const view = (m: JsonRecord): JsonRecord => {
    const latest = moduleVersions(String(m.id))[0];
    return {
      ...clone(m),
      secrets: secretsView(m.secrets),
      actions_using_module_total: usingActions(String(m.id)).length,
      latest_version_number: latest ? latest.version_number : 0,
      ...(latest ? { latest_version: versionView(latest) } : {}),
    };
  };
  const storedSecrets = (given: unknown): JsonRecord[] =>
    ((given as JsonRecord[] | undefined) ?? []).map((s) => ({ name: s.name, value: s.value, updated_at: now() }));
  const publish = (m: JsonRecord): JsonRecord => {
    const version: JsonRecord = {
      id: randomUUID(),
      module_id: m.id,
      version_number: ((moduleVersions(String(m.id))[0]?.version_number as number | undefined) ?? 0) + 1,
      code: m.code,
      secrets: clone(m.secrets),
      dependencies: clone(m.dependencies),
      created_at: now(),
    };
    versions().insert(version);
    modules().update(String(m.id), (x) => {
      x.all_changes_published = true;
    });
    return version;
  };

  routes.management('GET', '/api/v2/actions/modules', 'read:actions', (ctx) => page(modules().list().map(view), ctx.query, 'modules'));

  routes.management('POST', '/api/v2/actions/modules', 'create:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx), CREATE_SPEC);
    if (
      modules()
        .list()
        .some((m) => m.name === body.name)
    )
      throw conflict(`A module with the name '${String(body.name)}' already exists.`, 'module_conflict');
    const stamp = now();
    const created: JsonRecord = {
      id: randomUUID(),
      name: body.name,
      code: body.code,
      dependencies: clone(body.dependencies ?? []),
      secrets: storedSecrets(body.secrets),
      all_changes_published: false,
      created_at: stamp,
      updated_at: stamp,
    };
    modules().insert(created);
    if (body.publish === true) publish(created);
    ctx.status = 201;
    return view(requireModule(String(created.id)));
  });

  routes.management('GET', '/api/v2/actions/modules/:id', 'read:actions', (ctx) => view(requireModule(ctx.params.id)));

  routes.management('PATCH', '/api/v2/actions/modules/:id', 'update:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
    requireModule(ctx.params.id);
    modules().update(ctx.params.id, (m) => {
      if (body.code !== undefined) m.code = body.code;
      if (body.dependencies !== undefined) m.dependencies = clone(body.dependencies);
      if (body.secrets !== undefined) m.secrets = storedSecrets(body.secrets);
      m.all_changes_published = false;
      m.updated_at = now();
    });
    return view(requireModule(ctx.params.id));
  });

  routes.management('DELETE', '/api/v2/actions/modules/:id', 'delete:actions', (ctx) => {
    requireModule(ctx.params.id);
    if (usingActions(ctx.params.id).length > 0) throw badRequest('The module is used by actions: remove it from them first.', 'module_in_use');
    for (const v of moduleVersions(ctx.params.id)) versions().delete(String(v.id));
    modules().delete(ctx.params.id);
    ctx.status = 204;
    return undefined;
  });

  routes.management('GET', '/api/v2/actions/modules/:id/actions', 'read:actions', (ctx) => {
    requireModule(ctx.params.id);
    const list = usingActions(ctx.params.id).map((a) => ({ action_id: a.id, action_name: a.name, supported_triggers: clone(a.supported_triggers) }));
    return page(list, ctx.query, 'actions');
  });

  routes.management('POST', '/api/v2/actions/modules/:id/rollback', 'update:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { module_version_id: 'string' }, required: ['module_version_id'] });
    requireModule(ctx.params.id);
    const version = versions().get(String(body.module_version_id));
    if (!version || version.module_id !== ctx.params.id) throw notFound('The module version does not exist.', 'module_version_not_found');
    modules().update(ctx.params.id, (m) => {
      m.code = version.code;
      m.dependencies = clone(version.dependencies);
      m.secrets = clone(version.secrets);
      m.updated_at = now();
    });
    return versionView(publish(requireModule(ctx.params.id)));
  });

  routes.management('GET', '/api/v2/actions/modules/:id/versions', 'read:actions', (ctx) => {
    requireModule(ctx.params.id);
    return page(moduleVersions(ctx.params.id).map(versionView), ctx.query, 'versions');
  });

  routes.management('POST', '/api/v2/actions/modules/:id/versions', 'update:actions', (ctx) => versionView(publish(requireModule(ctx.params.id))));

  routes.management('GET', '/api/v2/actions/modules/:id/versions/:versionId', 'read:actions', (ctx) => {
    requireModule(ctx.params.id);
    const version = versions().get(ctx.params.versionId);
    if (!version || version.module_id !== ctx.params.id) throw notFound('The module version does not exist.', 'module_version_not_found');
    return versionView(version);
  });
};

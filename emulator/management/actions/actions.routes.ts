/**
 * Actions: `/api/v2/actions/actions` (CRUD, deploy, test), versions (list, get, roll back),
 * triggers, trigger bindings (the PATCH replaces the whole list) and executions.
 *
 * Every create and update of an action starts a build: the action is `pending`, then, after
 * BUILD_DELAY_MS of emulated time, `built` (the code compiles) or `failed` with the build's
 * errors (reported on the action while it is failed: the emulator's stand-in for the draft's
 * build log). Only a built action can be deployed; only a deployed one can be bound.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, badRequest, conflict, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { buildErrors, BUILD_DELAY_MS, testRun } from './build';
import { setActionRuntimeSettings } from './runner';
import { isTrigger, triggerList } from './triggers';
import { actionBindings, type StoredBinding } from './executions';
import { bodyObject, checkBody, clone, payloadError, type BodySpec } from '../group-helpers';
import { toText } from '../../../nodes/shared/to-text';

const ACTION_FIELDS: BodySpec['types'] = {
  name: 'string',
  supported_triggers: 'array',
  code: 'string',
  dependencies: 'array',
  runtime: 'string',
  secrets: 'array',
  modules: 'array',
};
const CREATE_SPEC: BodySpec = { types: { ...ACTION_FIELDS, deploy: 'boolean' }, required: ['name', 'supported_triggers'] };
const UPDATE_SPEC: BodySpec = { types: ACTION_FIELDS };
const MAX_ACTIONS = 100;
const MAX_BINDINGS = 20;
const MAX_SECRETS = 30;

function pagedObject(items: unknown[], page: number, perPage: number, key: string): JsonRecord {
  return { total: items.length, page, per_page: perPage, [key]: items.slice(page * perPage, page * perPage + perPage) };
}

export const registerActionsRoutes: RoutesModule = (routes, tenant) => {
  const actions = () => tenant.state.collection('actions');
  const versions = () => tenant.state.collection('action-versions');
  const executions = () => tenant.state.collection('action-executions');
  const bindings = () => actionBindings(tenant);
  const now = () => tenant.clock.isoNow();
  const builds = new Map<string, NodeJS.Timeout>();

  const requireAction = (id: string): JsonRecord => {
    const action = actions().get(id);
    if (!action) throw notFound('The action does not exist.', 'action_not_found');
    return action;
  };
  const requireTrigger = (id: string): string => {
    if (!isTrigger(id)) throw badRequest(`Invalid trigger: ${id}`, 'invalid_trigger');
    return id;
  };
  const boundTriggers = (actionId: string): string[] =>
    Object.entries(bindings())
      .filter(([, list]) => list.some((b) => b.action_id === actionId))
      .map(([trigger]) => trigger);

  /** The action as the API shows it: secret values never, the deployed version in full. */
  const publicAction = (action: JsonRecord): JsonRecord => {
    const { secrets, deployed_version_id: deployedId, errors, ...rest } = action;
    const view: JsonRecord = clone(rest);
    view.secrets = ((secrets as JsonRecord[] | undefined) ?? []).map((s) => ({ name: s.name, updated_at: s.updated_at }));
    const deployed = typeof deployedId === 'string' ? versions().get(deployedId) : undefined;
    if (deployed) {
      view.deployed_version = publicVersion(deployed);
      // Auth0 also answers the latest version in brief, its status in capitals (recorded 2023–2025).
      const latest = versions()
        .list()
        .filter((v) => v.action_id === action.id)
        .reduce((a, b) => (Number(b.number) > Number(a.number) ? b : a), deployed);
      view.current_version = {
        id: latest.id,
        code: latest.code,
        runtime: latest.runtime,
        status: String(latest.status).toUpperCase(),
        number: latest.number,
        ...(latest.built_at ? { build_time: latest.built_at } : {}),
        created_at: latest.created_at,
        updated_at: latest.updated_at,
      };
    }
    if (action.status === 'failed') view.errors = clone(errors);
    return view;
  };
  const publicVersion = (version: JsonRecord): JsonRecord => {
    const view = clone(version);
    const action = actions().get(String(version.action_id));
    if (action) {
      view.action = {
        id: action.id,
        name: action.name,
        supported_triggers: clone(action.supported_triggers),
        all_changes_deployed: action.all_changes_deployed,
        created_at: action.created_at,
        updated_at: action.updated_at,
      };
    }
    return view;
  };

  const checkTriggers = (value: unknown): void => {
    const list = value as JsonRecord[];
    if (list.length !== 1) throw payloadError('An action can only target a single trigger', 'supported_triggers');
    for (const trigger of list) {
      if (!trigger || typeof trigger !== 'object' || typeof trigger.id !== 'string') throw payloadError('Missing required property: id', 'supported_triggers');
      if (!isTrigger(trigger.id)) throw payloadError(`No enum match for: "${trigger.id}"`, 'supported_triggers');
    }
  };
  const storedSecrets = (given: unknown, previous: JsonRecord[] = []): JsonRecord[] => {
    const list = given as JsonRecord[];
    if (list.length > MAX_SECRETS) throw payloadError(`Array is too long (${list.length}), maximum ${MAX_SECRETS}`, 'secrets');
    return list.map((secret) => {
      if (!secret || typeof secret.name !== 'string' || secret.name === '') throw payloadError('Missing required property: name', 'secrets');
      const kept = previous.find((p) => p.name === secret.name);
      // A secret given without a value keeps the value it had.
      const value = typeof secret.value === 'string' ? secret.value : kept?.value;
      return { name: secret.name, value: value ?? '', updated_at: typeof secret.value === 'string' ? now() : (kept?.updated_at ?? now()) };
    });
  };

  /** Starts (or restarts) the action's build. */
  const startBuild = (action: JsonRecord): void => {
    const id = String(action.id);
    const running = builds.get(id);
    if (running) tenant.clock.clearTimeout(running);
    actions().update(id, (a) => {
      a.status = 'pending';
      delete a.errors;
      delete a.built_at;
    });
    builds.set(
      id,
      tenant.clock.setTimeout(() => {
        builds.delete(id);
        const current = actions().get(id);
        if (!current) return;
        const errors = buildErrors(toText(current.code ?? ''), (current.dependencies as JsonRecord[] | undefined) ?? []);
        actions().update(id, (a) => {
          if (errors.length > 0) {
            a.status = 'failed';
            a.errors = errors;
          } else {
            a.status = 'built';
            a.built_at = now();
          }
        });
        // A version deployed before its build ended (created with `deploy: true`) ends with it.
        for (const version of versions().list()) {
          if (version.action_id !== id || version.status !== 'pending') continue;
          versions().update(String(version.id), (v) => {
            v.status = errors.length > 0 ? 'failed' : 'built';
            if (errors.length === 0) v.built_at = now();
            v.updated_at = now();
          });
        }
      }, BUILD_DELAY_MS),
    );
  };
  routes.onReset(() => {
    for (const timer of builds.values()) tenant.clock.clearTimeout(timer);
    builds.clear();
  });

  // Seed `actions`: each built, deployed and bound to its trigger at once, in the order given;
  // seed `actionRuntime: { timeLimitMs }`: the time an action may run (Auth0: 20 s).
  routes.onSeed((data) => {
    const runtime = data.actionRuntime as { timeLimitMs?: unknown } | undefined;
    if (runtime !== undefined) {
      if (typeof runtime !== 'object' || runtime === null || typeof runtime.timeLimitMs !== 'number' || runtime.timeLimitMs <= 0) {
        throw badRequest('seed key actionRuntime must be { "timeLimitMs": <positive number> }');
      }
      setActionRuntimeSettings(tenant, { timeLimitMs: runtime.timeLimitMs });
    }
    const seeded = data.actions;
    if (seeded === undefined) return;
    if (!Array.isArray(seeded)) throw badRequest('seed key actions must be a list of actions');
    for (const [index, item] of (seeded as unknown[]).entries()) {
      const given = item as JsonRecord;
      if (!given || typeof given.name !== 'string' || typeof given.code !== 'string') throw badRequest(`seed actions[${index}] needs a name and code`);
      const trigger = typeof given.trigger === 'string' ? given.trigger : 'post-login';
      requireTrigger(trigger);
      const errors = buildErrors(given.code, (given.dependencies as JsonRecord[] | undefined) ?? []);
      if (errors.length > 0) throw badRequest(`seed actions[${index}] (${given.name}) does not build: ${errors.map((e) => e.msg).join('; ')}`);
      const stamp = now();
      const action: JsonRecord = {
        id: typeof given.id === 'string' ? given.id : randomUUID(),
        name: given.name,
        supported_triggers: [{ id: trigger, version: triggerList().find((t) => t.id === trigger)?.version }],
        code: given.code,
        dependencies: clone(given.dependencies ?? []),
        runtime: typeof given.runtime === 'string' ? given.runtime : 'node22',
        secrets: storedSecrets(given.secrets ?? []),
        modules: [],
        all_changes_deployed: true,
        status: 'built',
        built_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      };
      if (!actions().insert(action)) throw badRequest(`seed actions[${index}]: an action with id ${String(action.id)} exists`);
      deploy(action);
      const list = bindings()[trigger] ?? [];
      list.push({ id: randomUUID(), action_id: String(action.id), display_name: given.name, created_at: stamp, updated_at: stamp });
      bindings()[trigger] = list;
    }
  });

  const deploy = (action: JsonRecord, from?: JsonRecord): JsonRecord => {
    const id = String(action.id);
    const existing = versions()
      .list()
      .filter((v) => v.action_id === id);
    for (const v of existing)
      versions().update(String(v.id), (x) => {
        x.deployed = false;
      });
    const source = from ?? action;
    const stamp = now();
    const version: JsonRecord = {
      id: randomUUID(),
      action_id: id,
      code: source.code ?? '',
      dependencies: clone(source.dependencies ?? []),
      runtime: source.runtime,
      secrets: ((action.secrets as JsonRecord[] | undefined) ?? []).map((s) => ({ name: s.name, updated_at: s.updated_at })),
      supported_triggers: clone(action.supported_triggers),
      deployed: true,
      status: source.status === 'built' || from !== undefined ? 'built' : 'pending',
      number: existing.reduce((max, v) => Math.max(max, Number(v.number)), 0) + 1,
      errors: [],
      ...(source.status === 'built' || from !== undefined ? { built_at: stamp } : {}),
      created_at: stamp,
      updated_at: stamp,
    };
    versions().insert(version);
    actions().update(id, (a) => {
      a.deployed_version_id = version.id;
      a.all_changes_deployed = from === undefined || (a.code === version.code && JSON.stringify(a.dependencies ?? []) === JSON.stringify(version.dependencies));
    });
    return version;
  };

  // ── actions ──────────────────────────────────────────────────────────
  routes.management('GET', '/api/v2/actions/actions', 'read:actions', (ctx) => {
    let list = actions().list();
    const trigger = ctx.query.str('triggerId');
    if (trigger !== undefined) list = list.filter((a) => (a.supported_triggers as JsonRecord[]).some((t) => t.id === trigger));
    const name = ctx.query.str('actionName');
    if (name !== undefined) list = list.filter((a) => a.name === name);
    const deployed = ctx.query.bool('deployed');
    if (deployed !== undefined) list = list.filter((a) => (a.deployed_version_id !== undefined) === deployed);
    if (ctx.query.bool('installed') === true) list = list.filter((a) => a.installed_integration_id !== undefined);
    const page = ctx.query.int('page', { min: 0 }) ?? 0;
    const perPage = ctx.query.int('per_page', { min: 1, max: 100 }) ?? 50;
    return pagedObject(list.map(publicAction), page, perPage, 'actions');
  });

  routes.management('POST', '/api/v2/actions/actions', 'create:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx), CREATE_SPEC);
    checkTriggers(body.supported_triggers);
    if (
      actions()
        .list()
        .some((a) => a.name === body.name)
    )
      throw conflict(`An action with the name '${String(body.name)}' already exists.`, 'action_conflict');
    if (actions().size >= MAX_ACTIONS) throw new ApiError(403, `You reached the limit of ${MAX_ACTIONS} actions per tenant.`, 'too_many_entities');
    const stamp = now();
    const action: JsonRecord = {
      id: randomUUID(),
      name: body.name,
      supported_triggers: clone(body.supported_triggers),
      code: body.code ?? '',
      dependencies: clone(body.dependencies ?? []),
      runtime: body.runtime ?? 'node22',
      secrets: storedSecrets(body.secrets ?? []),
      modules: clone(body.modules ?? []),
      all_changes_deployed: false,
      status: 'pending',
      created_at: stamp,
      updated_at: stamp,
    };
    // Answered as given, false by default (the description's default; recorded).
    action.deploy = body.deploy === true;
    actions().insert(action);
    startBuild(action);
    // `deploy: true` deploys the first version at once; it is built with the action (recorded).
    if (body.deploy === true) deploy(requireAction(String(action.id)));
    ctx.status = 201;
    return publicAction(requireAction(String(action.id)));
  });

  routes.management('GET', '/api/v2/actions/actions/:id', 'read:actions', (ctx) => publicAction(requireAction(ctx.params.id)));

  routes.management('PATCH', '/api/v2/actions/actions/:id', 'update:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
    const action = requireAction(ctx.params.id);
    if (body.supported_triggers !== undefined) checkTriggers(body.supported_triggers);
    if (
      body.name !== undefined &&
      actions()
        .list()
        .some((a) => a.name === body.name && a.id !== action.id)
    ) {
      throw conflict(`An action with the name '${toText(body.name)}' already exists.`, 'action_conflict');
    }
    actions().update(String(action.id), (a) => {
      for (const key of ['name', 'supported_triggers', 'code', 'dependencies', 'runtime', 'modules'] as const) {
        if (body[key] !== undefined) a[key] = clone(body[key]);
      }
      if (body.secrets !== undefined) a.secrets = storedSecrets(body.secrets, a.secrets as JsonRecord[]);
      a.all_changes_deployed = false;
      a.updated_at = now();
    });
    startBuild(action);
    return publicAction(requireAction(String(action.id)));
  });

  routes.management('DELETE', '/api/v2/actions/actions/:id', 'delete:actions', (ctx) => {
    const action = actions().get(ctx.params.id);
    if (!action) throw notFound('The action does not exist.', 'action_not_found');
    const bound = boundTriggers(String(action.id));
    if (bound.length > 0 && ctx.query.bool('force') !== true) {
      throw badRequest(`The action is bound to ${bound.join(', ')}: unbind it first, or delete it with force=true.`, 'action_is_bound');
    }
    for (const trigger of bound) bindings()[trigger] = bindings()[trigger].filter((b) => b.action_id !== action.id);
    const running = builds.get(String(action.id));
    if (running) tenant.clock.clearTimeout(running);
    for (const v of versions()
      .list()
      .filter((x) => x.action_id === action.id))
      versions().delete(String(v.id));
    actions().delete(String(action.id));
    ctx.status = 204;
    return undefined;
  });

  routes.management('POST', '/api/v2/actions/actions/:id/deploy', 'create:actions', (ctx) => {
    const action = requireAction(ctx.params.id);
    if (action.status !== 'built') {
      throw badRequest(`The action cannot be deployed while its build is ${String(action.status)}.`, 'action_not_built');
    }
    // 200, as Auth0 answers (recorded 2023 and 2026; its description says 202).
    ctx.status = 200;
    return publicVersion(deploy(action));
  });

  routes.management('POST', '/api/v2/actions/actions/:id/test', 'create:actions', async (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { payload: 'object' }, required: ['payload'] });
    const action = requireAction(ctx.params.id);
    const trigger = String((action.supported_triggers as JsonRecord[])[0]?.id);
    return { payload: await testRun(tenant, action, trigger, body.payload) };
  });

  // ── versions ─────────────────────────────────────────────────────────
  routes.management('GET', '/api/v2/actions/actions/:id/versions', 'read:actions', (ctx) => {
    requireAction(ctx.params.id);
    const list = versions()
      .list()
      .filter((v) => v.action_id === ctx.params.id)
      .sort((a, b) => Number(b.number) - Number(a.number));
    const page = ctx.query.int('page', { min: 0 }) ?? 0;
    const perPage = ctx.query.int('per_page', { min: 1, max: 100 }) ?? 50;
    return pagedObject(list.map(publicVersion), page, perPage, 'versions');
  });

  const requireVersion = (actionId: string, id: string): JsonRecord => {
    requireAction(actionId);
    const version = versions().get(id);
    if (!version || version.action_id !== actionId) throw notFound('The action version does not exist.', 'action_version_not_found');
    return version;
  };

  routes.management('GET', '/api/v2/actions/actions/:id/versions/:versionId', 'read:actions', (ctx) =>
    publicVersion(requireVersion(ctx.params.id, ctx.params.versionId)),
  );

  routes.management('POST', '/api/v2/actions/actions/:id/versions/:versionId/deploy', 'create:actions', (ctx) => {
    const body = checkBody(bodyObject(ctx, true), { types: { update_draft: 'boolean' } });
    const version = requireVersion(ctx.params.id, ctx.params.versionId);
    const action = requireAction(ctx.params.id);
    if (body.update_draft === true) {
      actions().update(String(action.id), (a) => {
        a.code = version.code;
        a.dependencies = clone(version.dependencies);
        a.runtime = version.runtime;
        a.updated_at = now();
      });
    }
    ctx.status = 200; // as recorded, like the action's deploy
    return publicVersion(deploy(requireAction(String(action.id)), version));
  });

  // ── triggers and bindings ────────────────────────────────────────────
  routes.management('GET', '/api/v2/actions/triggers', 'read:actions', () => ({ triggers: triggerList() }));

  const publicBinding = (trigger: string, binding: StoredBinding): JsonRecord => {
    const action = actions().get(binding.action_id);
    return {
      id: binding.id,
      trigger_id: trigger,
      display_name: binding.display_name,
      action: action ? publicAction(action) : undefined,
      created_at: binding.created_at,
      updated_at: binding.updated_at,
    };
  };

  routes.management('GET', '/api/v2/actions/triggers/:trigger/bindings', 'read:actions', (ctx) => {
    const trigger = requireTrigger(ctx.params.trigger);
    const page = ctx.query.int('page', { min: 0 }) ?? 0;
    const perPage = ctx.query.int('per_page', { min: 1, max: 100 }) ?? 50;
    return pagedObject(
      (bindings()[trigger] ?? []).map((b) => publicBinding(trigger, b)),
      page,
      perPage,
      'bindings',
    );
  });

  routes.management('PATCH', '/api/v2/actions/triggers/:trigger/bindings', 'update:actions', (ctx) => {
    const trigger = requireTrigger(ctx.params.trigger);
    const body = checkBody(bodyObject(ctx), { types: { bindings: 'array' } });
    const given = (body.bindings as JsonRecord[] | undefined) ?? [];
    if (given.length > MAX_BINDINGS) throw payloadError(`Array is too long (${given.length}), maximum ${MAX_BINDINGS}`, 'bindings');
    const current = bindings()[trigger] ?? [];
    const stamp = now();
    const next: StoredBinding[] = given.map((item, index) => {
      const ref = (item && typeof item === 'object' ? item.ref : undefined) as JsonRecord | undefined;
      if (!ref || typeof ref.value !== 'string' || ref.value === '') throw payloadError('Missing required property: ref', `bindings[${index}]`);
      const type = ref.type ?? 'action_name';
      let action: JsonRecord | undefined;
      let previous: StoredBinding | undefined;
      if (type === 'action_id') action = actions().get(ref.value);
      else if (type === 'action_name')
        action = actions()
          .list()
          .find((a) => a.name === ref.value);
      else if (type === 'binding_id') {
        previous = current.find((b) => b.id === ref.value);
        action = previous ? actions().get(previous.action_id) : undefined;
      } else throw payloadError(`No enum match for: "${toText(type)}"`, `bindings[${index}].ref.type`);
      if (!action) throw notFound(`The action referenced by bindings[${index}] (${String(type)} ${ref.value}) does not exist.`, 'action_not_found');
      if (!(action.supported_triggers as JsonRecord[]).some((t) => t.id === trigger)) {
        throw badRequest(`The action '${String(action.name)}' does not support the trigger ${trigger}.`, 'invalid_trigger');
      }
      if (action.deployed_version_id === undefined)
        throw badRequest(`The action '${String(action.name)}' must be deployed before it is bound.`, 'action_not_deployed');
      previous ??= current.find((b) => b.action_id === action.id);
      return {
        id: previous?.id ?? randomUUID(),
        action_id: String(action.id),
        display_name: typeof item.display_name === 'string' ? item.display_name : (previous?.display_name ?? String(action.name)),
        created_at: previous?.created_at ?? stamp,
        updated_at: stamp,
      };
    });
    const ids = next.map((b) => b.action_id);
    if (new Set(ids).size !== ids.length) throw badRequest('An action can be bound to a trigger only once.', 'duplicate_binding');
    bindings()[trigger] = next;
    return { bindings: next.map((b) => publicBinding(trigger, b)) };
  });

  // ── executions ───────────────────────────────────────────────────────
  routes.management('GET', '/api/v2/actions/executions/:id', 'read:actions', (ctx) => {
    const execution = executions().get(ctx.params.id);
    if (!execution) throw notFound('The execution does not exist.', 'execution_not_found');
    return clone(execution);
  });
};

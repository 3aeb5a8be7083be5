/**
 * `actions.deploy_and_bind`: an action by name to running code in one message.
 *
 * 1. read the trigger's bindings (a position "after" a missing action fails here, before any write);
 * 2. find the action by name: update its draft, or create it for the trigger;
 * 3. wait for Auth0's build (pending → built, or failed: Catch with the build's errors, nothing
 *    deployed, nothing bound);
 * 4. deploy it (a new immutable version);
 * 5. read the bindings again, put the action in place, and write the whole list back: Auth0's
 *    PATCH replaces the list, so every other binding is sent along, in its order.
 */
import { abortableSleep } from '../shared/abortable-sleep';
import { InputError } from '../shared/errors';
import type { ExecutorContext, ExecutorResult } from '../engine/executor-types';
import type { Auth0Response, RequestSpec } from '../shared/http-types';
import { encodePathSegment } from '../engine/request';
import { planOf, type DeployAndBindPlan } from './bind-inputs';
import { toText } from '../shared/to-text';

type Json = Record<string, unknown>;

/** Auth0 allows 20 bindings per trigger: one page of 50 holds them all. */
const BINDINGS_PAGE = 50;
/** Build polling: quick at first (most builds take a second or two), then every 2 s. */
const POLL_DELAYS_MS = [250, 500, 1000, 2000];

/** A build that failed or did not finish in time: goes to Catch, with Auth0's build errors. */
export class ActionBuildError extends Error {
  readonly statusCode = 0;
  readonly details: Record<string, unknown>;
  constructor(
    message: string,
    readonly errorCode: 'action_build_failed' | 'action_build_timeout',
    readonly buildErrors: readonly Json[] = [],
  ) {
    super(message);
    this.name = 'ActionBuildError';
    // Catch nodes find the build's errors in msg.auth0.details.errors.
    this.details = { errors: buildErrors };
    // Catch nodes get msg.error.code.
    Object.defineProperty(this, 'code', { value: errorCode, enumerable: true });
  }
}

interface Binding {
  id?: string;
  display_name?: string;
  action?: { id?: string; name?: string };
}

function request(ctx: ExecutorContext, spec: Omit<RequestSpec, 'auth' | 'signal' | 'operation'>): Promise<Auth0Response> {
  const full: RequestSpec = { ...spec, auth: 'management', signal: ctx.signal, operation: 'actions.deploy_and_bind' };
  return ctx.client.request(full);
}

async function readBindings(ctx: ExecutorContext, trigger: string): Promise<Binding[]> {
  const response = await request(ctx, {
    method: 'GET',
    path: `/api/v2/actions/triggers/${encodePathSegment(trigger)}/bindings`,
    query: { page: '0', per_page: String(BINDINGS_PAGE) },
  });
  const data = response.data as { bindings?: Binding[] } | undefined;
  return Array.isArray(data?.bindings) ? data.bindings : [];
}

function findAfter(bindings: readonly Binding[], plan: DeployAndBindPlan): number {
  const at = bindings.findIndex((b) => b.action?.name === plan.after);
  if (at === -1) {
    const bound =
      bindings
        .map((b) => b.action?.name)
        .filter(Boolean)
        .join(', ') || 'none';
    throw new InputError('after', `input "after": no action named "${plan.after}" is bound to ${plan.trigger} (bound: ${bound})`);
  }
  return at;
}

/** The trigger's current version (e.g. v3 for post-login), for a new action's supported_triggers. */
async function triggerVersion(ctx: ExecutorContext, trigger: string): Promise<string | undefined> {
  const response = await request(ctx, { method: 'GET', path: '/api/v2/actions/triggers' });
  const triggers = ((response.data as { triggers?: Json[] } | undefined)?.triggers ?? []).filter((t) => t.id === trigger);
  const current = triggers.find((t) => String(t.status).toLowerCase() === 'current') ?? triggers[triggers.length - 1];
  return typeof current?.version === 'string' ? current.version : undefined;
}

async function findAction(ctx: ExecutorContext, name: string): Promise<Json | undefined> {
  const response = await request(ctx, { method: 'GET', path: '/api/v2/actions/actions', query: { actionName: name, per_page: '50' } });
  const actions = (response.data as { actions?: Json[] } | undefined)?.actions ?? [];
  return actions.find((a) => a.name === name);
}

function draftOf(plan: DeployAndBindPlan): Json {
  const draft: Json = { code: plan.code };
  if (plan.dependencies) draft.dependencies = plan.dependencies;
  if (plan.runtime) draft.runtime = plan.runtime;
  if (plan.secrets) draft.secrets = plan.secrets;
  return draft;
}

/** Creates the action, or updates the draft of the one with this name; returns it. */
async function upsertAction(ctx: ExecutorContext, plan: DeployAndBindPlan, secrets: readonly string[]): Promise<Json> {
  const existing = await findAction(ctx, plan.name);
  if (existing) {
    const supported = (existing.supported_triggers as Json[] | undefined) ?? [];
    if (!supported.some((t) => t.id === plan.trigger)) {
      const ids = supported.map((t) => String(t.id)).join(', ');
      throw new InputError(
        'trigger',
        `input "trigger": the action "${plan.name}" exists for ${ids || 'another trigger'}, not ${plan.trigger}; an action serves one trigger`,
      );
    }
    ctx.progress(`updating ${plan.name}`);
    const response = await request(ctx, {
      method: 'PATCH',
      path: `/api/v2/actions/actions/${encodePathSegment(String(existing.id))}`,
      body: draftOf(plan),
      contentType: 'json',
      secrets,
    });
    return response.data as Json;
  }
  const version = await triggerVersion(ctx, plan.trigger);
  ctx.progress(`creating ${plan.name}`);
  const body: Json = { name: plan.name, supported_triggers: [version ? { id: plan.trigger, version } : { id: plan.trigger }], ...draftOf(plan) };
  const response = await request(ctx, { method: 'POST', path: '/api/v2/actions/actions', body, contentType: 'json', secrets });
  return response.data as Json;
}

/** Polls the action until Auth0 has built it; a failed build or the timeout throws. */
async function waitForBuild(ctx: ExecutorContext, plan: DeployAndBindPlan, action: Json): Promise<Json> {
  const deadline = Date.now() + plan.timeoutMs;
  let current = action;
  for (let attempt = 0; ; attempt += 1) {
    const status = toText(current.status ?? '');
    if (status === 'built') return current;
    if (status === 'failed') {
      const errors = await buildErrors(ctx, current);
      const text = errors
        .map((e) => toText(e.msg ?? e.message ?? e.id ?? ''))
        .filter(Boolean)
        .join('; ');
      throw new ActionBuildError(
        `action "${plan.name}" failed to build: ${text || 'Auth0 gave no reason'}; nothing was deployed or bound`,
        'action_build_failed',
        errors,
      );
    }
    if (Date.now() >= deadline) {
      throw new ActionBuildError(
        `action "${plan.name}" was still ${status || 'building'} after ${plan.timeoutMs / 1000} s (input "timeout"); nothing was deployed or bound`,
        'action_build_timeout',
      );
    }
    ctx.progress(`building ${plan.name}`);
    const delay = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)];
    await abortableSleep(Math.min(delay, deadline - Date.now()), ctx.signal, () => new Error('aborted'));
    const response = await request(ctx, { method: 'GET', path: `/api/v2/actions/actions/${encodePathSegment(String(current.id))}` });
    current = response.data as Json;
  }
}

/**
 * The build's errors. Auth0 reports them on the action's versions; the draft's own record names
 * them too on some tenants, so both are read.
 */
async function buildErrors(ctx: ExecutorContext, action: Json): Promise<Json[]> {
  if (Array.isArray(action.errors) && action.errors.length > 0) return action.errors as Json[];
  const response = await request(ctx, {
    method: 'GET',
    path: `/api/v2/actions/actions/${encodePathSegment(String(action.id))}/versions`,
    query: { page: '0', per_page: '1' },
  });
  const versions = (response.data as { versions?: Json[] } | undefined)?.versions ?? [];
  const failed = versions.find((v) => v.status === 'failed' && Array.isArray(v.errors));
  return failed ? (failed.errors as Json[]) : [];
}

/** The trigger's bindings with the action in its place, as the PATCH body's list. */
export function mergeBindings(bindings: readonly Binding[], plan: DeployAndBindPlan, actionId: string): Json[] {
  // A binding whose action is gone (deleted with force elsewhere) cannot be written back.
  const refs = bindings
    .filter((b) => typeof b.action?.id === 'string')
    .map((b) => {
      const entry: Json = { ref: { type: 'action_id', value: b.action?.id }, display_name: b.display_name };
      return { actionId: b.action?.id, binding: b, entry };
    });
  const ours: Json = { ref: { type: 'action_id', value: actionId }, display_name: plan.displayName };
  const was = refs.findIndex((r) => r.actionId === actionId);
  const others = refs.filter((r) => r.actionId !== actionId);
  let at: number;
  switch (plan.position) {
    case 'first':
      at = 0;
      break;
    case 'index':
      at = Math.min(plan.index ?? 0, others.length);
      break;
    case 'after':
      at =
        findAfter(
          others.map((r) => r.binding),
          plan,
        ) + 1;
      break;
    case 'last':
      at = others.length;
      break;
    default:
      // No position: a bound action keeps its place, a new one runs last.
      at = was === -1 ? others.length : was;
  }
  const list = others.map((r) => r.entry);
  list.splice(at, 0, ours);
  return list;
}

export async function deployAndBind(ctx: ExecutorContext): Promise<ExecutorResult> {
  const plan = planOf(ctx.values);
  const secrets = (plan.secrets ?? []).map((s) => s.value).filter((v) => v !== '');

  // Read first: a position after an action that is not bound fails before anything is written.
  ctx.progress(`reading ${plan.trigger}`);
  const before = await readBindings(ctx, plan.trigger);
  if (plan.position === 'after') findAfter(before, plan);

  const draft = await upsertAction(ctx, plan, secrets);
  const built = await waitForBuild(ctx, plan, draft);

  ctx.progress(`deploying ${plan.name}`);
  const deployed = await request(ctx, { method: 'POST', path: `/api/v2/actions/actions/${encodePathSegment(String(built.id))}/deploy` });

  ctx.progress(`binding ${plan.name}`);
  const bindings = mergeBindings(await readBindings(ctx, plan.trigger), plan, String(built.id));
  const response = await request(ctx, {
    method: 'PATCH',
    path: `/api/v2/actions/triggers/${encodePathSegment(plan.trigger)}/bindings`,
    body: { bindings },
    contentType: 'json',
  });
  const bound = (response.data as { bindings?: unknown[] } | undefined)?.bindings ?? [];
  return { payload: { action: built, version: deployed.data, bindings: bound }, response };
}

/**
 * Plain resources as data: the many Management API groups that are create/read/update/delete over
 * a collection (network ACLs, forms, flows, …) or one settings document (attack protection,
 * branding, …) are declared here in a few lines each instead of a routes file of their own.
 * A group with behaviour of its own (users, jobs, actions) keeps its own routes file.
 *
 * Items live in `tenant.state.collection(name)`; a nested collection's items carry their parent's
 * id in `_parent` (never shown), so `/organizations/{id}/discovery-domains` lists only its own.
 */
import { withCreationDefaults } from './creation-defaults';
import { conflict, notFound } from '../core/errors';
import { prefixedId } from '../core/ids';
import { checkpointBody, checkpointPage, fieldsProjection, isCheckpointRequest, offsetBody, offsetPage } from '../core/paging';
import type { JsonRecord } from '../core/collection';
import type { QueryReader } from '../core/query';
import type { RouteContext, RouteRegistry, Tenant } from '../core/types';
import { bodyObject, checkBody, clone, type BodySpec } from './group-helpers';

export type ResourceVerb = 'list' | 'create' | 'get' | 'update' | 'replace' | 'delete';

/**
 * How a list answers: a bare array, an object holding the array (`{providers: [...]}`), Auth0's offset
 * paging (`page`/`per_page`/`include_totals`), checkpoint paging (`from`/`take` → `{items, next}`), or
 * both on one list (checkpoint when the request has `from` or `take`, offset otherwise), as for
 * groups and flow executions.
 */
export type ListShape =
  | { shape: 'array' }
  | { shape: 'wrapped'; itemsKey: string }
  | { shape: 'offset'; itemsKey: string }
  | { shape: 'checkpoint'; itemsKey: string }
  | { shape: 'offset-or-checkpoint'; itemsKey: string };

export interface ResourceSpec {
  /** State collection name; unique per resource. */
  name: string;
  /** Collection path with Express-style params: `/api/v2/network-acls`, `/api/v2/organizations/:id/discovery-domains`. */
  path: string;
  /** The item's path parameter (default `id`): items are at `${path}/:${idParam}`. */
  idParam?: string;
  /** The property that holds an item's id (default `id`; `themeId` for branding themes). */
  idField?: string;
  /** Query parameters that filter a list to the items whose property of that name equals the value (`disabled=true`). */
  filters?: readonly string[];
  /** Fills properties Auth0 derives from the body on create (a fingerprint, a channel); may throw an ApiError. */
  derive?: (item: JsonRecord, tenant: Tenant) => void;
  /** Prefix of generated ids (`acl` gives `acl_…`). */
  idPrefix: string;
  /** Makes an id where Auth0's are not `<prefix>_…` (network ACLs: UUIDs). */
  newId?: () => string;
  /** Scopes per verb; a verb without one is not registered. */
  scopes: Partial<Record<ResourceVerb, string | readonly string[]>>;
  list?: ListShape;
  /** Body check on create (required properties, types); defaults fill what the body leaves out. */
  create?: BodySpec & { defaults?: JsonRecord };
  /** Body check on update (PATCH) and replace (PUT); default: any object. */
  update?: BodySpec;
  /** A property whose value is unique in its collection (409 on a duplicate). */
  unique?: string;
  /** The parent that must exist for a nested resource: its path parameter and how to find it. */
  parent?: { param: string; exists: (tenant: Tenant, id: string) => boolean; notFound: string };
  /** Text and error code of the 404 for a missing item. */
  notFound: { message: string; errorCode?: string };
  /** Object properties PATCH merges key by key instead of replacing (phone templates' `content`). */
  mergedOnUpdate?: readonly string[];
  /** Adds `created_at` / `updated_at` (ISO) as Auth0 does for most newer resources. */
  timestamps?: boolean;
  /** Properties stored but never returned (write-only secrets). */
  writeOnly?: readonly string[];
  /** Status of a successful create (Auth0: 201 for most, 200 for a few). */
  createdStatus?: number;
  /** Deleting an absent item answers 204 instead of 404 (as Auth0 does for most newer groups, recorded). */
  deleteAbsentAnswers204?: boolean;
  /** The answer to a delete where Auth0's is not an empty 204 (network ACLs: 200 with a body). */
  deletedAnswer?: { status: number; body: JsonRecord };
  /** Query filters beyond plain equality (`filters`): whether an item matches the request's query. */
  filter?: (item: JsonRecord, query: QueryReader) => boolean;
}

export interface SettingsSpec {
  /** State document name. */
  name: string;
  /** `/api/v2/attack-protection/bot-detection` */
  path: string;
  /** What the document holds before anything is written. */
  defaults: JsonRecord;
  read: string | readonly string[];
  update: string | readonly string[];
  /** Which writes the endpoint takes: PATCH merges (default), PUT replaces. */
  methods?: readonly ('PATCH' | 'PUT')[];
  /** Object-valued properties a PATCH merges key by key (Auth0 keeps the stages a PATCH leaves out). */
  mergedObjects?: readonly string[];
  body?: BodySpec;
  /** A DELETE that puts the defaults back (scope), where the API has one. */
  reset?: string | readonly string[];
}

const PARENT = '_parent';

function view(item: JsonRecord, hidden: readonly string[]): JsonRecord {
  const shown = clone(item);
  delete shown[PARENT];
  for (const key of hidden) delete shown[key];
  return shown;
}

/** Registers the routes of plain collection resources. */
export function registerResources(routes: RouteRegistry, tenant: Tenant, specs: readonly ResourceSpec[]): void {
  for (const spec of specs) registerResource(routes, tenant, spec);
}

function registerResource(routes: RouteRegistry, tenant: Tenant, spec: ResourceSpec): void {
  const idParam = spec.idParam ?? 'id';
  const idField = spec.idField ?? 'id';
  const itemPath = `${spec.path}/:${idParam}`;
  const items = () => tenant.state.collection(spec.name, idField);
  const hidden = spec.writeOnly ?? [];

  const parentOf = (ctx: RouteContext): string | undefined => {
    if (!spec.parent) return undefined;
    const parentId = ctx.params[spec.parent.param];
    if (!spec.parent.exists(tenant, parentId)) throw notFound(spec.parent.notFound);
    return parentId;
  };
  const siblings = (parent: string | undefined): JsonRecord[] =>
    items()
      .list()
      .filter((item) => item[PARENT] === parent);
  const find = (ctx: RouteContext): JsonRecord => {
    const parent = parentOf(ctx);
    const item = items().get(ctx.params[idParam]);
    if (!item || item[PARENT] !== parent) throw notFound(spec.notFound.message, spec.notFound.errorCode);
    return item;
  };
  const checkUnique = (body: JsonRecord, parent: string | undefined, selfId?: string): void => {
    if (!spec.unique || body[spec.unique] === undefined) return;
    if (siblings(parent).some((item) => item[spec.unique as string] === body[spec.unique as string] && item[idField] !== selfId)) {
      throw conflict(`A resource with the same ${spec.unique} already exists`);
    }
  };
  const write = (ctx: RouteContext, replace: boolean): JsonRecord => {
    const current = find(ctx);
    const body = spec.update ? checkBody(bodyObject(ctx), spec.update) : bodyObject(ctx);
    checkUnique(body, current[PARENT] as string | undefined, String(current[idField]));
    const kept: JsonRecord = { [idField]: current[idField], [PARENT]: current[PARENT] };
    if (spec.timestamps) kept.created_at = current.created_at;
    const next: JsonRecord = replace ? { ...kept, ...clone(body) } : { ...current, ...clone(body), [idField]: current[idField] };
    if (!replace) {
      for (const key of spec.mergedOnUpdate ?? []) {
        const before = current[key];
        const given = body[key];
        if (before && given && typeof before === 'object' && typeof given === 'object')
          next[key] = { ...(before as JsonRecord), ...clone(given as JsonRecord) };
      }
    }
    if (spec.timestamps) next.updated_at = tenant.clock.isoNow();
    items().put(next);
    return view(next, hidden);
  };

  const scope = (verb: ResourceVerb) => spec.scopes[verb];
  const listScope = scope('list');
  if (listScope) {
    routes.management('GET', spec.path, listScope, (ctx) => {
      const list = siblings(parentOf(ctx)).filter(
        (item) =>
          (spec.filters ?? []).every((name) => !ctx.query.has(name) || String(item[name]) === ctx.query.str(name)) && (spec.filter?.(item, ctx.query) ?? true),
      );
      const project = fieldsProjection(ctx.query);
      const shown = (item: JsonRecord) => project(view(item, hidden));
      const shape = spec.list ?? { shape: 'array' as const };
      if (shape.shape === 'array') return list.map(shown);
      if (shape.shape === 'wrapped') return { [shape.itemsKey]: list.map(shown) };
      const checkpoint = shape.shape === 'checkpoint' || (shape.shape === 'offset-or-checkpoint' && isCheckpointRequest(ctx.query));
      if (checkpoint)
        return checkpointBody(
          checkpointPage(list, ctx.query, (item) => String(item[idField])),
          shape.itemsKey,
          shown,
        );
      return offsetBody(offsetPage(list, ctx.query, { itemsKey: shape.itemsKey }), shape.itemsKey, shown);
    });
  }
  const createScope = scope('create');
  if (createScope) {
    routes.management('POST', spec.path, createScope, (ctx) => {
      const parent = parentOf(ctx);
      const body = spec.create ? checkBody(bodyObject(ctx), spec.create) : bodyObject(ctx);
      checkUnique(body, parent);
      const item: JsonRecord = {
        [idField]: spec.newId?.() ?? prefixedId(spec.idPrefix),
        ...clone(spec.create?.defaults ?? {}),
        ...clone(body),
        [PARENT]: parent,
      };
      if (spec.timestamps) item.created_at = item.updated_at = tenant.clock.isoNow();
      spec.derive?.(item, tenant);
      // What Auth0 fills in at creation (derived by rule: creation-defaults.ts).
      withCreationDefaults(spec.path, item);
      items().insert(item);
      ctx.status = spec.createdStatus ?? 201;
      return view(item, hidden);
    });
  }
  const getScope = scope('get');
  if (getScope) routes.management('GET', itemPath, getScope, (ctx) => fieldsProjection(ctx.query)(view(find(ctx), hidden)));
  const updateScope = scope('update');
  if (updateScope) routes.management('PATCH', itemPath, updateScope, (ctx) => write(ctx, false));
  const replaceScope = scope('replace');
  if (replaceScope) routes.management('PUT', itemPath, replaceScope, (ctx) => write(ctx, true));
  const deleteScope = scope('delete');
  if (deleteScope) {
    routes.management('DELETE', itemPath, deleteScope, (ctx) => {
      if (spec.deleteAbsentAnswers204 && !items().get(ctx.params[idParam])) {
        ctx.status = 204;
        return undefined;
      }
      items().delete(String(find(ctx)[idField]));
      ctx.status = spec.deletedAnswer?.status ?? 204;
      return spec.deletedAnswer ? clone(spec.deletedAnswer.body) : undefined;
    });
  }
}

function isPlainObject(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Registers settings documents: GET reads, PATCH merges, PUT replaces, DELETE (where offered) resets. */
export function registerSettings(routes: RouteRegistry, tenant: Tenant, specs: readonly SettingsSpec[]): void {
  for (const spec of specs) {
    const read = (): JsonRecord => tenant.state.doc<JsonRecord>(spec.name, () => clone(spec.defaults));
    routes.management('GET', spec.path, spec.read, () => clone(read()));
    for (const method of spec.methods ?? ['PATCH']) {
      routes.management(method, spec.path, spec.update, (ctx) => {
        const body = spec.body ? checkBody(bodyObject(ctx), spec.body) : bodyObject(ctx);
        const current = read();
        const next = method === 'PUT' ? clone(body) : { ...current, ...clone(body) };
        if (method === 'PATCH')
          for (const key of spec.mergedObjects ?? []) {
            const was = current[key];
            const given = next[key];
            if (isPlainObject(was) && isPlainObject(given)) next[key] = { ...clone(was), ...given };
          }
        tenant.state.setDoc(spec.name, next);
        return clone(next);
      });
    }
    if (spec.reset) {
      routes.management('DELETE', spec.path, spec.reset, (ctx) => {
        tenant.state.setDoc(spec.name, clone(spec.defaults));
        ctx.status = 204;
        return undefined;
      });
    }
  }
}

/** Spec shorthands for the declared groups. */
export const checkpointList = (itemsKey: string) => ({ shape: 'checkpoint' as const, itemsKey });
export const offsetList = (itemsKey: string) => ({ shape: 'offset' as const, itemsKey });
/** The list/create/get/update/delete scopes of one noun (`read:<noun>`, `create:<noun>`, …). */
export const crudScopes = (noun: string) => ({
  list: `read:${noun}`,
  create: `create:${noun}`,
  get: `read:${noun}`,
  update: `update:${noun}`,
  delete: `delete:${noun}`,
});
/** A parent check for nested groups: the parent's record exists in `collection`. */
export const recordExists = (collection: string) => (tenant: Tenant, id: string) => tenant.state.collection(collection).has(id);

/**
 * Takes a snapshot: reads every resource of snapshot-resources.ts through the catalogue's
 * operations (the engine builds each request and pages to the end), through the tenant's shared
 * client (its token, its limiter, its share of the rate limit), a few requests at a time. A
 * resource the tenant refuses (a plan without the feature, a scope the token lacks, an endpoint
 * in early access failing) is noted and left out; the rest is still read.
 */
import type { OperationSpec } from '../shared/catalogue';
import { Auth0Error, ConfigError } from '../shared/errors';
import type { Auth0Response, TenantClient } from '../shared/http-types';
import { resolveValues } from '../engine/inputs';
import { fetchAllPages, itemsOf, pagingMode, type PagingSummary } from '../engine/paging';
import { buildRequest } from '../engine/request';
import { endpointClass } from '../tenant-client/endpoint-class';
import { type Json, type JsonObject, type Rewrite, isObject, patternSegments, pickFields, rewrite, sortKeys, valueAt } from './snapshot-paths';
import { type CatalogueRead, SNAPSHOT_RESOURCES, type SnapshotResource, VOLATILE_EVERYWHERE } from './snapshot-resources';
import { toText } from '../shared/to-text';
import { answerPathsOf, endpointKeyFor } from '../descriptions/descriptions';
import { secretKindIn } from '../shared/secret-names';

export interface TenantSnapshot {
  domain: string;
  taken_at: string;
  resources: Record<string, Json>;
}

/** A resource left out of a snapshot, and why. */
export interface ResourceFailure {
  resource: string;
  label: string;
  statusCode: number;
  errorCode?: string;
  message: string;
  /** The scopes the read needs (any one of them), when the tenant answered 403. */
  scopes?: string[];
  /** `early-access` or `beta` when the endpoint is not generally available. */
  lifecycle?: string;
}

export interface ReadResult {
  snapshot: TenantSnapshot;
  failures: ResourceFailure[];
  /** Resources with more items than Auth0 pages through (1,000): the snapshot holds the first 1,000. */
  truncated: string[];
  requests: number;
}

export interface ReaderOptions {
  client: TenantClient;
  signal: AbortSignal;
  customDomain?: string;
  fingerprint: (text: string) => string;
  /** Requests in flight at once (the client's limiter paces them against the tenant's budget). */
  concurrency?: number;
  /** Told as resources are read, for the node's status. */
  progress?: (resource: string, items: number) => void;
  /** Only these resources (tests and benches); all when unset. */
  only?: readonly string[];
  now?: () => Date;
}

const DEFAULT_CONCURRENCY = 4;
const RESOURCES_AT_ONCE = 4;

/** Runs `task` over `items`, at most `limit` at a time, results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function operationOf(read: CatalogueRead): OperationSpec {
  const op = read.group.operations.find((candidate) => candidate.id === read.op);
  if (!op) throw new Error(`snapshot: ${read.group.name} has no operation ${read.op}`);
  const unset = read.withoutDefaults ?? [];
  return unset.length === 0 ? op : { ...op, inputs: op.inputs.map((input) => (unset.includes(input.name) ? { ...input, default: undefined } : input)) };
}

/** The rate-limit class of a resource's reads (its list or get decides it; its details share the first path segment). */
function classOf(resource: SnapshotResource): string {
  return endpointClass('GET', operationOf(resource.read).path);
}

function isNotFound(err: unknown): boolean {
  return err instanceof Auth0Error && err.statusCode === 404;
}

/** Failures that end the whole snapshot rather than one resource: the node closing, an unusable configuration. */
function isFatal(err: unknown, signal: AbortSignal): boolean {
  return signal.aborted || err instanceof ConfigError || (err instanceof Auth0Error && err.statusCode === 401);
}

class SnapshotReader {
  requests = 0;
  readonly truncated: string[] = [];
  private readonly concurrency: number;

  constructor(private readonly options: ReaderOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  }

  private send(read: CatalogueRead, op: OperationSpec, values: Record<string, unknown>): Promise<Auth0Response> {
    this.requests += 1;
    const spec = buildRequest(read.group, op, values, this.options.customDomain ? { customDomain: this.options.customDomain } : {});
    return this.options.client.request({ ...spec, signal: this.options.signal });
  }

  /** One read's answer body. */
  async get(read: CatalogueRead, inputs: Record<string, unknown> = {}): Promise<unknown> {
    const op = operationOf(read);
    return (await this.send(read, op, resolveValues(op, { ...read.values, ...inputs }))).data;
  }

  /** Every item of a list, every page. */
  async list(read: CatalogueRead, inputs: Record<string, unknown> = {}, resource?: string): Promise<unknown[]> {
    const op = operationOf(read);
    const values = resolveValues(op, { ...read.values, ...inputs });
    if (!pagingMode(op, values)) return itemsOf(op, (await this.send(read, op, values)).data);
    const summary: PagingSummary = { mode: 'page', pages: 0, items: 0, truncated: false };
    const items: unknown[] = [];
    for await (const page of fetchAllPages(op, values, (vals) => this.send(read, op, vals), summary)) items.push(...page.items);
    if (summary.truncated && resource && !this.truncated.includes(resource)) this.truncated.push(resource);
    return items;
  }

  private rules(resource: SnapshotResource): Rewrite {
    const ids = typeof resource.id === 'string' ? [resource.id] : [...(resource.id ?? [])];
    // What Auth0's description says of the answer an item comes from: its secrets, its settings named like secrets, its timestamps.
    const read = resource.full?.read ?? resource.read;
    const endpoint = endpointKeyFor(read.group.type, read.op);
    const described = endpoint === undefined ? {} : answerPathsOf(endpoint);
    // A timestamp the API sets itself is left out wherever its name appears in the item: the description does not show every copy (an action's current_version).
    const timestamps = [...new Set((described.volatile ?? []).map((path) => path[path.length - 1]))].map((name) => ['**', name]);
    return {
      drop: [...[...VOLATILE_EVERYWHERE, ...(resource.volatile ?? [])].map(patternSegments), ...timestamps],
      secrets: [...(resource.secrets ?? []).map(patternSegments), ...(described.secrets ?? [])],
      settings: described.settings ?? [],
      secretName: resource.texts ? () => undefined : (key, parent) => secretKindIn(parent, key),
      keep: [...ids, ...(resource.nameField ? [resource.nameField] : [])],
      fingerprint: this.options.fingerprint,
    };
  }

  /** The value combinations of an `each` resource. */
  private combinations(resource: SnapshotResource, taken: Record<string, Json>): Record<string, string>[] {
    let combos: Record<string, string>[] = [{}];
    for (const each of resource.each ?? []) {
      let values = [...(each.values ?? operationOf(resource.read).inputs.find((input) => input.name === each.input)?.enum ?? [])];
      if (each.fromResource) {
        const found = valueAt(taken[each.fromResource.resource], each.fromResource.path);
        values = Array.isArray(found) && found.length > 0 ? found.map(String) : [...each.fromResource.fallback];
      }
      combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [each.input]: value })));
    }
    return combos;
  }

  private async items(resource: SnapshotResource, taken: Record<string, Json>): Promise<unknown[]> {
    if (!resource.each) return this.list(resource.read, {}, resource.name);
    const found = await mapLimited(this.combinations(resource, taken), this.concurrency, async (combo) => {
      try {
        const data = await this.get(resource.read, combo);
        // Not configured: Auth0 answers 404, or an empty object (a prompt without custom text).
        if (!isObject(data) || Object.keys(data).length === 0) return undefined;
        return { ...combo, ...data };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    });
    return found.filter((item) => item !== undefined);
  }

  private idOf(resource: SnapshotResource, item: JsonObject): string | undefined {
    const fields = typeof resource.id === 'string' ? [resource.id] : [...(resource.id ?? [])];
    const parts = fields.map((field) => item[field]);
    if (parts.some((part) => part === undefined || part === null || part === '')) return undefined;
    return parts.map(String).join('/');
  }

  private async collection(resource: SnapshotResource, taken: Record<string, Json>): Promise<JsonObject> {
    const listed = (await this.items(resource, taken)).filter(isObject);
    const byId = new Map<string, JsonObject>();
    for (const item of listed) {
      const id = this.idOf(resource, item);
      if (id !== undefined && !byId.has(id)) byId.set(id, item);
    }
    const ids = [...byId.keys()];
    const rules = this.rules(resource);
    let done = 0;
    const rewritten = await mapLimited(ids, this.concurrency, async (id) => {
      let item = byId.get(id) as JsonObject;
      if (resource.full) item = (await this.get(resource.full.read, { [resource.full.input]: id })) as JsonObject;
      item = pickFields(item, resource.fields) as JsonObject;
      for (const detail of resource.details ?? []) {
        const entries = (await this.list(detail.read, { [detail.input]: id }, resource.name)).map((entry) => pickFields(entry, detail.fields));
        const sortBy = detail.sortBy;
        if (sortBy) {
          const keyOf = (entry: unknown) => sortBy.map((field) => toText(valueAt(entry, field) ?? '')).join('\u0000');
          entries.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
        }
        item = { ...item, [detail.key]: entries as Json };
      }
      done += 1;
      this.options.progress?.(resource.name, done);
      return rewrite(item, rules) as JsonObject;
    });
    const out: JsonObject = {};
    ids.forEach((id, index) => (out[id] = rewritten[index]));
    return sortKeys(out) as JsonObject;
  }

  private async singleton(resource: SnapshotResource): Promise<Json> {
    try {
      const data = pickFields(await this.get(resource.read), resource.fields);
      return rewrite(data, this.rules(resource)) ?? null;
    } catch (err) {
      // Not configured (no e-mail provider, no page template): recorded as null, a later one is "added".
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async resource(resource: SnapshotResource, taken: Record<string, Json>): Promise<Json> {
    return resource.kind === 'singleton' ? this.singleton(resource) : this.collection(resource, taken);
  }
}

function failureOf(resource: SnapshotResource, err: unknown): ResourceFailure {
  const op = operationOf(resource.read);
  const details = err as { statusCode?: unknown; errorCode?: unknown; message?: unknown };
  const statusCode = typeof details.statusCode === 'number' ? details.statusCode : 0;
  return {
    resource: resource.name,
    label: resource.label,
    statusCode,
    ...(typeof details.errorCode === 'string' ? { errorCode: details.errorCode } : {}),
    message: typeof details.message === 'string' ? details.message : String(err),
    ...(statusCode === 403 && op.scopes ? { scopes: [...op.scopes] } : {}),
    ...(op.lifecycle === 'early-access' || op.lifecycle === 'beta' ? { lifecycle: op.lifecycle } : {}),
  };
}

/** Reads the tenant's configuration; failures of single resources are in `failures`. */
export async function takeSnapshot(options: ReaderOptions): Promise<ReadResult> {
  const reader = new SnapshotReader(options);
  // A token the tenant refuses fails the whole snapshot (to Catch), not each resource in turn.
  await options.client.getManagementToken(options.signal);
  const resources = SNAPSHOT_RESOURCES.filter((resource) => !options.only || options.only.includes(resource.name));
  const taken: Record<string, Json> = {};
  const failures: ResourceFailure[] = [];
  const readOne = async (resource: SnapshotResource): Promise<void> => {
    try {
      taken[resource.name] = await reader.resource(resource, taken);
      options.progress?.(resource.name, 0);
    } catch (err) {
      if (isFatal(err, options.signal)) throw err;
      failures.push(failureOf(resource, err));
    }
  };
  // Resources other resources read from (tenant settings: the languages of custom texts) go first.
  const first = resources.filter((resource) => resources.some((other) => other.each?.some((each) => each.fromResource?.resource === resource.name)));
  for (const resource of first) await readOne(resource);
  // Several resources at once, so one resource's pages (each waiting for the last) do not leave the
  // tenant's budget unused; one endpoint class at a time, so on a plan with one limit for the whole
  // Management API the client's bucket learnt per class stays true (classes read together overshoot it).
  const rest = resources.filter((resource) => !first.includes(resource));
  const classes = [...new Set(rest.map(classOf))];
  for (const endpoint of classes)
    await mapLimited(
      rest.filter((resource) => classOf(resource) === endpoint),
      RESOURCES_AT_ONCE,
      readOne,
    );
  failures.sort((a, b) => (a.resource < b.resource ? -1 : 1));
  return {
    snapshot: {
      domain: options.client.domain,
      taken_at: (options.now?.() ?? new Date()).toISOString(),
      resources: sortKeys(taken) as Record<string, Json>,
    },
    failures,
    truncated: [...reader.truncated].sort(),
    requests: reader.requests,
  };
}

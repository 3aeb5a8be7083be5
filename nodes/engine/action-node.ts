/**
 * The one action node behind every operation group. Its group's catalogue says what each
 * operation needs; this file resolves the inputs, sends the request through the tenant's
 * shared client (or the operation's executor), and follows Node-RED's conventions for
 * output, errors, status and close.
 */
import type { GroupSpec, InputSpec, OperationSpec } from '../shared/catalogue';
import { TenantUse } from '../config/tenant-use';
import { ConfigError, InputError } from '../shared/errors';
import type { ExecutorResult } from './executor-types';
import { findExecutor } from './executors';
import { describeFailure, failureStatusText } from '../shared/failure';
import type { Auth0Response, RateLimitState, TenantClient } from '../shared/http-types';
import { coerceInput, isUnset, readFromPayload, resolveValues } from './inputs';
import { evaluateNodeProperty } from '../shared/node-property';
import type { Node, NodeDefinition, NodeMessage, NodeModule, NodeRedAPI, SendFunction } from '../shared/node-red-types';
import { fetchAllPages, pagingMode, type PagingSummary } from './paging';
import { buildRequest } from './request';
import { assertionApplies, secretOptional, signsWithPrivateKey, withClientAssertion } from './assertion-inputs';
import { registerGroup } from '../config/group-registry';
import { migrateActionConfig } from './action-node-migration';
import { warnIfRetired } from './retired-warning';
import { checkOperationBody } from '../descriptions/body-check';
import { deepMessageError } from '../shared/message-depth';
import { type EditorAdminApi, registerEditorDataRoute } from '../editor/editor-data-route';
import { typedSecretError } from './typed-secrets';

/** One editor-set input: a typedInput value and its type. */
export interface ParamSetting {
  value: unknown;
  type?: string;
}

/** The action node's saved properties. */
export interface ActionNodeConfig extends NodeDefinition {
  tenant?: string;
  operation?: string;
  params?: Record<string, ParamSetting | string | number | boolean>;
  /**
   * Body properties set one by one in the edit form (property name → typedInput value and type),
   * for an operation whose input `body` is the whole JSON body: each wins over the same property
   * of the body given by `params.body` or msg.payload.body.
   */
  bodyProperties?: Record<string, ParamSetting>;
  /** `off`, or `all` to fetch every page of a list operation. */
  paging?: 'off' | 'all';
  /** With paging `all`: one message with the whole array, or one message per item. */
  pagingOutput?: 'array' | 'items';
  /** Check a JSON body against Auth0's API description before sending; unset (flows saved before it) means true. */
  checkBody?: boolean;
  version?: number;
}

/** Distinct unknown body properties a node warns about per deploy. */
const MOST_WARNED = 20;

/** Typed sources a form row reads at run time, which may be unset. */
const READ_SOURCES = new Set(['msg', 'flow', 'global', 'env']);

const TYPED_SOURCES = new Set(['msg', 'flow', 'global', 'env', 'jsonata', 'node', 'cred']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function rateLimitOf(state: RateLimitState | undefined): RateLimitState {
  const out: RateLimitState = {};
  if (state?.limit !== undefined) out.limit = state.limit;
  if (state?.remaining !== undefined) out.remaining = state.remaining;
  if (state?.reset !== undefined) out.reset = state.reset;
  return out;
}

export function findOperation(group: GroupSpec, id: unknown): OperationSpec {
  if (typeof id !== 'string' || id === '') {
    throw new InputError('operation', `no operation chosen: set it in the node or in msg.operation (${group.operations.map((o) => o.id).join(', ')})`);
  }
  const op = group.operations.find((candidate) => candidate.id === id);
  if (!op) {
    throw new InputError(
      'operation',
      `unknown operation "${id.slice(0, 60)}" for ${group.type}; expected one of ${group.operations.map((o) => o.id).join(', ')}`,
    );
  }
  return op;
}

/** Normalises one saved input setting: a bare value means a literal. */
function settingOf(raw: ActionNodeConfig['params'] extends infer P ? (P extends Record<string, infer V> ? V : never) : never): ParamSetting {
  if (raw !== null && typeof raw === 'object' && 'value' in raw) return raw;
  return { value: raw, type: undefined };
}

function defaultTypedType(spec: InputSpec): string {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return 'num';
    case 'boolean':
      return 'bool';
    case 'object':
    case 'array':
    case 'file':
      return 'json';
    default:
      return 'str';
  }
}

function evaluate(RED: NodeRedAPI, node: Node, setting: ParamSetting, spec: InputSpec, msg: NodeMessage): Promise<unknown> {
  const type = setting.type ?? defaultTypedType(spec);
  // A literal of a non-string input given as a real value (not text) needs no evaluation.
  if (!TYPED_SOURCES.has(type) && typeof setting.value !== 'string') return Promise.resolve(setting.value);
  return evaluateNodeProperty(RED, node, msg, setting.value, type).catch((err: Error) => {
    throw new InputError(spec.name, `input "${spec.name}" could not be read from ${type} "${String(setting.value)}": ${err.message}`);
  });
}

/**
 * The body with the form's body properties over it: the body given (the editor's `body`, else
 * msg.payload.body; a JSON string is parsed) must then be an object, or absent.
 */
async function withBodyProperties(
  RED: NodeRedAPI,
  node: Node,
  settings: Record<string, ParamSetting>,
  bodySpec: InputSpec,
  given: unknown,
  msg: NodeMessage,
): Promise<unknown> {
  const set: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    if (isUnset(setting.value)) continue;
    const value = await evaluate(RED, node, setting, { ...bodySpec, name: `body.${name}`, type: 'any' }, msg);
    if (value !== undefined) set[name] = value;
  }
  if (Object.keys(set).length === 0) return given;
  const base = isUnset(given) ? {} : coerceInput(bodySpec, given);
  return { ...(base as Record<string, unknown>), ...set };
}

/** Gathers each input from the editor's setting, else from msg.payload, else from the config node. */
async function gatherInputs(
  RED: NodeRedAPI,
  node: Node,
  config: ActionNodeConfig,
  op: OperationSpec,
  msg: NodeMessage,
  client: TenantClient,
): Promise<Record<string, unknown>> {
  const raw: Record<string, unknown> = {};
  for (const spec of op.inputs) {
    const saved = config.params?.[spec.name];
    const setting = saved === undefined ? undefined : settingOf(saved);
    let value: unknown;
    if (setting && !isUnset(setting.value)) value = await evaluate(RED, node, setting, spec, msg);
    if (isUnset(value)) value = readFromPayload(spec, msg.payload);
    if (spec.wholeBody && config.bodyProperties) value = await withBodyProperties(RED, node, config.bodyProperties, spec, value, msg);
    raw[spec.name] = value;
  }
  // Credential defaults last, so they can see the client id the message chose: the tenant's
  // secret goes only with the tenant's own client id, never with another application's.
  for (const spec of op.inputs) {
    if (!isUnset(raw[spec.name]) || !spec.fromConfig) continue;
    if (spec.fromConfig === 'clientSecret') {
      const clientIdInput = op.inputs.find((input) => input.fromConfig === 'clientId');
      const chosenId = clientIdInput ? raw[clientIdInput.name] : undefined;
      if (!isUnset(chosenId) && chosenId !== client.defaultCredential('clientId')) continue;
    }
    raw[spec.name] = client.defaultCredential(spec.fromConfig);
  }
  return resolveValues(signsWithPrivateKey(op, raw, client) ? secretOptional(op) : op, raw);
}

class ActionNode {
  /**
   * Messages being handled. Their requests run under the node's own signal (`use.signal`, aborted
   * by close), not one AbortController each: a controller and its listeners per message cost more
   * than a flow's whole routing of it, and only close ever aborted them, all at once.
   */
  private inFlight = 0;
  private readonly use: TenantUse;
  /** The last message failed: its red status stays until a later message succeeds. */
  private failedLast = false;
  /** Body properties beyond Auth0's description already warned about (`<operation> body.<path>`): one warning each per deploy. */
  private readonly warnedUnknown = new Set<string>();

  constructor(
    private readonly RED: NodeRedAPI,
    private readonly node: Node,
    private readonly config: ActionNodeConfig,
    private readonly group: GroupSpec,
  ) {
    this.use = new TenantUse(RED, node, config.tenant);
    warnIfRetired(RED, node, group);
    // Said at deploy as well as for each message: the flow file itself holds a typed secret.
    const typed =
      typeof config.operation === 'string' && config.operation !== ''
        ? typedSecretError(
            group.type,
            config.operation,
            config.bodyProperties,
            group.operations.find((op) => op.id === config.operation),
            config.params,
          )
        : undefined;
    if (typed) {
      node.error(`${group.type}: ${typed.message}`);
      this.use.status({ fill: 'red', shape: 'ring', text: this.use.text('configuration') });
    }
    node.on('input', (msg, send, done) => {
      this.handle(msg, send).then(
        () => {
          if (this.failedLast) {
            this.failedLast = false;
            if (this.inFlight === 0) this.use.status({});
          }
          done();
        },
        (err: Error) => {
          this.failedLast = true;
          this.describeFailure(msg, err);
          done(err);
        },
      );
    });
    node.on('close', (_removed: boolean, done: () => void) => {
      // Aborts use.signal: every request and executor of the node ends.
      this.use.close(done);
    });
  }

  /** Puts what a Catch node's flow needs into msg.auth0 (Catch copies only message, code and stack of the error). */
  private describeFailure(msg: NodeMessage, err: Error): void {
    const opId = typeof this.config.operation === 'string' && this.config.operation !== '' ? this.config.operation : msg.operation;
    describeFailure(msg, err, { operation: opId, group: this.group.name });
    this.use.status({ fill: 'red', shape: 'ring', text: failureStatusText(err, this.use.text) });
  }

  private async handle(msg: NodeMessage, send: SendFunction): Promise<void> {
    const tooDeep = deepMessageError(msg);
    if (tooDeep) throw tooDeep;
    if (this.use.setupError) throw this.use.setupError;
    const opId = typeof this.config.operation === 'string' && this.config.operation !== '' ? this.config.operation : msg.operation;
    const op = findOperation(this.group, opId);
    if (op.deprecated) throw new InputError('operation', `${this.group.name}.${op.id} is no longer offered by Auth0: ${op.deprecated}`);
    const typed = typedSecretError(this.group.type, op.id, this.config.bodyProperties, op, this.config.params);
    if (typed) throw typed;
    const client = this.use.client();
    const values = await gatherInputs(this.RED, this.node, this.config, op, msg, client);
    const signal = this.use.signal;
    this.inFlight += 1;
    // Status changes only when the node goes busy or idle, not per message: a burst of
    // messages would otherwise flood the editor with status events.
    if (this.inFlight === 1) this.use.status({ fill: 'blue', shape: 'dot', text: this.use.text('requesting') });
    try {
      const customDomain = this.use.tenant?.customDomain;
      const buildOptions = customDomain ? { customDomain } : {};
      const checkBody = this.config.checkBody !== false;
      const request = (vals: Record<string, unknown>) => {
        const spec = buildRequest(this.group, op, vals, buildOptions);
        spec.signal = signal;
        // Here, where every request of the operation is built (executors' too), before it is sent.
        if (checkBody && spec.contentType === 'json' && spec.body !== undefined) this.warnUnknown(op, this.checkedBody(op, spec.body));
        return assertionApplies(op, vals, client) ? withClientAssertion(spec, client) : spec;
      };
      if (op.executor) {
        const executor = findExecutor(op.executor);
        if (!executor) throw new ConfigError(`operation ${op.id} needs executor "${op.executor}", which is not loaded`);
        const result = await executor({
          client,
          group: this.group,
          op,
          values,
          msg,
          signal,
          buildRequest: (vals = values) => request(vals),
          progress: (text) => this.use.status({ fill: 'blue', shape: 'dot', text: text.slice(0, 30) }),
          sendExtra: (extra) => send(extra),
        });
        this.output(msg, send, op, result);
      } else if (this.config.paging === 'all' && pagingMode(op, values)) {
        await this.fetchAll(msg, send, op, values, client, request);
      } else {
        const response = await client.request(request(values));
        this.output(msg, send, op, { payload: response.data, response });
      }
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0 && !this.failedLast) this.use.status({});
    }
  }

  /**
   * The body check, its error saying where the form reads a property it finds missing: a user who
   * typed `msg.pasword` for the password row learns that msg.pasword was not set.
   */
  private checkedBody(op: OperationSpec, body: unknown): string[] {
    try {
      return checkOperationBody(this.group.type, op.id, body);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      const name = /^body\.([A-Za-z0-9_]+)$/.exec(err.input)?.[1];
      const properties = this.config.bodyProperties ?? {};
      const setting = name !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
      const given = isRecord(body) && name !== undefined ? body[name] : undefined;
      if (!setting || !READ_SOURCES.has(setting.type ?? '') || typeof setting.value !== 'string' || (given !== undefined && given !== null && given !== ''))
        throw err;
      throw new InputError(err.input, `${err.message}; the form reads it from ${String(setting.type)}.${setting.value.slice(0, 60)}, which is not set`);
    }
  }

  /**
   * A property Auth0's description does not list, and that resembles none it does, may be newer
   * than our copy of the description: it is sent, with one warning per deploy naming it (at most
   * MOST_WARNED names, so messages with ever new names cannot flood the log).
   */
  private warnUnknown(op: OperationSpec, unknown: readonly string[]): void {
    for (const path of unknown) {
      const key = `${op.id} ${path}`;
      if (this.warnedUnknown.has(key) || this.warnedUnknown.size > MOST_WARNED) continue;
      this.warnedUnknown.add(key);
      this.node.warn(
        this.warnedUnknown.size > MOST_WARNED
          ? `${this.group.name}.${op.id}: more body properties that Auth0's API description does not list are sent without a warning until the next deploy`
          : `${this.group.name}.${op.id}: ${path} is not in Auth0's API description (the copy this package carries); sent as given, for Auth0 to take or refuse`,
      );
    }
  }

  private output(msg: NodeMessage, send: SendFunction, op: OperationSpec, result: ExecutorResult): void {
    msg.payload = result.payload;
    msg.auth0 = {
      operation: op.id,
      group: this.group.name,
      statusCode: result.response?.statusCode ?? 0,
      rateLimit: rateLimitOf(result.response?.rateLimit),
    };
    if (result.msg) Object.assign(msg, result.msg);
    send(msg);
  }

  /** Fetch all pages: one message with every item, or one message per item as pages arrive. */
  private async fetchAll(
    msg: NodeMessage,
    send: SendFunction,
    op: OperationSpec,
    values: Record<string, unknown>,
    client: TenantClient,
    request: (vals: Record<string, unknown>) => ReturnType<typeof buildRequest>,
  ): Promise<void> {
    const summary: PagingSummary = { mode: 'page', pages: 0, items: 0, truncated: false };
    const perItem = this.config.pagingOutput === 'items';
    const all: unknown[] = [];
    let last: Auth0Response | undefined;
    let held: NodeMessage | undefined;
    let index = 0;
    const partsId = String(msg._msgid ?? Date.now());
    for await (const page of fetchAllPages(op, values, (vals) => client.request(request(vals)), summary)) {
      last = page.response;
      this.use.status({ fill: 'blue', shape: 'dot', text: `${op.id} ${summary.items}` });
      if (!perItem) {
        for (const item of page.items) all.push(item);
        continue;
      }
      for (const item of page.items) {
        // Held back one item, so the last message can carry parts.count for a join node.
        if (held) send(held);
        held = this.RED.util.cloneMessage(msg);
        held.payload = item;
        held.parts = { id: partsId, index, type: 'array' };
        held.auth0 = { operation: op.id, group: this.group.name, statusCode: page.response.statusCode, rateLimit: rateLimitOf(page.response.rateLimit), index };
        index += 1;
      }
    }
    const paging = {
      mode: summary.mode,
      pages: summary.pages,
      items: summary.items,
      truncated: summary.truncated,
      ...(summary.total !== undefined ? { total: summary.total } : {}),
    };
    if (summary.truncated) {
      this.node.warn(
        `${this.group.name}.${op.id}: Auth0 pages through at most 1,000 results; ${summary.items} were fetched. Narrow the search or use the jobs export_users operation for all of them.`,
      );
    }
    if (perItem) {
      if (held) {
        (held.parts as Record<string, unknown>).count = index;
        (held.auth0 as Record<string, unknown>).paging = paging;
        send(held);
      }
      return;
    }
    msg.payload = all;
    msg.auth0 = { operation: op.id, group: this.group.name, statusCode: last?.statusCode ?? 0, rateLimit: rateLimitOf(last?.rateLimit), paging };
    send(msg);
  }
}

/** The node constructor Node-RED registers for a group's node type. */
export function actionNodeConstructor(RED: NodeRedAPI, group: GroupSpec): (this: Node, config: NodeDefinition) => void {
  return function (this: Node, config: NodeDefinition): void {
    RED.nodes.createNode(this, config);
    new ActionNode(RED, this, migrateActionConfig(config), group);
  };
}

/** A whole node module for a group: `export = actionNodeModule(rolesGroup)`. */
export function actionNodeModule(group: GroupSpec): NodeModule {
  const register = (RED: NodeRedAPI): void => {
    registerGroup(group);
    registerEditorDataRoute(RED as NodeRedAPI & EditorAdminApi);
    RED.nodes.registerType(group.type, actionNodeConstructor(RED, group));
  };
  return Object.assign(register, { group });
}

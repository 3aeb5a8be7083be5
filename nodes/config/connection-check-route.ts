/**
 * The editor's "Check connection": `POST /auth0-config/check` on Node-RED's admin API, behind
 * `auth0-config.write` as core nodes guard theirs (with adminAuth, only a signed-in editor user
 * with write permission may call it). It checks the settings typed in the dialog; a credential
 * left unchanged there ("__PWRD__", or absent) is the deployed node's, and is used only with the
 * deployed domain and protocol, so a typed-over domain never receives the deployed secret. For
 * the same reason a credential typed as `${NAME}` is resolved from Node-RED's environment only
 * when the dialog's domain and protocol are the deployed node's own; with any other domain the
 * check is refused, naming the field, and nothing is sent. It then lists, for every node using the tenant, the operations whose scopes the token lacks.
 * The answer never holds a secret or the token.
 */
import { checkConnection, type CheckResult } from './connection-check';
import { clientOptionsFrom, normaliseDomain } from './config-node';
import { groupOfType } from './group-registry';
import { plainHttpWarning } from '../tenant-client/plain-http';
import type { GroupSpec, OperationSpec } from '../shared/catalogue';
import type { NodeDefinition, NodeRedAPI } from '../shared/node-red-types';
import { toError } from '../shared/errors';

const CREDENTIALS = ['clientId', 'clientSecret', 'privateKey', 'token'] as const;
type CredentialName = (typeof CREDENTIALS)[number];
const CREDENTIAL_LABELS: Record<CredentialName, string> = { clientId: 'client id', clientSecret: 'client secret', privateKey: 'private key', token: 'token' };
/** A property that is exactly `${NAME}`: Node-RED substitutes the environment variable. */
const ENV_REFERENCE = /^\$\{(\S+)\}$/;
/** What Node-RED's editor shows in a password field whose value it does not send back. */
const UNCHANGED = '__PWRD__';
const SETTINGS = ['domain', 'protocol', 'audience', 'customDomain', 'signingAlg', 'keyId', 'timeout', 'readTimeout'] as const;

interface Request {
  body?: unknown;
}
interface Response {
  status(code: number): Response;
  json(body: unknown): void;
}

/** The slice of Node-RED's runtime API the route needs (an admin route, the flows, the credentials). */
export interface AdminRED extends NodeRedAPI {
  util: NodeRedAPI['util'] & { getSetting?(node: unknown, name: string): string | undefined };
  httpAdmin: { post(path: string, ...handlers: unknown[]): void };
  auth: { needsPermission(permission: string): unknown };
  nodes: NodeRedAPI['nodes'] & {
    eachNode(callback: (definition: NodeDefinition) => void): void;
    getCredentials(id: string): Record<string, string | undefined> | undefined;
  };
}

/** A node that uses the tenant, as the editor (or the deployed flows) describes it. */
export interface TenantUser {
  id: string;
  type: string;
  name?: string;
  operation?: string;
}

export interface MissingScopes {
  id: string;
  type: string;
  name?: string;
  operation: string;
  label: string;
  /** Any one of these would do. */
  scopes: string[];
  /** The node takes its operation from msg.operation: each of its operations is listed. */
  byMessage: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Operations of the group the granted scopes do not cover (Auth0 wants any one of an operation's scopes). */
function uncovered(group: GroupSpec, ops: readonly OperationSpec[], granted: ReadonlySet<string>, user: TenantUser, byMessage: boolean): MissingScopes[] {
  return ops
    .filter((op): op is OperationSpec & { scopes: string[] } => (op.scopes?.length ?? 0) > 0 && !(op.scopes ?? []).some((scope) => granted.has(scope)))
    .map((op) => ({
      id: user.id,
      type: user.type,
      ...(user.name ? { name: user.name } : {}),
      operation: op.id,
      label: `${group.name} ${op.id}`,
      scopes: [...op.scopes],
      byMessage,
    }));
}

/** Every operation a tenant's users would run that the granted scopes do not allow. */
export function missingScopes(users: readonly TenantUser[], scopes: readonly string[]): MissingScopes[] {
  const granted = new Set(scopes);
  const out: MissingScopes[] = [];
  for (const user of users) {
    const group = groupOfType(user.type);
    if (!group || group.api !== 'management') continue;
    const op = user.operation ? group.operations.find((candidate) => candidate.id === user.operation) : undefined;
    if (user.operation && !op) continue;
    out.push(...uncovered(group, op ? [op] : group.operations.filter((o) => !o.deprecated), granted, user, !op && !group.runsEveryOperation));
  }
  return out;
}

/** The deployed nodes that name this tenant. */
function deployedUsers(RED: AdminRED, tenantId: string): TenantUser[] {
  const users: TenantUser[] = [];
  RED.nodes.eachNode((definition) => {
    if (definition.tenant !== tenantId) return;
    users.push({
      id: definition.id,
      type: definition.type,
      ...(definition.name ? { name: definition.name } : {}),
      ...(text(definition.operation) ? { operation: definition.operation as string } : {}),
    });
  });
  return users;
}

/** The users the editor sent (its workspace, deployed or not), checked for shape only. */
function editorUsers(value: unknown): TenantUser[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(
      (u: unknown): u is Record<string, unknown> =>
        u !== null && typeof u === 'object' && typeof (u as Record<string, unknown>).id === 'string' && typeof (u as Record<string, unknown>).type === 'string',
    )
    .slice(0, 1000)
    .map((u) => ({
      id: u.id as string,
      type: u.type as string,
      ...(text(u.name) ? { name: u.name as string } : {}),
      ...(text(u.operation) ? { operation: u.operation as string } : {}),
    }));
}

/**
 * `${NAME}` as Node-RED resolves a property or credential that is exactly that: the node's flow
 * and global environment (settings) when the runtime offers them, else the process environment.
 */
function resolveEnv(RED: AdminRED, value: unknown, node: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = ENV_REFERENCE.exec(value);
  if (!match) return value;
  const fromRuntime = node && typeof RED.util.getSetting === 'function' ? RED.util.getSetting(node, match[1]) : undefined;
  return fromRuntime ?? process.env[match[1]] ?? value;
}

function deployedDefinition(RED: AdminRED, id: string): NodeDefinition | undefined {
  let found: NodeDefinition | undefined;
  RED.nodes.eachNode((definition) => {
    if (definition.id === id && definition.type === 'auth0-config') found = definition;
  });
  return found;
}

/** Settings and credentials to check: the typed ones, the deployed credential where a field was left unchanged. */
export function settingsToCheck(
  RED: AdminRED,
  body: Record<string, unknown>,
): { config: NodeDefinition; credentials: Record<string, string | undefined>; withheld: string[]; unresolved: CredentialName[] } {
  const id = text(body.id) ?? '';
  const deployed = id ? deployedDefinition(RED, id) : undefined;
  const config: NodeDefinition = { id: id || 'check', type: 'auth0-config' };
  for (const key of SETTINGS) config[key] = body[key] ?? deployed?.[key];
  const typed = (body.credentials ?? {}) as Record<string, unknown>;
  // The running node's credentials have their ${ENV} references resolved already.
  const running = deployed ? RED.nodes.getNode(id) : null;
  const stored = running?.credentials ?? (deployed ? (RED.nodes.getCredentials(id) ?? {}) : {});
  const sameHost =
    deployed !== undefined &&
    normaliseDomain(config.domain) === normaliseDomain(deployed.domain) &&
    (config.protocol ?? 'https') === (deployed.protocol ?? 'https');
  const credentials: Record<string, string | undefined> = {};
  const withheld: string[] = [];
  const unresolved: CredentialName[] = [];
  for (const key of CREDENTIALS) {
    const value = typed[key];
    if (typeof value === 'string' && value !== UNCHANGED) {
      // An environment value is as secret as a deployed credential: only for the deployed node's own host.
      if (ENV_REFERENCE.test(value) && !sameHost) unresolved.push(key);
      else credentials[key] = resolveEnv(RED, value, running) as string;
    } else if (stored[key]) {
      if (sameHost) credentials[key] = stored[key];
      else withheld.push(key);
    }
  }
  for (const key of SETTINGS) config[key] = resolveEnv(RED, config[key], running);
  return { config, credentials, withheld, unresolved };
}

export interface CheckAnswer {
  result: CheckResult;
  missing: MissingScopes[];
  /** Deployed credentials not sent because the domain or protocol was changed in the dialog. */
  withheld: string[];
  /** Plain http to a host that is not this machine: the credentials crossed the network in clear. */
  warning?: string;
}

/** The check refused before anything is sent: a typed `${NAME}` credential with a domain that is not the deployed node's. */
function unresolvedRefusal(unresolved: readonly CredentialName[], deployed: boolean): CheckResult {
  const names = unresolved.map((key) => CREDENTIAL_LABELS[key]).join(' and ');
  return {
    ok: false,
    problem: unresolved[0],
    message: `the ${names} ${unresolved.length > 1 ? 'are environment variables' : 'is an environment variable'} (\${…}): ${
      deployed
        ? "its value is used only with the deployed node's own domain and protocol"
        : 'its value is used only once the node is deployed, with its own domain and protocol'
    }, and was not sent. Deploy the domain first, or type the value itself to check it.`,
  };
}

export async function answerCheck(RED: AdminRED, body: Record<string, unknown>): Promise<CheckAnswer> {
  const { config, credentials, withheld, unresolved } = settingsToCheck(RED, body);
  if (unresolved.length > 0) {
    const id = text(body.id);
    return { result: unresolvedRefusal(unresolved, id !== undefined && deployedDefinition(RED, id) !== undefined), missing: [], withheld };
  }
  // A credential still reading `${NAME}` names an environment variable that is not set: refused, as the tenant snapshot refuses it, never sent as the credential.
  const unset = CREDENTIALS.find((key) => ENV_REFERENCE.test(credentials[key] ?? ''));
  if (unset !== undefined) {
    const name = ENV_REFERENCE.exec(credentials[unset] ?? '')?.[1] ?? '';
    return {
      result: {
        ok: false,
        problem: unset,
        message: `the ${CREDENTIAL_LABELS[unset]} reads \${${name}}, an environment variable that is not set: nothing was sent`,
      },
      missing: [],
      withheld,
    };
  }
  const options = clientOptionsFrom(config, credentials);
  const result = await checkConnection(options);
  const id = text(body.id);
  const users = editorUsers(body.nodes) ?? (id ? deployedUsers(RED, id) : []);
  const warning = plainHttpWarning(options.protocol, options.domain);
  return { result, missing: result.ok ? missingScopes(users, result.scopes) : [], withheld, ...(warning ? { warning } : {}) };
}

export function registerConnectionCheck(RED: AdminRED): void {
  if (!RED.httpAdmin || !RED.auth) return;
  RED.httpAdmin.post('/auth0-config/check', RED.auth.needsPermission('auth0-config.write'), (req: Request, res: Response) => {
    const body = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    answerCheck(RED, body).then(
      (answer) => res.json(answer),
      (err: unknown) =>
        res.status(500).json({ result: { ok: false, problem: 'domain', message: `the check could not run: ${toError(err).name}` }, missing: [], withheld: [] }),
    );
  });
}

/**
 * auth0-verify-token: verifies an access token or an ID token against the tenant's keys and
 * splits the flow: output 1 a valid token's message (claims in msg.payload or msg.user),
 * output 2 a refused one's, ready for an http response node (401, WWW-Authenticate, reason).
 * A failure that is not the token's fault (the keys cannot be fetched) goes to Catch nodes.
 */
import { TenantUse } from '../config/tenant-use';
import { describeFailure, failureStatusText } from '../shared/failure';
import { ConfigError, InputError } from '../shared/errors';
import type { TenantClient } from '../shared/http-types';
import { evaluateNodeProperty } from '../shared/node-property';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI, SendFunction } from '../shared/node-red-types';
import type { TokenKind } from './verify/claims';
import { InvalidTokenError } from './verify/invalid-token';
import { JwksCache } from './verify/jwks';
import { findToken } from './verify/token-source';
import { verifyToken } from './verify/verifier';
import { migrateNodeConfig } from '../shared/migrations';
import { toText } from '../shared/to-text';
import { deepMessageError } from '../shared/message-depth';

interface VerifyTokenConfig extends NodeDefinition {
  tenant?: string;
  /** `access` (default) or `id`. */
  tokenType?: string;
  /** Expected `aud`; for ID tokens the tenant's Client ID when empty. */
  audience?: string;
  /** Expected `iss`; `https://{domain}/` when empty. */
  issuer?: string;
  /** Seconds of clock skew allowed (default 60). */
  leeway?: number | string;
  nonce?: string;
  nonceType?: string;
  maxAge?: string | number;
  maxAgeType?: string;
  organization?: string;
  organizationType?: string;
  /** Where the claims of a valid token go: `payload` (default) or `user`. */
  output?: string;
  /** Saved-shape version (1); a later shape change adds a migration step here. */
  version?: number;
}

const DEFAULT_LEEWAY_SECONDS = 60;
const JWKS_PATH = '/.well-known/jwks.json';

/** Reads a typedInput property; an empty literal means "no check". */
function readProperty(RED: NodeRedAPI, node: Node, msg: NodeMessage, value: unknown, type: string | undefined): Promise<unknown> {
  const kind = type && type !== '' ? type : 'str';
  if ((kind === 'str' || kind === 'num') && (value === undefined || value === null || toText(value).trim() === '')) {
    return Promise.resolve(undefined);
  }
  return evaluateNodeProperty(RED, node, msg, value, kind);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A property that names a check: unset means no check; set but empty at run time fails closed. */
async function expectation(RED: NodeRedAPI, node: Node, msg: NodeMessage, name: string, value: unknown, type: string | undefined): Promise<unknown> {
  const configured = !isEmpty(value);
  if (!configured) return undefined;
  let result: unknown;
  try {
    result = await readProperty(RED, node, msg, value, type);
  } catch {
    // msg.login.nonce with no msg.login: nothing to compare with, the same as an empty value.
    result = undefined;
  }
  if (isEmpty(result)) {
    throw new InvalidTokenError('missing_expectation', `no expected ${name} to check the token against (${type ?? 'str'} ${String(value)} is empty)`);
  }
  return result;
}

function toLeeway(raw: unknown): number {
  const n = raw === undefined || raw === '' ? DEFAULT_LEEWAY_SECONDS : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 3600) : DEFAULT_LEEWAY_SECONDS;
}

/** RFC 6750: no error code when no credential came at all. Quotes in the reason would break the header. */
function wwwAuthenticate(err: InvalidTokenError): string {
  if (err.code === 'no_token') return 'Bearer';
  return `Bearer error="invalid_token", error_description="${err.reason.replace(/["\\]/g, "'")}"`;
}

class VerifyTokenNode {
  private readonly use: TenantUse;
  private keys: JwksCache | undefined;
  private keysClient: TenantClient | undefined;
  private readonly kind: TokenKind;
  private readonly leeway: number;
  private readonly toUser: boolean;

  constructor(
    private readonly RED: NodeRedAPI,
    private readonly node: Node,
    private readonly config: VerifyTokenConfig,
  ) {
    this.kind = config.tokenType === 'id' ? 'id' : 'access';
    this.leeway = toLeeway(config.leeway);
    this.toUser = config.output === 'user';
    this.use = new TenantUse(RED, node, config.tenant);
    node.on('input', (msg: NodeMessage, send: SendFunction, done: (err?: Error) => void) => {
      this.handle(msg, send).then(
        () => done(),
        (err: Error) => {
          // The token is not at fault (no keys, no tenant): Catch gets the status and codes, as from every node.
          describeFailure(msg, err, { operation: 'verify', group: 'verify_token' });
          this.use.status({ fill: 'red', shape: 'ring', text: failureStatusText(err, this.use.text) });
          done(err);
        },
      );
    });
    node.on('close', (_removed: boolean, done: () => void) => {
      this.keys = undefined;
      this.use.close(done);
    });
  }

  /** The key cache of the tenant's current client (a redeployed config node brings a new client). */
  private keysFor(client: TenantClient): JwksCache {
    if (!this.keys || this.keysClient !== client) {
      this.keysClient = client;
      this.keys = new JwksCache(async () => {
        const response = await client.request({
          method: 'GET',
          path: JWKS_PATH,
          auth: 'none',
          signal: this.use.signal,
          operation: 'verify_token.jwks',
        });
        return response.data;
      });
    }
    return this.keys;
  }

  private async handle(msg: NodeMessage, send: SendFunction): Promise<void> {
    const tooDeep = deepMessageError(msg);
    if (tooDeep) throw tooDeep;
    if (this.use.setupError) throw this.use.setupError;
    const client = this.use.client();
    const audience = (this.config.audience ?? '').trim() || (this.kind === 'id' ? (client.defaultCredential('clientId') ?? '') : '');
    if (audience === '') {
      throw new ConfigError(
        this.kind === 'id'
          ? "auth0-verify-token: set the expected audience (the application's client id) or the tenant's Client ID credential"
          : 'auth0-verify-token: set the expected audience (the identifier of your API)',
      );
    }
    const issuer = (this.config.issuer ?? '').trim() || `${client.baseUrl}/`;
    try {
      const token = findToken(msg, this.kind);
      const nonce = await expectation(this.RED, this.node, msg, 'nonce', this.config.nonce, this.config.nonceType);
      const maxAgeRaw = await expectation(this.RED, this.node, msg, 'max_age', this.config.maxAge, this.config.maxAgeType);
      const organization = await expectation(this.RED, this.node, msg, 'organization', this.config.organization, this.config.organizationType);
      const maxAge = maxAgeRaw === undefined ? undefined : Number(maxAgeRaw);
      if (maxAge !== undefined && (!Number.isFinite(maxAge) || maxAge < 0)) {
        throw new InputError('max_age', 'max_age must be a number of seconds (0 or more)');
      }
      const claims = await verifyToken(token, this.keysFor(client), {
        kind: this.kind,
        issuer,
        audience,
        leeway: this.leeway,
        ...(nonce !== undefined ? { nonce: toText(nonce) } : {}),
        ...(maxAge !== undefined ? { maxAge } : {}),
        ...(organization !== undefined ? { organization: toText(organization) } : {}),
      });
      if (this.toUser) msg.user = claims;
      else msg.payload = claims;
      this.use.status({ fill: 'green', shape: 'dot', text: this.use.text('valid') });
      send([msg, null]);
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      this.refuse(msg, send, err);
    }
  }

  private refuse(msg: NodeMessage, send: SendFunction, err: InvalidTokenError): void {
    if (this.toUser) delete msg.user;
    msg.payload = { error: 'invalid_token', code: err.code, reason: err.reason };
    msg.statusCode = 401;
    msg.headers = { 'WWW-Authenticate': wwwAuthenticate(err) };
    this.use.status({ fill: 'yellow', shape: 'ring', text: this.use.text(`refusedToken.${err.code}`) });
    send([null, msg]);
  }
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-verify-token', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    new VerifyTokenNode(RED, this, migrateNodeConfig(config));
  });
};

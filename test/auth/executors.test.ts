/**
 * The Authentication API executors against a recording client: the /authorize URL (no request
 * sent), logout (request without redirects, 302 for the browser), userinfo (the user's token as
 * the Bearer credential) and delegation (exactly one of two tokens).
 */
import assert from 'node:assert/strict';
import { authorizeGroup } from '../../nodes/auth/authorize.catalogue';
import { delegatedGroup } from '../../nodes/auth/delegated.catalogue';
import { authorizeUrl, delegation, logout, userinfo } from '../../nodes/auth/executors';
import '../../nodes/auth/flow-executors';
import { flowGroups } from './flow-cases';
import { enterpriseGroup } from '../../nodes/auth/enterprise.catalogue';
import { logoutGroup } from '../../nodes/auth/logout.catalogue';
import { s256Challenge } from '../../nodes/auth/pkce';
import { userinfoGroup } from '../../nodes/auth/userinfo.catalogue';
import { findOperation } from '../../nodes/engine/action-node';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { InputError } from '../../nodes/shared/errors';
import type { ExecutorContext } from '../../nodes/engine/executor-types';
import { findExecutor } from '../../nodes/engine/executors';
import type { Auth0Response, RequestSpec, TenantClient } from '../../nodes/shared/http-types';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';

const BASE = 'https://tenant.example.com';

function recordingClient(answer: Partial<Auth0Response> = {}): TenantClient & { sent: RequestSpec[] } {
  const sent: RequestSpec[] = [];
  return {
    sent,
    baseUrl: BASE,
    domain: 'tenant.example.com',
    async request<T>(spec: RequestSpec): Promise<Auth0Response<T>> {
      sent.push(spec);
      return { statusCode: 200, headers: {}, data: undefined as T, rateLimit: {}, ...answer } as Auth0Response<T>;
    },
    defaultCredential: () => undefined,
    getManagementToken: async () => {
      throw new Error('not for the authentication API');
    },
    onStatus: () => () => undefined,
    close: () => undefined,
  };
}

function context(group: GroupSpec, opId: string, given: Record<string, unknown>, client: TenantClient): ExecutorContext {
  const op = findOperation(group, opId);
  const values = resolveValues(op, given);
  return {
    client,
    group,
    op,
    values,
    msg: {},
    signal: new AbortController().signal,
    buildRequest: (vals = values) => buildRequest(group, op, vals),
    progress: () => undefined,
  };
}

describe('auth executors: registration', () => {
  it('registers every executor the catalogues name', () => {
    for (const group of [authorizeGroup, logoutGroup, userinfoGroup, delegatedGroup]) {
      for (const op of group.operations.filter((o) => o.lifecycle !== 'deprecated'))
        assert.ok(op.executor && findExecutor(op.executor), `${group.type}.${op.id}`);
    }
    for (const group of [...flowGroups, authorizeGroup, logoutGroup, userinfoGroup, delegatedGroup, enterpriseGroup]) {
      for (const op of group.operations) if (op.executor) assert.ok(findExecutor(op.executor), `${group.type}.${op.id}: ${op.executor}`);
    }
  });
});

describe('auth executors: authorize URL', () => {
  it('builds the URL with defaults, a fresh state and nonce, sends nothing, and redirects', async () => {
    const client = recordingClient();
    const result = await authorizeUrl(
      context(
        authorizeGroup,
        'authorize_url',
        {
          client_id: 'cid',
          redirect_uri: 'https://app.example/callback',
          audience: 'https://api/',
          organization: 'org_1',
          prompt: 'login',
        },
        client,
      ),
    );
    assert.equal(client.sent.length, 0, 'no request is sent');
    const payload = result.payload as Record<string, string>;
    const url = new URL(payload.url);
    assert.equal(`${url.origin}${url.pathname}`, `${BASE}/authorize`);
    const q = Object.fromEntries(url.searchParams);
    assert.equal(q.response_type, 'code');
    assert.equal(q.client_id, 'cid');
    assert.equal(q.redirect_uri, 'https://app.example/callback');
    assert.equal(q.scope, 'openid profile email');
    assert.equal(q.audience, 'https://api/');
    assert.equal(q.organization, 'org_1');
    assert.equal(q.prompt, 'login');
    assert.match(q.state, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(q.state, payload.state);
    assert.equal(q.nonce, payload.nonce);
    assert.notEqual(q.state, q.nonce);
    assert.equal(q.code_challenge, undefined);
    assert.deepEqual(result.msg, { statusCode: 302, headers: { Location: payload.url } });
  });

  it('keeps a given state and nonce and passes extra parameters (named inputs win)', async () => {
    const result = await authorizeUrl(
      context(
        authorizeGroup,
        'authorize_url',
        {
          client_id: 'cid',
          redirect_uri: 'https://app/cb',
          state: 'st-1',
          nonce: 'no-1',
          max_age: 300,
          extra_params: { connection_scope: 'repo', client_id: 'ignored' },
        },
        recordingClient(),
      ),
    );
    const q = new URL((result.payload as { url: string }).url).searchParams;
    assert.equal(q.get('state'), 'st-1');
    assert.equal(q.get('nonce'), 'no-1');
    assert.equal(q.get('max_age'), '300');
    assert.equal(q.get('connection_scope'), 'repo');
    assert.equal(q.get('client_id'), 'cid');
  });

  it('PKCE: a new verifier each time, its S256 challenge in the URL, the verifier only in the payload', async () => {
    const run = () => authorizeUrl(context(authorizeGroup, 'authorize_url_pkce', { client_id: 'cid', redirect_uri: 'https://app/cb' }, recordingClient()));
    const first = await run();
    const second = await run();
    const p1 = first.payload as Record<string, string>;
    const p2 = second.payload as Record<string, string>;
    assert.match(p1.code_verifier, /^[A-Za-z0-9_-]{43,128}$/);
    assert.notEqual(p1.code_verifier, p2.code_verifier);
    assert.equal(p1.code_challenge, s256Challenge(p1.code_verifier));
    assert.equal(p1.code_challenge_method, 'S256');
    const q = new URL(p1.url).searchParams;
    assert.equal(q.get('code_challenge'), p1.code_challenge);
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.ok(!p1.url.includes(p1.code_verifier), 'the verifier never goes into the URL');
  });

  it('S256 matches RFC 7636 appendix B', () => {
    assert.equal(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('needs redirect_uri and a valid response_type before anything else', () => {
    const op = findOperation(authorizeGroup, 'authorize_url');
    assert.throws(() => resolveValues(op, { client_id: 'cid' }), { input: 'redirect_uri' });
    assert.throws(() => resolveValues(op, { client_id: 'cid', redirect_uri: 'https://a/cb', response_type: 'password' }), { input: 'response_type' });
  });
});

describe('auth executors: logout', () => {
  it('sends the logout request without following redirects and sets a 302 to the logout URL', async () => {
    const client = recordingClient({ statusCode: 302, headers: { location: 'https://app/bye' } });
    const result = await logout(context(logoutGroup, 'logout', { client_id: 'cid', returnTo: 'https://app/bye?x=1&y=2' }, client));
    assert.equal(client.sent.length, 1);
    const sent = client.sent[0];
    assert.equal(sent.method, 'GET');
    assert.equal(sent.path, '/v2/logout');
    assert.equal(sent.followRedirects, false);
    assert.deepEqual(sent.query, { client_id: 'cid', returnTo: 'https://app/bye?x=1&y=2' });
    const payload = result.payload as { url: string; statusCode: number };
    assert.equal(payload.statusCode, 302);
    const url = new URL(payload.url);
    assert.equal(`${url.origin}${url.pathname}`, `${BASE}/v2/logout`);
    assert.equal(url.searchParams.get('returnTo'), 'https://app/bye?x=1&y=2');
    assert.equal(url.searchParams.has('federated'), false);
    assert.deepEqual(result.msg, { statusCode: 302, headers: { Location: payload.url } });
  });

  it('adds federated as a bare flag only when asked', async () => {
    const client = recordingClient();
    const result = await logout(context(logoutGroup, 'logout', { client_id: 'cid', returnTo: 'https://app/', federated: 'true' }, client));
    const url = (result.payload as { url: string }).url;
    assert.match(url, /[?&]federated$/);
    assert.equal(client.sent[0].query?.federated, '');
  });
});

describe('auth executors: userinfo and delegation', () => {
  it("userinfo sends the user's token as the Bearer credential", async () => {
    const client = recordingClient({ data: { sub: 'auth0|1', email: 'a@x.io' } });
    const result = await userinfo(context(userinfoGroup, 'userinfo', { access_token: ' at-123 ' }, client));
    assert.equal(client.sent[0].bearerToken, 'at-123');
    assert.equal(client.sent[0].headers, undefined, 'Authorization is never a plain header');
    assert.equal(client.sent[0].auth, 'none');
    assert.deepEqual(result.payload, { sub: 'auth0|1', email: 'a@x.io' });
  });

  it('delegation needs exactly one of id_token and refresh_token', async () => {
    const client = recordingClient({ data: { id_token: 'x' } });
    const both = context(delegatedGroup, 'get_token', { client_id: 'c', target: 't', api_type: 'app', id_token: 'i', refresh_token: 'r' }, client);
    await assert.rejects(delegation(both), (err: InputError) => err instanceof InputError && /only one/.test(err.message));
    const none = context(delegatedGroup, 'get_token', { client_id: 'c', target: 't', api_type: 'app' }, client);
    await assert.rejects(delegation(none), (err: InputError) => err instanceof InputError && err.input === 'id_token');
    assert.equal(client.sent.length, 0);
    await delegation(context(delegatedGroup, 'get_token', { client_id: 'c', target: 't', api_type: 'app', refresh_token: 'r' }, client));
    assert.equal((client.sent[0].body as Record<string, unknown>).refresh_token, 'r');
  });
});

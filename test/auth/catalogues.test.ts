/**
 * The request of every Authentication API operation, checked against Auth0's Authentication
 * API reference (auth0.com/docs/api/authentication) and auth0-python 4.x's authentication
 * module (field names, paths, fixed grant types).
 */
import assert from 'node:assert/strict';
import { authorizeGroup } from '../../nodes/auth/authorize.catalogue';
import { databaseGroup } from '../../nodes/auth/database.catalogue';
import { delegatedGroup } from '../../nodes/auth/delegated.catalogue';
import { enterpriseGroup } from '../../nodes/auth/enterprise.catalogue';
import { logoutGroup } from '../../nodes/auth/logout.catalogue';
import { passwordlessGroup } from '../../nodes/auth/passwordless.catalogue';
import { revokeTokenGroup } from '../../nodes/auth/revoke-token.catalogue';
import { socialGroup } from '../../nodes/auth/social.catalogue';
import { tokenGroup } from '../../nodes/auth/token.catalogue';
import { userinfoGroup } from '../../nodes/auth/userinfo.catalogue';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { findOperation } from '../../nodes/engine/action-node';
import { InputError } from '../../nodes/shared/errors';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';
import { flowCases, flowGroups } from './flow-cases';

export const authGroups: GroupSpec[] = [
  tokenGroup,
  databaseGroup,
  passwordlessGroup,
  socialGroup,
  revokeTokenGroup,
  userinfoGroup,
  logoutGroup,
  enterpriseGroup,
  delegatedGroup,
  authorizeGroup,
  ...flowGroups,
];

interface Case {
  group: GroupSpec;
  op: string;
  given: Record<string, unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  responseType?: string;
  contentType?: string;
}

const cid = 'cid-1';
const secret = 'sec-1';

const cases: Case[] = [
  {
    group: tokenGroup,
    op: 'authorization_code',
    given: { client_id: cid, client_secret: secret, code: 'c-1', redirect_uri: 'https://app/cb' },
    method: 'POST',
    path: '/oauth/token',
    body: { grant_type: 'authorization_code', client_id: cid, client_secret: secret, code: 'c-1', redirect_uri: 'https://app/cb' },
  },
  {
    group: tokenGroup,
    op: 'authorization_code_pkce',
    given: { client_id: cid, code_verifier: 'v-1', code: 'c-1' },
    method: 'POST',
    path: '/oauth/token',
    body: { grant_type: 'authorization_code', client_id: cid, code_verifier: 'v-1', code: 'c-1' },
  },
  {
    group: tokenGroup,
    op: 'client_credentials',
    given: { client_id: cid, client_secret: secret, audience: 'https://api/' },
    method: 'POST',
    path: '/oauth/token',
    body: { grant_type: 'client_credentials', client_id: cid, client_secret: secret, audience: 'https://api/' },
  },
  {
    group: tokenGroup,
    op: 'login',
    given: {
      client_id: cid,
      client_secret: secret,
      username: 'u@x.io',
      password: 'pw',
      scope: 'openid',
      realm: 'Username-Password-Authentication',
      audience: 'https://api/',
      forwarded_for: '203.0.113.9',
    },
    method: 'POST',
    path: '/oauth/token',
    body: {
      client_id: cid,
      client_secret: secret,
      username: 'u@x.io',
      password: 'pw',
      scope: 'openid',
      realm: 'Username-Password-Authentication',
      audience: 'https://api/',
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
    },
    headers: { 'auth0-forwarded-for': '203.0.113.9' },
  },
  {
    group: tokenGroup,
    op: 'passwordless_login',
    given: { client_id: cid, username: '+14155550100', otp: '123456', realm: 'sms', scope: 'openid' },
    method: 'POST',
    path: '/oauth/token',
    body: {
      client_id: cid,
      username: '+14155550100',
      otp: '123456',
      realm: 'sms',
      scope: 'openid',
      grant_type: 'http://auth0.com/oauth/grant-type/passwordless/otp',
    },
  },
  {
    group: tokenGroup,
    op: 'refresh_token',
    given: { client_id: cid, client_secret: secret, refresh_token: 'rt-1' },
    method: 'POST',
    path: '/oauth/token',
    body: { grant_type: 'refresh_token', client_id: cid, client_secret: secret, refresh_token: 'rt-1' },
  },
  {
    group: databaseGroup,
    op: 'signup',
    given: {
      client_id: cid,
      email: 'a@x.io',
      password: 'pw',
      connection: 'db',
      username: 'alice',
      user_metadata: '{"plan":"gold"}',
      given_name: 'Alice',
      family_name: 'Liddell',
      name: 'Alice Liddell',
      nickname: 'al',
      picture: 'https://x.io/a.png',
    },
    method: 'POST',
    path: '/dbconnections/signup',
    body: {
      client_id: cid,
      email: 'a@x.io',
      password: 'pw',
      connection: 'db',
      username: 'alice',
      user_metadata: { plan: 'gold' },
      given_name: 'Alice',
      family_name: 'Liddell',
      name: 'Alice Liddell',
      nickname: 'al',
      picture: 'https://x.io/a.png',
    },
  },
  {
    group: databaseGroup,
    op: 'login',
    given: { client_id: cid, username: 'alice', password: 'pw', connection: 'db' },
    method: 'POST',
    path: '/oauth/ro',
    body: { client_id: cid, username: 'alice', password: 'pw', connection: 'db', grant_type: 'password', scope: 'openid' },
  },
  {
    group: databaseGroup,
    op: 'change_password',
    given: { client_id: cid, email: 'a@x.io', connection: 'db' },
    method: 'POST',
    path: '/dbconnections/change_password',
    body: { client_id: cid, email: 'a@x.io', connection: 'db' },
    responseType: 'text',
  },
  {
    group: passwordlessGroup,
    op: 'email',
    given: { client_id: cid, email: 'a@x.io', send: 'code', auth_params: { scope: 'openid' } },
    method: 'POST',
    path: '/passwordless/start',
    body: { client_id: cid, connection: 'email', email: 'a@x.io', send: 'code', authParams: { scope: 'openid' } },
  },
  {
    group: passwordlessGroup,
    op: 'email',
    given: { client_id: cid, email: 'a@x.io' },
    method: 'POST',
    path: '/passwordless/start',
    body: { client_id: cid, connection: 'email', email: 'a@x.io', send: 'link' },
  },
  {
    group: passwordlessGroup,
    op: 'sms',
    given: { client_id: cid, client_secret: secret, phone_number: '+14155550100' },
    method: 'POST',
    path: '/passwordless/start',
    body: { client_id: cid, client_secret: secret, connection: 'sms', phone_number: '+14155550100' },
  },
  {
    group: socialGroup,
    op: 'login',
    given: { client_id: cid, access_token: 'fb-token', connection: 'facebook' },
    method: 'POST',
    path: '/oauth/access_token',
    body: { client_id: cid, access_token: 'fb-token', connection: 'facebook', scope: 'openid' },
  },
  {
    group: revokeTokenGroup,
    op: 'revoke_refresh_token',
    given: { client_id: cid, client_secret: secret, token: 'rt-1' },
    method: 'POST',
    path: '/oauth/revoke',
    body: { client_id: cid, client_secret: secret, token: 'rt-1' },
  },
  { group: userinfoGroup, op: 'userinfo', given: { access_token: 'at-1' }, method: 'GET', path: '/userinfo' },
  {
    group: logoutGroup,
    op: 'logout',
    given: { client_id: cid, returnTo: 'https://app/bye' },
    method: 'GET',
    path: '/v2/logout',
    query: { client_id: cid, returnTo: 'https://app/bye', federated: 'false' },
  },
  { group: enterpriseGroup, op: 'saml_metadata', given: { client_id: 'a/b' }, method: 'GET', path: '/samlp/metadata/a%2Fb', responseType: 'text' },
  {
    group: enterpriseGroup,
    op: 'wsfed_metadata',
    given: {},
    method: 'GET',
    path: '/wsfed/FederationMetadata/2007-06/FederationMetadata.xml',
    responseType: 'text',
  },
  {
    group: delegatedGroup,
    op: 'get_token',
    given: { client_id: cid, target: 'tgt', api_type: 'firebase', id_token: 'idt' },
    method: 'POST',
    path: '/delegation',
    body: { client_id: cid, target: 'tgt', api_type: 'firebase', grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', id_token: 'idt', scope: 'openid' },
  },
  ...flowCases,
];

describe('auth catalogues: the request of every operation', () => {
  for (const c of cases) {
    it(`${c.group.type} ${c.op} ${JSON.stringify(c.given).slice(0, 50)}`, () => {
      const op = findOperation(c.group, c.op);
      const spec = buildRequest(c.group, op, resolveValues(op, c.given));
      assert.equal(spec.method, c.method);
      assert.equal(spec.path, c.path);
      assert.equal(spec.auth, 'none');
      assert.deepEqual(spec.query, c.query);
      assert.deepEqual(spec.body, c.body);
      assert.deepEqual(spec.headers, c.headers);
      assert.equal(spec.responseType, c.responseType);
      if (c.body !== undefined) assert.equal(spec.contentType, c.contentType ?? 'json');
    });
  }

  it('covers every operation of every authentication group', () => {
    const covered = new Set(cases.map((c) => `${c.group.type}.${c.op}`));
    for (const group of authGroups) {
      for (const op of group.operations) {
        if (op.id.startsWith('authorize_url')) continue; // executor-built URL: tested in executors.test
        assert.ok(covered.has(`${group.type}.${op.id}`), `${group.type}.${op.id} has no request-shape case`);
      }
    }
  });

  it('names the operations as the contract does', () => {
    const ids = (group: GroupSpec) => group.operations.map((op) => op.id);
    assert.deepEqual(ids(tokenGroup), [
      'authorization_code',
      'authorization_code_pkce',
      'client_credentials',
      'login',
      'passwordless_login',
      'refresh_token',
      'password',
      'device_code',
      'backchannel_login',
      'mfa_otp',
      'mfa_oob',
      'mfa_recovery_code',
      'token_exchange',
      'access_token_for_connection',
      'jwt_bearer',
      'passkey_login',
    ]);
    assert.deepEqual(ids(databaseGroup), ['signup', 'login', 'change_password']);
    assert.deepEqual(ids(passwordlessGroup), ['email', 'sms', 'verify']);
    assert.deepEqual(ids(socialGroup), ['login', 'unlink']);
    assert.deepEqual(ids(revokeTokenGroup), ['revoke_refresh_token']);
    assert.deepEqual(ids(logoutGroup), ['logout', 'oidc_logout', 'saml_logout', 'global_token_revocation']);
    assert.deepEqual(ids(userinfoGroup), ['userinfo', 'tokeninfo']);
    assert.deepEqual(ids(enterpriseGroup), ['saml_metadata', 'wsfed_metadata', 'saml_login_url', 'wsfed_login_url', 'idp_initiated_sso']);
    assert.deepEqual(ids(delegatedGroup), ['get_token']);
    assert.deepEqual(ids(authorizeGroup), ['authorize_url', 'authorize_url_pkce', 'impersonate']);
  });

  it('types its groups auth0-<name> and marks every operation auth none', () => {
    for (const group of authGroups) {
      assert.equal(group.api, 'authentication');
      assert.equal(group.type, `auth0-${group.name.replace(/_/g, '-')}`);
      for (const op of group.operations) assert.equal(op.auth, 'none', `${group.type}.${op.id}`);
    }
  });

  it('marks secrets and takes client credentials from the config node', () => {
    const secretNames = new Set([
      'client_secret',
      'password',
      'otp',
      'refresh_token',
      'code_verifier',
      'code',
      'access_token',
      'token',
      'id_token',
      'mfa_token',
      'device_code',
      'oob_code',
      'binding_code',
      'recovery_code',
      'subject_token',
      'assertion',
      'auth_session',
      'logout_token',
      'SAMLResponse',
    ]);
    for (const group of authGroups) {
      for (const op of group.operations) {
        for (const input of op.inputs) {
          if (secretNames.has(input.name)) assert.equal(input.secret, true, `${group.type}.${op.id}.${input.name} must be secret`);
          if (input.name === 'client_id') assert.equal(input.fromConfig, 'clientId', `${group.type}.${op.id}`);
          if (input.name === 'client_secret') assert.equal(input.fromConfig, 'clientSecret', `${group.type}.${op.id}`);
        }
      }
    }
  });

  it('fails before sending when a required input is missing, naming it and no secret', () => {
    const op = findOperation(tokenGroup, 'login');
    assert.throws(
      () => resolveValues(op, { client_id: cid, username: 'alice', password: '' }),
      (err: InputError) => {
        assert.ok(err instanceof InputError);
        assert.equal(err.input, 'password');
        return true;
      },
    );
    const otp = findOperation(tokenGroup, 'passwordless_login');
    assert.throws(
      () => resolveValues(otp, { client_id: cid, username: 'a@x.io', otp: '999111', realm: 'fax' }),
      (err: InputError) => {
        assert.equal(err.input, 'realm');
        assert.ok(!err.message.includes('999111'));
        return true;
      },
    );
    const pkce = findOperation(tokenGroup, 'authorization_code_pkce');
    assert.throws(() => resolveValues(pkce, { client_id: cid, code: 'c' }), { input: 'code_verifier' });
  });
});

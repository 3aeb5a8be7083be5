/**
 * Legacy and metadata endpoints of the Authentication API: /oauth/ro,
 * /oauth/access_token (social), /delegation, /tokeninfo, SAML and WS-Fed metadata.
 */
import { OAuthError, RawBodyError } from '../core/errors';
import type { ClientRecord, UserRecord } from '../core/model';
import { RawReply, type RouteContext, type RoutesModule, type Tenant } from '../core/types';
import { createUser } from '../core/users';
import { authenticateClient, bodyFields, requireStr, str } from './clients';
import { loginConnection, passwordLogin, recordLogin } from './login';
import { consumeOtp, findOrCreatePasswordlessUser } from './passwordless';
import { issueIdToken, issueLoginTokens } from './tokens';
import type { TokenAdditions } from '../core/state';

/** Social strategies /oauth/access_token accepts (Auth0 supports four of them there). */
const SOCIAL_STRATEGIES = new Set(['facebook', 'google-oauth2', 'windowslive', 'twitter']);
/** The emulator's stand-in for a provider token: `emulator-social:<email>`. */
const SOCIAL_TOKEN_PREFIX = 'emulator-social:';

function legacyTokens(tenant: Tenant, client: ClientRecord, user: UserRecord, scope: string | undefined, actions: TokenAdditions) {
  const tokens = issueLoginTokens(tenant, { client, user, scope: scope ?? 'openid', allowRefresh: false, actions });
  return { id_token: tokens.id_token, access_token: tokens.access_token, token_type: 'bearer' };
}

function verifiedClaims(ctx: RouteContext, token: string) {
  const checked = ctx.tenant.signer.check(token, ctx.tenant.clock.nowSeconds());
  return checked.ok ? checked.claims : undefined;
}

export const registerLegacyAuthRoutes: RoutesModule = (routes) => {
  routes.auth('POST', '/oauth/ro', async (ctx) => {
    const body = bodyFields(ctx.body);
    const client = authenticateClient(ctx.tenant.state, ctx.req, body, { secretOptional: true });
    const connection = loginConnection(ctx, client, requireStr(body, 'connection'));
    const username = requireStr(body, 'username');
    const password = requireStr(body, 'password');
    let user: UserRecord;
    try {
      if (connection.strategy === 'email' || connection.strategy === 'sms') {
        // Passwordless with /oauth/ro: the password is the one-time code.
        if (!consumeOtp(ctx.tenant, client.client_id, connection.strategy, username, password)) {
          throw new OAuthError(401, 'invalid_user_password', 'Wrong email or verification code.');
        }
        user = findOrCreatePasswordlessUser(ctx, connection, username);
      } else {
        user = passwordLogin(ctx, client, connection, username, password);
      }
    } catch (err) {
      if (err instanceof OAuthError && err.error === 'invalid_grant') throw new OAuthError(401, 'invalid_user_password', err.message);
      throw err;
    }
    const scope = str(body, 'scope');
    const method = connection.strategy === 'email' || connection.strategy === 'sms' ? connection.strategy : 'pwd';
    const actions = await recordLogin(ctx, client, connection, user, { protocol: 'oauth2-resource-owner', scope, method });
    return legacyTokens(ctx.tenant, client, user, scope, actions);
  });

  routes.auth('POST', '/oauth/access_token', async (ctx) => {
    const body = bodyFields(ctx.body);
    const client = authenticateClient(ctx.tenant.state, ctx.req, body, { secretOptional: true });
    const connectionName = requireStr(body, 'connection');
    const accessToken = requireStr(body, 'access_token');
    const connection = ctx.tenant.state.connectionByName(connectionName);
    if (!connection || !SOCIAL_STRATEGIES.has(connection.strategy)) {
      throw new OAuthError(400, 'invalid_request', `The connection ${connectionName} is not a social connection supported here`);
    }
    if (!accessToken.startsWith(SOCIAL_TOKEN_PREFIX)) throw new OAuthError(401, 'invalid_token', 'invalid access_token');
    const email = accessToken.slice(SOCIAL_TOKEN_PREFIX.length).toLowerCase();
    const state = ctx.tenant.state;
    let user = state.users.findBy('email', email).find((u) => u.identities.some((i) => i.connection === connection.name));
    if (!user) {
      // Social users are created on first login, like Auth0's.
      user = createUser(state, { connection: connection.name, email, email_verified: true }, { now: ctx.tenant.clock.isoNow() });
      state.users.update(user.user_id, (u) => {
        u.identities[0].isSocial = true;
      });
    }
    const scope = str(body, 'scope');
    const actions = await recordLogin(ctx, client, connection, user, { protocol: 'oauth2-access-token', scope, method: 'federated' });
    return legacyTokens(ctx.tenant, client, user, scope, actions);
  });

  routes.auth('POST', '/delegation', (ctx) => {
    const body = bodyFields(ctx.body);
    const client = authenticateClient(ctx.tenant.state, ctx.req, body, { secretOptional: true });
    const grantType = requireStr(body, 'grant_type');
    if (grantType !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
    const state = ctx.tenant.state;
    let userId: string | undefined;
    const idToken = str(body, 'id_token');
    const refreshToken = str(body, 'refresh_token');
    if (idToken) {
      const claims = verifiedClaims(ctx, idToken);
      if (!claims) throw new OAuthError(401, 'invalid_token', 'invalid id_token');
      userId = String(claims.sub);
    } else if (refreshToken) {
      userId = state.refreshTokens.get(refreshToken)?.userId;
      if (!userId) throw new OAuthError(401, 'invalid_token', 'invalid refresh_token');
    } else {
      throw new OAuthError(400, 'invalid_request', 'Missing required parameter: id_token or refresh_token');
    }
    const user = state.users.get(userId);
    if (!user) throw new OAuthError(401, 'invalid_token', 'the user no longer exists');
    const target = str(body, 'target') ?? client.client_id;
    if (!state.clients.has(target)) throw new OAuthError(400, 'invalid_request', `Unknown target: ${target}`);
    const scopes = new Set((str(body, 'scope') ?? 'openid').split(/\s+/));
    return { id_token: issueIdToken(ctx.tenant, target, user, scopes), token_type: 'Bearer', expires_in: 36000 };
  });

  routes.auth('POST', '/tokeninfo', (ctx) => {
    const body = bodyFields(ctx.body);
    const idToken = requireStr(body, 'id_token');
    const claims = verifiedClaims(ctx, idToken);
    if (!claims) throw new RawBodyError(401, 'Unauthorized');
    const user = ctx.tenant.state.users.get(String(claims.sub));
    if (!user) throw new RawBodyError(401, 'Unauthorized');
    return { ...user };
  });

  routes.auth('GET', '/samlp/metadata/:client_id', (ctx) => {
    const client = ctx.tenant.state.clients.get(ctx.params.client_id);
    if (!client) throw new RawBodyError(404, 'Not Found');
    const base = ctx.tenant.url;
    const xml = `<?xml version="1.0"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="urn:${ctx.tenant.domain}">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="signing">${keyInfo(ctx.tenant)}</KeyDescriptor>
    <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/samlp/${client.client_id}/logout"/>
    <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/samlp/${client.client_id}/logout"/>
    <NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>
    <NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/samlp/${client.client_id}"/>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/samlp/${client.client_id}"/>
  </IDPSSODescriptor>
</EntityDescriptor>
`;
    return RawReply.text(xml, 'application/xml; charset=utf-8');
  });

  routes.auth('GET', '/wsfed/:client_id/FederationMetadata/2007-06/FederationMetadata.xml', (ctx) => {
    const client = ctx.tenant.state.clients.get(ctx.params.client_id);
    if (!client) throw new RawBodyError(404, 'Not Found');
    return wsfedMetadata(ctx.tenant, `${ctx.tenant.url}/wsfed/${client.client_id}`);
  });
  // The tenant-wide document (what the SDKs' wsfed_metadata fetches).
  routes.auth('GET', '/wsfed/FederationMetadata/2007-06/FederationMetadata.xml', (ctx) => wsfedMetadata(ctx.tenant, `${ctx.tenant.url}/wsfed`));
};

function wsfedMetadata(tenant: Tenant, endpoint: string): RawReply {
  const xml = `<?xml version="1.0"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="urn:${tenant.domain}">
  <RoleDescriptor xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:fed="http://docs.oasis-open.org/wsfed/federation/200706" xsi:type="fed:SecurityTokenServiceType" protocolSupportEnumeration="http://docs.oasis-open.org/wsfed/federation/200706">
    <KeyDescriptor use="signing">${keyInfo(tenant)}</KeyDescriptor>
    <fed:PassiveRequestorEndpoint>
      <EndpointReference xmlns="http://www.w3.org/2005/08/addressing"><Address>${endpoint}</Address></EndpointReference>
    </fed:PassiveRequestorEndpoint>
  </RoleDescriptor>
</EntityDescriptor>
`;
  return RawReply.text(xml, 'application/xml; charset=utf-8');
}

/** The signing key as XML-DSig KeyValue (the emulator has no X.509 certificate). */
function keyInfo(tenant: Tenant): string {
  const jwk = tenant.signer.jwks().keys[0];
  const b64 = (v: string) => Buffer.from(v, 'base64url').toString('base64');
  return `<KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><KeyName>${jwk.kid}</KeyName><KeyValue><RSAKeyValue><Modulus>${b64(jwk.n)}</Modulus><Exponent>${b64(jwk.e)}</Exponent></RSAKeyValue></KeyValue></KeyInfo>`;
}

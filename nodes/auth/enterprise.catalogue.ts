/**
 * auth0-enterprise: the SAML and WS-Federation metadata documents of the tenant.
 * Shapes: Auth0 Authentication API "SAML: Get Metadata", "WS-Federation: Get Metadata";
 * auth0-python Enterprise.
 */
import type { GroupSpec } from '../shared/catalogue';
import { BROWSER_URL_EXECUTOR, REDIRECT_ANSWER_EXECUTOR } from './executor-names';
import { authInputs } from './inputs';

export const enterpriseGroup: GroupSpec = {
  type: 'auth0-enterprise',
  name: 'enterprise',
  paletteLabel: 'enterprise',
  api: 'authentication',
  summary: 'Gets the SAML 2.0 metadata of an application or the WS-Federation metadata of the tenant, as XML text.',
  details: [
    "The XML document becomes msg.payload as a string (feed it to an xml node to get an object). client_id defaults to the tenant's Client ID credential.",
    'saml_login_url and wsfed_login_url send no request: they give the URL a browser follows to log in to an application through the tenant as SAML or WS-Federation identity provider (msg.payload.url, and a 302 for an http response node).',
    'idp_initiated_sso posts a SAML response of an identity provider to the tenant (IdP-initiated single sign-on) and gives where the tenant sends the browser.',
  ],
  references: [
    { title: 'Auth0 Authentication API: SAML metadata', url: 'https://auth0.com/docs/api/authentication/saml/get-metadata' },
    { title: 'Auth0 Authentication API: WS-Federation metadata', url: 'https://auth0.com/docs/api/authentication/ws-federation/get-metadata' },
  ],
  operations: [
    {
      id: 'saml_metadata',
      label: 'SAML metadata',
      description: 'Returns the SAML 2.0 identity-provider metadata of an application (its SAML add-on).',
      method: 'GET',
      path: '/samlp/metadata/{client_id}',
      auth: 'none',
      response: 'text',
      inputs: [authInputs.clientId('path')],
    },
    {
      id: 'wsfed_metadata',
      label: 'WS-Federation metadata',
      description: 'Returns the WS-Federation metadata of the tenant.',
      method: 'GET',
      path: '/wsfed/FederationMetadata/2007-06/FederationMetadata.xml',
      auth: 'none',
      response: 'text',
      inputs: [],
    },
    {
      id: 'saml_login_url',
      label: 'SAML login URL',
      description: 'The URL of the tenant as SAML identity provider for an application (its SAML add-on): where a SAML service provider sends the browser.',
      method: 'GET',
      path: '/samlp/{client_id}',
      auth: 'none',
      executor: BROWSER_URL_EXECUTOR,
      output: 'msg.payload.url; msg.statusCode 302 and msg.headers.Location that URL.',
      inputs: [
        authInputs.clientId('path'),
        // Auth0's reference lists these as fields of the GET; the browser carries them in the query.
        {
          name: 'SAMLRequest',
          in: 'none',
          type: 'string',
          description: "The service provider's base64 SAML AuthnRequest (HTTP-Redirect binding), when it sent one.",
        },
        { name: 'RelayState', in: 'none', type: 'string', description: 'The RelayState to return to the service provider.' },
        { name: 'connection', in: 'none', type: 'string', description: 'Log in with this connection, skipping the login page.' },
        { name: 'organization', in: 'none', type: 'string', description: 'Log in to this organization (id).' },
      ],
    },
    {
      id: 'wsfed_login_url',
      label: 'WS-Federation login URL',
      description: 'The URL of the tenant as WS-Federation identity provider for an application: where a relying party sends the browser.',
      method: 'GET',
      path: '/wsfed/{client_id}',
      auth: 'none',
      executor: BROWSER_URL_EXECUTOR,
      output: 'msg.payload.url; msg.statusCode 302 and msg.headers.Location that URL.',
      inputs: [
        authInputs.clientId('path'),
        { name: 'wtrealm', in: 'query', type: 'string', description: "The relying party's realm (its identifier); unset: the application's." },
        { name: 'whr', in: 'query', type: 'string', description: 'The identity provider to use, as urn:CONNECTION_NAME, skipping the login page.' },
        { name: 'wctx', in: 'query', type: 'string', description: 'Context the relying party gets back.' },
        { name: 'wreply', in: 'query', type: 'string', description: 'Where the token is posted; it must be an allowed callback of the application.' },
      ],
    },
    {
      id: 'idp_initiated_sso',
      label: 'IdP-initiated SSO',
      description: "Posts an identity provider's SAML response to the tenant (IdP-initiated single sign-on).",
      method: 'POST',
      path: '/login/callback',
      auth: 'none',
      contentType: 'form',
      executor: REDIRECT_ANSWER_EXECUTOR,
      output: 'msg.payload.statusCode, location and body; with a location, msg.statusCode 302 and msg.headers.Location for an http response node.',
      inputs: [
        { name: 'connection', in: 'body', type: 'string', required: true, description: 'The SAML connection of the identity provider.' },
        {
          name: 'SAMLResponse',
          in: 'body',
          type: 'string',
          required: true,
          secret: true,
          description: 'The base64 SAML response the identity provider posted.',
        },
        { name: 'RelayState', in: 'body', type: 'string', description: 'The RelayState that came with it.' },
      ],
    },
  ],
};

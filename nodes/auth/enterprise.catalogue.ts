/**
 * auth0-enterprise: the SAML and WS-Federation metadata documents of the tenant.
 * Shapes: Auth0 Authentication API "SAML: Get Metadata", "WS-Federation: Get Metadata";
 * auth0-python Enterprise.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const enterpriseGroup: GroupSpec = {
  type: 'auth0-enterprise',
  name: 'enterprise',
  paletteLabel: 'auth0 enterprise',
  api: 'authentication',
  summary: 'Gets the SAML 2.0 metadata of an application or the WS-Federation metadata of the tenant, as XML text.',
  details: [
    "The XML document becomes msg.payload as a string (feed it to an xml node to get an object). client_id defaults to the tenant's Client ID credential.",
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
      method: 'GET', path: '/samlp/metadata/{client_id}', auth: 'none', response: 'text',
      inputs: [authInputs.clientId('path')],
    },
    {
      id: 'wsfed_metadata',
      label: 'WS-Federation metadata',
      description: 'Returns the WS-Federation metadata of the tenant.',
      method: 'GET', path: '/wsfed/FederationMetadata/2007-06/FederationMetadata.xml', auth: 'none', response: 'text',
      inputs: [],
    },
  ],
};

/** The node modules (below dist/nodes) of the login and token flows, for the suites that run them in Node-RED. */
export const AUTH_FLOW_MODULES: readonly string[] = [
  'auth/auth0-authorize',
  'auth/auth0-token',
  'auth/auth0-userinfo',
  'auth/auth0-verify-token',
  'auth/auth0-revoke-token',
  'auth/auth0-passwordless',
  'auth/auth0-database',
  'auth/auth0-logout',
  'auth/auth0-social',
  'auth/auth0-enterprise',
  'auth/auth0-delegated',
];

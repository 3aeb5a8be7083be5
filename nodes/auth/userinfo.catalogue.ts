/**
 * auth0-userinfo: the user's profile for an access token (GET /userinfo with the token as a
 * Bearer credential). Authorization is the tenant client's alone, so the `auth.userinfo` executor
 * hands the token over in RequestSpec.bearerToken and the client sends it.
 */
import type { GroupSpec } from '../shared/catalogue';

export const USERINFO_EXECUTOR = 'auth.userinfo';

export const userinfoGroup: GroupSpec = {
  type: 'auth0-userinfo',
  name: 'userinfo',
  paletteLabel: 'userinfo',
  api: 'authentication',
  summary: "Gets the user's profile (the OpenID Connect userinfo claims) for a user's access token.",
  details: [
    'The access token must have been issued with the openid scope. It is sent as a Bearer credential and never written to the status, to the log or into an error.',
    'The profile (sub, name, email, picture, …) becomes msg.payload.',
  ],
  references: [{ title: 'Auth0 Authentication API: User Profile', url: 'https://auth0.com/docs/api/authentication/user-profile/get-user-info' }],
  operations: [
    {
      id: 'userinfo',
      label: 'Get user info',
      description: 'Returns the profile of the user the access token was issued to.',
      method: 'GET',
      path: '/userinfo',
      auth: 'none',
      executor: USERINFO_EXECUTOR,
      inputs: [
        { name: 'access_token', in: 'none', type: 'string', required: true, secret: true, description: "The user's access token (from a token response)." },
      ],
    },
    {
      id: 'tokeninfo',
      label: 'Token info (legacy)',
      description: 'Returns the profile of the user an id token was issued to (legacy /tokeninfo).',
      method: 'POST',
      path: '/tokeninfo',
      auth: 'none',
      lifecycle: 'deprecated',
      replacement: "userinfo with an access token, or auth0-verify-token to read an id token's claims.",
      inputs: [{ name: 'id_token', in: 'body', type: 'string', required: true, secret: true, description: "The user's id token." }],
    },
  ],
};

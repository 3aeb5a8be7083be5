/**
 * auth0-par: Pushed Authorization Requests (RFC 9126): the application posts the parameters of
 * an authorization request and gets a request_uri to send the browser to /authorize with.
 * Shapes: Auth0 Authentication API "Pushed Authorization Requests";
 * auth0-python PushedAuthorizationRequests.pushed_authorization_request.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

import { PAR_EXECUTOR } from './executor-names';

export const parGroup: GroupSpec = {
  type: 'auth0-par',
  name: 'par',
  paletteLabel: 'par',
  api: 'authentication',
  summary:
    'Pushes the parameters of a login to Auth0 first (Pushed Authorization Request) and gives the short /authorize URL for the browser, with a 302 ready for an http response node.',
  details: [
    'msg.payload becomes { request_uri, expires_in, url }: url is the /authorize URL with client_id and request_uri only, so no parameter can be changed in the browser. msg.statusCode is 302 and msg.headers.Location that URL.',
    "Exchange the code the callback receives with an auth0-token node as usual. client_id and client_secret default to the tenant's credentials; the application needs PAR enabled (an Enterprise feature at Auth0).",
  ],
  references: [
    {
      title: 'Auth0 Authentication API: Pushed Authorization Requests',
      url: 'https://auth0.com/docs/api/authentication/authorization-code-flow-with-par/pushed-authorization-requests',
    },
    {
      title: 'Authorization Code Flow with PAR',
      url: 'https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow-with-par',
    },
  ],
  operations: [
    {
      id: 'pushed_authorization_request',
      label: 'Push authorization request',
      description: 'Posts the authorization parameters; the answer holds request_uri and expires_in, and the node adds the /authorize URL.',
      method: 'POST',
      path: '/oauth/par',
      auth: 'none',
      contentType: 'form',
      executor: PAR_EXECUTOR,
      output: 'msg.payload.request_uri, expires_in and url; msg.statusCode 302 and msg.headers.Location the URL.',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(true),
        { name: 'response_type', in: 'body', type: 'string', default: 'code', enum: ['code'], description: 'Always code.' },
        {
          name: 'redirect_uri',
          in: 'body',
          type: 'string',
          required: true,
          description: "The callback URL; it must be in the application's Allowed Callback URLs.",
        },
        authInputs.scope('openid'),
        { name: 'state', in: 'body', type: 'string', description: 'A value the callback gets back, to tie it to this request.' },
        authInputs.audience(),
        { name: 'nonce', in: 'body', type: 'string', description: 'A value the id token carries back, against replay.' },
        { name: 'code_challenge', in: 'body', type: 'string', description: 'PKCE: the S256 challenge of the verifier kept for the token exchange.' },
        { name: 'code_challenge_method', in: 'body', type: 'string', enum: ['S256'], description: 'PKCE: S256.' },
        { name: 'connection', in: 'body', type: 'string', description: 'Send the user straight to this connection.' },
        { name: 'organization', in: 'body', type: 'string', description: 'Log in to this organization (id or name).' },
        {
          name: 'authorization_details',
          in: 'body',
          type: 'array',
          description: 'Rich authorization requests (RFC 9396): an array of objects, each with a type the API defines; sent as one JSON array.',
        },
        {
          name: 'authorization_params',
          in: 'body',
          type: 'object',
          wholeBody: true,
          description: 'Further authorization parameters (prompt, login_hint, …) as an object; the inputs above take precedence.',
        },
      ],
    },
  ],
};

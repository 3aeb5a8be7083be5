/**
 * auth0-backchannel: Client-Initiated Backchannel Authentication (CIBA): the application asks
 * Auth0 to have a user approve a login on their own device (Guardian push), then polls.
 * Shapes: Auth0 Authentication API "Back-Channel Login" (POST /bc-authorize) and the
 * urn:openid:params:grant-type:ciba grant; auth0-python BackChannelLogin.back_channel_login.
 */
import type { GroupSpec, InputSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const BACKCHANNEL_LOGIN_EXECUTOR = 'auth.backchannel-login';

const startInputs: readonly InputSpec[] = [
  authInputs.clientId(),
  authInputs.clientSecret(true),
  {
    name: 'binding_message',
    in: 'body',
    type: 'string',
    required: true,
    description: 'A short text the user sees on their device, to recognise the request (for example "Order 1234: pay 20 EUR").',
  },
  {
    name: 'login_hint',
    in: 'body',
    type: 'any',
    required: true,
    description: 'The user: an object (or its JSON text) {"format":"iss_sub","iss":"https://TENANT/","sub":"USER_ID"}.',
  },
  authInputs.scope('openid', 'Scopes, separated by spaces; openid at least.'),
  authInputs.audience(),
  { name: 'requested_expiry', in: 'body', type: 'integer', description: 'Seconds the request lives (1 to 300; Auth0 default 300).' },
  {
    name: 'authorization_details',
    in: 'body',
    type: 'array',
    description: 'Rich authorization requests (RFC 9396): an array of objects, each with a type the API defines; sent as one JSON array.',
  },
];

export const backchannelGroup: GroupSpec = {
  type: 'auth0-backchannel',
  name: 'backchannel',
  paletteLabel: 'back channel',
  api: 'authentication',
  summary: 'Asks a user to approve a login on their own phone (Client-Initiated Backchannel Authentication, CIBA) and sends the tokens once they did.',
  details: [
    'Operation login sends two messages: first msg.payload with auth_req_id, expires_in and interval once Auth0 accepted the request; then, after the user approved, the token response. A rejection (access_denied) or an expired request (expired_token) fails the message, for a Catch node.',
    "The node polls the token endpoint every interval seconds (slower after a slow_down) and stops when it is closed. Operation back_channel_login only starts the request; poll with the auth0-token node's backchannel_login operation.",
    "The user needs an enrolled Guardian push authenticator; client_id and client_secret default to the tenant's credentials.",
  ],
  references: [
    { title: 'Auth0 Authentication API: Back-Channel Login', url: 'https://auth0.com/docs/api/authentication/login/back-channel-login' },
    {
      title: 'Client-Initiated Backchannel Authentication Flow',
      url: 'https://auth0.com/docs/get-started/authentication-and-authorization-flow/client-initiated-backchannel-authentication-flow',
    },
  ],
  operations: [
    {
      id: 'login',
      label: 'Log in (request, then tokens)',
      description: 'Starts a backchannel login and polls until the user approved or rejected it on their device, or it expired.',
      method: 'POST',
      path: '/bc-authorize',
      auth: 'none',
      contentType: 'form',
      executor: BACKCHANNEL_LOGIN_EXECUTOR,
      output: 'Two messages: first msg.payload.auth_req_id, expires_in, interval; then the token response.',
      inputs: startInputs,
    },
    {
      id: 'back_channel_login',
      label: 'Start backchannel login',
      description: 'Starts a backchannel login request (one request, no polling); the answer holds auth_req_id, expires_in and interval.',
      method: 'POST',
      path: '/bc-authorize',
      auth: 'none',
      contentType: 'form',
      inputs: startInputs,
    },
  ],
};

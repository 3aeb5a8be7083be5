/**
 * auth0-device-flow: the device authorization flow (RFC 8628) for input-constrained devices.
 * Shapes: Auth0 Authentication API "Device Authorization Flow": POST /oauth/device/code, then
 * POST /oauth/token with the device_code grant. The `auth.device-login` executor polls.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const DEVICE_LOGIN_EXECUTOR = 'auth.device-login';

const startInputs = [
  authInputs.clientId(),
  authInputs.scope(undefined, 'Scopes, separated by spaces (openid profile offline_access …).'),
  authInputs.audience(),
] as const;

export const deviceFlowGroup: GroupSpec = {
  type: 'auth0-device-flow',
  name: 'device_flow',
  paletteLabel: 'device flow',
  api: 'authentication',
  summary:
    'Logs a user in on a device without a browser or keyboard: shows a code the user enters on a phone or computer, then waits for their approval and sends the tokens.',
  details: [
    'Operation login sends two messages: first msg.payload with user_code, verification_uri, verification_uri_complete (a link with the code in it, for a QR code), expires_in and interval, to show the user; then, once the user approved, msg.payload with the tokens (access_token, id_token, refresh_token, …).',
    'Meanwhile the node asks the token endpoint every interval seconds, slower after each slow_down, as Auth0 requires. A denial (access_denied) or an expired code (expired_token) fails the message, for a Catch node. Closing or redeploying the node stops the polling.',
    "The device_code stays inside the node. Operation request_code only asks for the codes (device_code included); the auth0-token node's device_code operation then polls once per message.",
    "client_id defaults to the tenant's Client ID credential. The application must be a native application with the Device Code grant enabled.",
  ],
  references: [
    { title: 'Auth0 Authentication API: Device Authorization Flow', url: 'https://auth0.com/docs/api/authentication/device-code/device-authorization-flow' },
    {
      title: 'Call your API using the Device Authorization Flow',
      url: 'https://auth0.com/docs/get-started/authentication-and-authorization-flow/device-authorization-flow/call-your-api-using-the-device-authorization-flow',
    },
  ],
  operations: [
    {
      id: 'login',
      label: 'Log in (code, then tokens)',
      description: 'Gets a user code to show the user, then polls until the user approved, denied or the code expired.',
      method: 'POST',
      path: '/oauth/device/code',
      auth: 'none',
      contentType: 'form',
      executor: DEVICE_LOGIN_EXECUTOR,
      output: 'Two messages: first msg.payload.user_code, verification_uri, verification_uri_complete, expires_in, interval; then the token response.',
      inputs: [...startInputs],
    },
    {
      id: 'request_code',
      label: 'Request device code',
      description: 'Asks for a device code and a user code (one request, no polling).',
      method: 'POST',
      path: '/oauth/device/code',
      auth: 'none',
      contentType: 'form',
      inputs: [...startInputs],
    },
  ],
};

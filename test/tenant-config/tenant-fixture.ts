/**
 * An emulator tenant with every kind of configuration a snapshot reads, made through the
 * Management API as an administrator would (plus the emulator's seed for organizations' members
 * and roles' permissions), and the secrets in it, to prove none of them leaves the config node.
 */
import type { Emulator } from '../../emulator';
import type { FlowNode } from '../helpers/node-red';

/** The config node `tenant` for the emulator, as the snapshot suites deploy it. */
export function emulatorTenantNode(emu: Emulator): FlowNode {
  return {
    id: 'tenant',
    type: 'auth0-config',
    name: 'emulator',
    domain: new URL(emu.url).host,
    audience: emu.managementAudience,
    protocol: 'http',
    timeout: 5,
    readTimeout: 5,
    retries: 1,
  };
}

export interface SeededTenant {
  /** Every secret value written into the tenant. */
  secrets: string[];
  roleId: string;
  actionId: string;
  appId: string;
  grantId: string;
}

export type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

/** A Management API caller with the emulator's full token; a non-2xx answer throws with the body. */
export function managementApi(emu: Emulator): Api {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emu.url}/api/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${emu.managementToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? {} : JSON.parse(text)) as T;
  };
}

export async function seedTenant(emu: Emulator, api: Api): Promise<SeededTenant> {
  const secrets: string[] = [emu.clientSecret, emu.webClient.clientSecret];
  const app = await api<{ client_id: string; client_secret: string }>('POST', '/clients', {
    name: 'Payroll',
    app_type: 'regular_web',
    callbacks: ['https://payroll.example/callback'],
  });
  secrets.push(app.client_secret);
  const signingSecret = 'api-signing-secret-0123456789abcdef';
  secrets.push(signingSecret);
  await api('POST', '/resource-servers', {
    name: 'Payroll API',
    identifier: 'https://payroll.example/api',
    signing_alg: 'HS256',
    signing_secret: signingSecret,
    scopes: [
      { value: 'read:payslips', description: 'Read payslips' },
      { value: 'write:payslips', description: 'Write payslips' },
    ],
  });
  const grant = await api<{ id: string }>('POST', '/client-grants', {
    client_id: app.client_id,
    audience: 'https://payroll.example/api',
    scope: ['read:payslips'],
  });
  const googleSecret = 'google-oauth-client-secret-ABCDEF';
  secrets.push(googleSecret);
  await api('POST', '/connections', {
    name: 'google-oauth2',
    strategy: 'google-oauth2',
    options: { client_id: 'google-client-id', client_secret: googleSecret, scope: ['email', 'profile'] },
    enabled_clients: [app.client_id],
  });
  const role = await api<{ id: string }>('POST', '/roles', { name: 'payroll-admin', description: 'Runs payroll' });
  await api('POST', `/roles/${role.id}/permissions`, {
    permissions: [{ resource_server_identifier: 'https://payroll.example/api', permission_name: 'read:payslips' }],
  });
  const connections = await api<{ id: string; name: string }[]>('GET', '/connections');
  const database = connections.find((c) => c.name === 'Username-Password-Authentication');
  const org = await api<{ id: string }>('POST', '/organizations', { name: 'acme', display_name: 'Acme' });
  await api('POST', `/organizations/${org.id}/enabled_connections`, { connection_id: database?.id, assign_membership_on_login: false });
  const action = await api<{ id: string }>('POST', '/actions/actions', {
    name: 'add-claims',
    supported_triggers: [{ id: 'post-login', version: 'v3' }],
    code: "exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim('https://acme/roles', []); };",
    runtime: 'node22',
    secrets: [{ name: 'API_KEY', value: 'action-secret-value-12345' }],
  });
  secrets.push('action-secret-value-12345');
  await deployAction(api, action.id);
  await api('PATCH', '/actions/triggers/post-login/bindings', { bindings: [{ ref: { type: 'action_id', value: action.id }, display_name: 'add-claims' }] });
  const logStreamAuth = 'Bearer log-stream-authorization-value-XYZ';
  secrets.push(logStreamAuth);
  await api('POST', '/log-streams', {
    name: 'SIEM',
    type: 'http',
    sink: {
      httpEndpoint: 'https://siem.example/ingest',
      httpContentType: 'application/json',
      httpContentFormat: 'JSONLINES',
      httpAuthorization: logStreamAuth,
    },
  });
  const webhookToken = 'event-stream-webhook-token-QRS';
  secrets.push(webhookToken);
  await api('POST', '/event-streams', {
    name: 'user-events',
    subscriptions: [{ event_type: 'user.created' }],
    destination: {
      type: 'webhook',
      configuration: { webhook_endpoint: 'https://hooks.example/auth0', webhook_authorization: { method: 'bearer', token: webhookToken } },
    },
  });
  const mailKey = 'SG.email-provider-api-key-777';
  secrets.push(mailKey);
  await api('POST', '/emails/provider', { name: 'sendgrid', enabled: true, default_from_address: 'no-reply@acme.example', credentials: { api_key: mailKey } });
  await api('POST', '/email-templates', {
    template: 'verify_email',
    enabled: true,
    from: 'no-reply@acme.example',
    subject: 'Verify your e-mail',
    body: '<p>Hello {{ user.name }}</p>',
    syntax: 'liquid',
  });
  const twilioToken = 'twilio-auth-token-98765';
  secrets.push(twilioToken);
  await api('PUT', '/guardian/factors/phone/providers/twilio', { from: '+15550100', sid: 'AC123', auth_token: twilioToken });
  await api('PUT', '/guardian/factors/otp', { enabled: true });
  await api('PUT', '/guardian/policies', ['all-applications']);
  await api('PATCH', '/attack-protection/brute-force-protection', { max_attempts: 5 });
  await api('POST', '/custom-domains', { domain: 'login.acme.example', type: 'auth0_managed_certs' });
  await api('POST', '/network-acls', {
    description: 'block bad range',
    active: true,
    priority: 1,
    rule: { action: { block: true }, scope: 'tenant', match: { ipv4_cidrs: ['203.0.113.0/24'] } },
  });
  await api('POST', '/hooks', {
    name: 'legacy-hook',
    script: 'module.exports = function (user, context, cb) { cb(null, user); };',
    triggerId: 'pre-user-registration',
  });
  await api('POST', '/rules', { name: 'legacy-rule', script: 'function (user, context, callback) { callback(null, user, context); }', enabled: false });
  const rulesConfig = 'rules-config-value-SECRET';
  secrets.push(rulesConfig);
  await api('PUT', '/rules-configs/PARTNER_KEY', { value: rulesConfig });
  await api('POST', '/forms', { name: 'progressive-profile' });
  await api('POST', '/flows', { name: 'after-signup' });
  await api('PATCH', '/branding', { colors: { primary: '#ff5500' } });
  await api('PUT', '/prompts/login/custom-text/en', { login: { title: 'Welcome to Acme' } });
  await api('PATCH', '/tenants/settings', { friendly_name: 'Acme' });
  return { secrets, roleId: role.id, actionId: action.id, appId: app.client_id, grantId: grant.id };
}

/** Deploys an action once its build is done (the emulator builds it a moment after a change). */
export async function deployAction(api: Api, id: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const action = await api<{ status?: string }>('GET', `/actions/actions/${id}`);
    if (action.status === 'built') {
      await api('POST', `/actions/actions/${id}/deploy`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`action ${id} was not built`);
}

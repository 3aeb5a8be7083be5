/**
 * Request cases for the groups added by issue 15 on the security and branding side (attack
 * protection, anomaly, risk assessments, supplemental signals, rate limit policies, network ACLs,
 * keys, branding) and the operations it adds to prompts, e-mail templates, custom domains and
 * guardian. Each expected request is written from Auth0's Management API reference (method, path,
 * query names, body), and the official SDK call beside it must send the same (sdk-parity.test.ts).
 */
import type { GroupSpec } from '../../../nodes/shared/catalogue';
import { brandingGroup } from '../../../nodes/branding/branding.catalogue';
import { customDomainsGroup } from '../../../nodes/connections/custom-domains.catalogue';
import { anomalyGroup } from '../../../nodes/security/anomaly.catalogue';
import { attackProtectionGroup } from '../../../nodes/security/attack-protection.catalogue';
import { guardianGroup } from '../../../nodes/security/guardian.catalogue';
import { keysGroup } from '../../../nodes/security/keys.catalogue';
import { networkAclsGroup } from '../../../nodes/security/network-acls.catalogue';
import { rateLimitPoliciesGroup } from '../../../nodes/security/rate-limit-policies.catalogue';
import { riskAssessmentsGroup } from '../../../nodes/security/risk-assessments.catalogue';
import { supplementalSignalsGroup } from '../../../nodes/security/supplemental-signals.catalogue';
import { emailTemplatesGroup } from '../../../nodes/tenant/email-templates.catalogue';
import { promptsGroup } from '../../../nodes/tenant/prompts.catalogue';
import type { ManagementClient } from 'auth0';
import type { ExpectedRequest, RequestCase } from './shared';

/** The new groups (the extended ones are already in cases/index.ts's GROUPS). */
export const SECURITY_BRANDING_GROUPS: readonly GroupSpec[] = [
  anomalyGroup,
  attackProtectionGroup,
  brandingGroup,
  keysGroup,
  networkAclsGroup,
  rateLimitPoliciesGroup,
  riskAssessmentsGroup,
  supplementalSignalsGroup,
];

/** An id with characters that must be encoded, and its encoding. */
const ODD = 'a/b?c#d %';
const E = 'a%2Fb%3Fc%23d%20%25';
const REF = 'Auth0 Management API reference';
/** SDK list parameters the flow did not set: null makes the SDK leave out its own defaults. */
const NONE: Any = null;

type SdkCall = NonNullable<RequestCase['sdk']>;

/** A case; `from` is the official SDK call that sends the same request, or where the expectation comes from. */
function c(group: GroupSpec, op: string, values: Record<string, unknown>, expect: ExpectedRequest, from: SdkCall | string = REF): RequestCase {
  return typeof from === 'string' ? { group, op, values, expect, source: from } : { group, op, values, expect, sdk: from };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
/** The SDK's request types are narrower than the JSON the cases send. */
const j = (value: unknown): Any => value;

const AP = '/api/v2/attack-protection';
const attackProtection: RequestCase[] = [
  [
    'breached_password_detection',
    'breached-password-detection',
    { enabled: true, shields: ['block'] },
    (m: ManagementClient) => m.attackProtection.breachedPasswordDetection,
  ],
  ['brute_force_protection', 'brute-force-protection', { max_attempts: 5 }, (m: ManagementClient) => m.attackProtection.bruteForceProtection],
  ['suspicious_ip_throttling', 'suspicious-ip-throttling', { allowlist: ['10.0.0.1'] }, (m: ManagementClient) => m.attackProtection.suspiciousIpThrottling],
  ['bot_detection', 'bot-detection', { bot_detection_level: 'high' }, (m: ManagementClient) => m.attackProtection.botDetection],
  ['captcha', 'captcha', { active_provider_id: 'hcaptcha', hcaptcha: { site_key: 'k', secret: 's' } }, (m: ManagementClient) => m.attackProtection.captcha],
  ['phone_provider_protection', 'phone-provider-protection', { type: 'exponential' }, (m: ManagementClient) => m.attackProtection.phoneProviderProtection],
].flatMap(([id, segment, body, resource]) => {
  const of = resource as (m: ManagementClient) => Any;
  return [
    c(attackProtectionGroup, `get_${id as string}`, {}, { method: 'GET', path: `${AP}/${segment as string}` }, (m) => of(m).get()),
    c(attackProtectionGroup, `update_${id as string}`, { body }, { method: 'PATCH', path: `${AP}/${segment as string}`, body }, (m) =>
      id === 'phone_provider_protection' ? of(m).patch(j(body)) : of(m).update(j(body)),
    ),
  ];
});

const BR = '/api/v2/branding';
const THEME = {
  borders: { button_border_radius: 4 },
  colors: { primary_button: '#0059d6' },
  fonts: { font_url: '' },
  page_background: { background_color: '#fff' },
  widget: { logo_position: 'center' },
};
const branding: RequestCase[] = [
  c(brandingGroup, 'get', {}, { method: 'GET', path: BR }, (m) => m.branding.get()),
  c(
    brandingGroup,
    'update',
    { body: { logo_url: 'https://x.example/logo.png' } },
    { method: 'PATCH', path: BR, body: { logo_url: 'https://x.example/logo.png' } },
    (m) => m.branding.update({ logo_url: 'https://x.example/logo.png' }),
  ),
  c(brandingGroup, 'get_template_universal_login', {}, { method: 'GET', path: `${BR}/templates/universal-login` }, (m) =>
    m.branding.templates.getUniversalLogin(),
  ),
  c(
    brandingGroup,
    'update_template_universal_login',
    { body: '<html>{%- auth0:head -%}{%- auth0:widget -%}</html>' },
    { method: 'PUT', path: `${BR}/templates/universal-login`, body: { template: '<html>{%- auth0:head -%}{%- auth0:widget -%}</html>' } },
    (m) => m.branding.templates.updateUniversalLogin(j({ template: '<html>{%- auth0:head -%}{%- auth0:widget -%}</html>' })),
  ),
  c(brandingGroup, 'delete_template_universal_login', {}, { method: 'DELETE', path: `${BR}/templates/universal-login` }, (m) =>
    m.branding.templates.deleteUniversalLogin(),
  ),
  c(brandingGroup, 'create_branding_theme', { body: THEME }, { method: 'POST', path: `${BR}/themes`, body: THEME }, (m) => m.branding.themes.create(j(THEME))),
  c(brandingGroup, 'get_default_branding_theme', {}, { method: 'GET', path: `${BR}/themes/default` }, (m) => m.branding.themes.getDefault()),
  c(brandingGroup, 'get_branding_theme', { theme_id: ODD }, { method: 'GET', path: `${BR}/themes/${E}` }, (m) => m.branding.themes.get(ODD)),
  c(brandingGroup, 'update_branding_theme', { theme_id: ODD, body: THEME }, { method: 'PATCH', path: `${BR}/themes/${E}`, body: THEME }, (m) =>
    m.branding.themes.update(ODD, j(THEME)),
  ),
  c(brandingGroup, 'delete_branding_theme', { theme_id: ODD }, { method: 'DELETE', path: `${BR}/themes/${E}` }, (m) => m.branding.themes.delete(ODD)),
  c(brandingGroup, 'all_phone_providers', {}, { method: 'GET', path: `${BR}/phone/providers` }, (m) => m.branding.phone.providers.list()),
  c(brandingGroup, 'all_phone_providers', { disabled: 'false' }, { method: 'GET', path: `${BR}/phone/providers`, query: { disabled: 'false' } }, (m) =>
    m.branding.phone.providers.list({ disabled: false }),
  ),
  c(
    brandingGroup,
    'create_phone_provider',
    { body: { name: 'twilio', credentials: { auth_token: 't' } } },
    { method: 'POST', path: `${BR}/phone/providers`, body: { name: 'twilio', credentials: { auth_token: 't' } } },
    (m) => m.branding.phone.providers.create(j({ name: 'twilio', credentials: { auth_token: 't' } })),
  ),
  c(brandingGroup, 'get_phone_provider', { id: ODD }, { method: 'GET', path: `${BR}/phone/providers/${E}` }, (m) => m.branding.phone.providers.get(ODD)),
  c(
    brandingGroup,
    'update_phone_provider',
    { id: ODD, body: { disabled: true } },
    { method: 'PATCH', path: `${BR}/phone/providers/${E}`, body: { disabled: true } },
    (m) => m.branding.phone.providers.update(ODD, { disabled: true }),
  ),
  c(brandingGroup, 'delete_phone_provider', { id: ODD }, { method: 'DELETE', path: `${BR}/phone/providers/${E}` }, (m) =>
    m.branding.phone.providers.delete(ODD),
  ),
  c(
    brandingGroup,
    'try_phone_provider',
    { id: ODD, body: { to: '+15550100', delivery_method: 'text' } },
    { method: 'POST', path: `${BR}/phone/providers/${E}/try`, body: { to: '+15550100', delivery_method: 'text' } },
    (m) => m.branding.phone.providers.test(ODD, j({ to: '+15550100', delivery_method: 'text' })),
  ),
  c(brandingGroup, 'all_phone_templates', { disabled: true }, { method: 'GET', path: `${BR}/phone/templates`, query: { disabled: 'true' } }, (m) =>
    m.branding.phone.templates.list({ disabled: true }),
  ),
  c(
    brandingGroup,
    'create_phone_template',
    { body: { type: 'otp_verify' } },
    { method: 'POST', path: `${BR}/phone/templates`, body: { type: 'otp_verify' } },
    (m) => m.branding.phone.templates.create(j({ type: 'otp_verify' })),
  ),
  c(brandingGroup, 'get_phone_template', { id: ODD }, { method: 'GET', path: `${BR}/phone/templates/${E}` }, (m) => m.branding.phone.templates.get(ODD)),
  c(
    brandingGroup,
    'update_phone_template',
    { id: ODD, body: { disabled: true } },
    { method: 'PATCH', path: `${BR}/phone/templates/${E}`, body: { disabled: true } },
    (m) => m.branding.phone.templates.update(ODD, { disabled: true }),
  ),
  c(brandingGroup, 'reset_phone_template', { id: ODD }, { method: 'PATCH', path: `${BR}/phone/templates/${E}/reset`, body: {} }, (m) =>
    m.branding.phone.templates.reset(ODD, j({})),
  ),
  c(brandingGroup, 'delete_phone_template', { id: ODD }, { method: 'DELETE', path: `${BR}/phone/templates/${E}` }, (m) =>
    m.branding.phone.templates.delete(ODD),
  ),
  c(
    brandingGroup,
    'try_phone_template',
    { id: ODD, body: { to: '+15550100' } },
    { method: 'POST', path: `${BR}/phone/templates/${E}/try`, body: { to: '+15550100' } },
    (m) => m.branding.phone.templates.test(ODD, j({ to: '+15550100' })),
  ),
];

const K = '/api/v2/keys';
const JWKS = { keys: [{ kty: 'RSA', kid: 'k1', use: 'sig', n: 'abc', e: 'AQAB' }] };
const keys: RequestCase[] = [
  c(keysGroup, 'all_signing_keys', {}, { method: 'GET', path: `${K}/signing` }, (m) => m.keys.signing.list()),
  c(keysGroup, 'get_signing_key', { kid: ODD }, { method: 'GET', path: `${K}/signing/${E}` }, (m) => m.keys.signing.get(ODD)),
  c(keysGroup, 'rotate_signing_key', {}, { method: 'POST', path: `${K}/signing/rotate` }, (m) => m.keys.signing.rotate()),
  c(keysGroup, 'revoke_signing_key', { kid: ODD }, { method: 'PUT', path: `${K}/signing/${E}/revoke` }, (m) => m.keys.signing.revoke(ODD)),
  c(keysGroup, 'get_custom_signing_keys', {}, { method: 'GET', path: `${K}/custom-signing` }, (m) => m.keys.customSigning.get()),
  c(keysGroup, 'set_custom_signing_keys', { body: JWKS }, { method: 'PUT', path: `${K}/custom-signing`, body: JWKS }, (m) => m.keys.customSigning.set(j(JWKS))),
  c(keysGroup, 'delete_custom_signing_keys', {}, { method: 'DELETE', path: `${K}/custom-signing` }, (m) => m.keys.customSigning.delete()),
  c(keysGroup, 'all_encryption_keys', {}, { method: 'GET', path: `${K}/encryption` }, (m) =>
    m.keys.encryption.list(j({ page: NONE, per_page: NONE, include_totals: NONE })),
  ),
  c(
    keysGroup,
    'all_encryption_keys',
    { page: 1, per_page: 10, include_totals: true },
    { method: 'GET', path: `${K}/encryption`, query: { page: '1', per_page: '10', include_totals: 'true' } },
    (m) => m.keys.encryption.list({ page: 1, per_page: 10, include_totals: true }),
  ),
  c(
    keysGroup,
    'create_encryption_key',
    { body: { type: 'customer-provided-root-key' } },
    { method: 'POST', path: `${K}/encryption`, body: { type: 'customer-provided-root-key' } },
    (m) => m.keys.encryption.create({ type: 'customer-provided-root-key' }),
  ),
  c(keysGroup, 'get_encryption_key', { kid: ODD }, { method: 'GET', path: `${K}/encryption/${E}` }, (m) => m.keys.encryption.get(ODD)),
  c(
    keysGroup,
    'import_encryption_key',
    { kid: ODD, body: { wrapped_key: 'AAAA' } },
    { method: 'POST', path: `${K}/encryption/${E}`, body: { wrapped_key: 'AAAA' } },
    (m) => m.keys.encryption.import(ODD, { wrapped_key: 'AAAA' }),
  ),
  c(keysGroup, 'create_encryption_wrapping_key', { kid: ODD }, { method: 'POST', path: `${K}/encryption/${E}/wrapping-key` }, (m) =>
    m.keys.encryption.createPublicWrappingKey(ODD),
  ),
  c(keysGroup, 'rekey_encryption_keys', {}, { method: 'POST', path: `${K}/encryption/rekey` }, (m) => m.keys.encryption.rekey()),
  c(keysGroup, 'delete_encryption_key', { kid: ODD }, { method: 'DELETE', path: `${K}/encryption/${E}` }, (m) => m.keys.encryption.delete(ODD)),
  c(keysGroup, 'all_network_acl_keys', {}, { method: 'GET', path: `${K}/network-acls` }, (m) => m.keys.networkAcls.list()),
  c(
    keysGroup,
    'create_network_acl_key',
    { body: { name: 'edge', alg: 'hmac-sha256', value: 'v' } },
    { method: 'POST', path: `${K}/network-acls`, body: { name: 'edge', alg: 'hmac-sha256', value: 'v' } },
    (m) => m.keys.networkAcls.create(j({ name: 'edge', alg: 'hmac-sha256', value: 'v' })),
  ),
  c(keysGroup, 'get_network_acl_key', { id: ODD }, { method: 'GET', path: `${K}/network-acls/${E}` }, (m) => m.keys.networkAcls.get(ODD)),
  c(keysGroup, 'delete_network_acl_key', { id: ODD }, { method: 'DELETE', path: `${K}/network-acls/${E}` }, (m) => m.keys.networkAcls.delete(ODD)),
];

const ACL = {
  description: 'block bad',
  active: true,
  priority: 1,
  rule: { action: { block: true }, scope: 'tenant', match: { ipv4_cidrs: ['198.51.100.0/24'] } },
};
const NA = '/api/v2/network-acls';
const networkAcls: RequestCase[] = [
  c(networkAclsGroup, 'all', {}, { method: 'GET', path: NA, query: { page: '0', per_page: '25', include_totals: 'true' } }, (m) =>
    m.networkAcls.list({ page: 0, per_page: 25, include_totals: true }),
  ),
  c(
    networkAclsGroup,
    'all',
    { page: 2, per_page: 5, include_totals: false },
    { method: 'GET', path: NA, query: { page: '2', per_page: '5', include_totals: 'false' } },
    (m) => m.networkAcls.list({ page: 2, per_page: 5, include_totals: false }),
  ),
  c(networkAclsGroup, 'create', { body: ACL }, { method: 'POST', path: NA, body: ACL }, (m) => m.networkAcls.create(j(ACL))),
  c(networkAclsGroup, 'get', { id: ODD }, { method: 'GET', path: `${NA}/${E}` }, (m) => m.networkAcls.get(ODD)),
  c(networkAclsGroup, 'update', { id: ODD, body: ACL }, { method: 'PUT', path: `${NA}/${E}`, body: ACL }, (m) => m.networkAcls.set(ODD, j(ACL))),
  c(networkAclsGroup, 'update_partial', { id: ODD, body: { active: false } }, { method: 'PATCH', path: `${NA}/${E}`, body: { active: false } }, (m) =>
    m.networkAcls.update(ODD, { active: false }),
  ),
  c(networkAclsGroup, 'delete', { id: ODD }, { method: 'DELETE', path: `${NA}/${E}` }, (m) => m.networkAcls.delete(ODD)),
];

const RL = '/api/v2/rate-limit-policies';
const POLICY = { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', configuration: { rate: 10 } };
const small: RequestCase[] = [
  c(anomalyGroup, 'check_ip', { id: '203.0.113.9' }, { method: 'GET', path: '/api/v2/anomaly/blocks/ips/203.0.113.9' }, (m) =>
    m.anomaly.blocks.checkIp('203.0.113.9'),
  ),
  c(anomalyGroup, 'unblock_ip', { id: '2001:db8::1' }, { method: 'DELETE', path: '/api/v2/anomaly/blocks/ips/2001%3Adb8%3A%3A1' }, (m) =>
    m.anomaly.blocks.unblockIp('2001:db8::1'),
  ),
  c(riskAssessmentsGroup, 'get_settings', {}, { method: 'GET', path: '/api/v2/risk-assessments/settings' }, (m) => m.riskAssessments.settings.get()),
  c(
    riskAssessmentsGroup,
    'update_settings',
    { body: { enabled: true } },
    { method: 'PATCH', path: '/api/v2/risk-assessments/settings', body: { enabled: true } },
    (m) => m.riskAssessments.settings.update({ enabled: true }),
  ),
  c(riskAssessmentsGroup, 'get_new_device_settings', {}, { method: 'GET', path: '/api/v2/risk-assessments/settings/new-device' }, (m) =>
    m.riskAssessments.settings.newDevice.get(),
  ),
  c(
    riskAssessmentsGroup,
    'update_new_device_settings',
    { body: { remember_for: 60 } },
    { method: 'PATCH', path: '/api/v2/risk-assessments/settings/new-device', body: { remember_for: 60 } },
    (m) => m.riskAssessments.settings.newDevice.update({ remember_for: 60 }),
  ),
  c(supplementalSignalsGroup, 'get', {}, { method: 'GET', path: '/api/v2/supplemental-signals' }, (m) => m.supplementalSignals.get()),
  c(
    supplementalSignalsGroup,
    'update',
    { body: { akamai_enabled: true } },
    { method: 'PATCH', path: '/api/v2/supplemental-signals', body: { akamai_enabled: true } },
    (m) => m.supplementalSignals.patch({ akamai_enabled: true }),
  ),
  c(rateLimitPoliciesGroup, 'all', {}, { method: 'GET', path: RL }, (m) => m.rateLimitPolicies.list(j({ take: NONE }))),
  c(
    rateLimitPoliciesGroup,
    'all',
    { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', from_param: 'abc', take: 10 },
    { method: 'GET', path: RL, query: { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', from: 'abc', take: '10' } },
    (m) => m.rateLimitPolicies.list(j({ resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', from: 'abc', take: 10 })),
  ),
  c(rateLimitPoliciesGroup, 'create', { body: POLICY }, { method: 'POST', path: RL, body: POLICY }, (m) => m.rateLimitPolicies.create(j(POLICY))),
  c(rateLimitPoliciesGroup, 'get', { id: ODD }, { method: 'GET', path: `${RL}/${E}` }, (m) => m.rateLimitPolicies.get(ODD)),
  c(
    rateLimitPoliciesGroup,
    'update',
    { id: ODD, body: { configuration: { rate: 20 } } },
    { method: 'PATCH', path: `${RL}/${E}`, body: { configuration: { rate: 20 } } },
    (m) => m.rateLimitPolicies.update(ODD, j({ configuration: { rate: 20 } })),
  ),
  c(rateLimitPoliciesGroup, 'delete', { id: ODD }, { method: 'DELETE', path: `${RL}/${E}` }, (m) => m.rateLimitPolicies.delete(ODD)),
];

const PR = '/api/v2/prompts';
const TEMPLATE = { template: 'verify_email', body: '<p>hi</p>', from: 'me@example.com', subject: 'Hi', syntax: 'liquid', enabled: true };
const extended: RequestCase[] = [
  c(promptsGroup, 'get_partials', { prompt: 'login' }, { method: 'GET', path: `${PR}/login/partials` }, (m) => m.prompts.partials.get('login')),
  c(
    promptsGroup,
    'update_partials',
    { prompt: 'signup', body: { signup: { 'form-content-end': '<p>x</p>' } } },
    { method: 'PUT', path: `${PR}/signup/partials`, body: { signup: { 'form-content-end': '<p>x</p>' } } },
    (m) => m.prompts.partials.set('signup', j({ signup: { 'form-content-end': '<p>x</p>' } })),
  ),
  c(promptsGroup, 'all_renderings', {}, { method: 'GET', path: `${PR}/rendering` }, (m) =>
    m.prompts.rendering.list(j({ page: NONE, per_page: NONE, include_totals: NONE })),
  ),
  c(
    promptsGroup,
    'all_renderings',
    { prompt: ['login-id', 'signup'], rendering_mode: 'advanced', page: 0, per_page: 10, include_totals: true, fields: 'prompt,screen' },
    {
      method: 'GET',
      path: `${PR}/rendering`,
      query: { prompt: 'login-id,signup', rendering_mode: 'advanced', page: '0', per_page: '10', include_totals: 'true', fields: 'prompt,screen' },
    },
    (m) =>
      m.prompts.rendering.list(
        j({ prompt: 'login-id,signup', rendering_mode: 'advanced', page: 0, per_page: 10, include_totals: true, fields: 'prompt,screen' }),
      ),
  ),
  c(
    promptsGroup,
    'update_renderings',
    { body: { configs: [{ prompt: 'login-id', screen: 'login-id', rendering_mode: 'advanced' }] } },
    { method: 'PATCH', path: `${PR}/rendering`, body: { configs: [{ prompt: 'login-id', screen: 'login-id', rendering_mode: 'advanced' }] } },
    (m) => m.prompts.rendering.bulkUpdate(j({ configs: [{ prompt: 'login-id', screen: 'login-id', rendering_mode: 'advanced' }] })),
  ),
  c(promptsGroup, 'get_rendering', { prompt: 'login-id', screen: 'login-id' }, { method: 'GET', path: `${PR}/login-id/screen/login-id/rendering` }, (m) =>
    m.prompts.rendering.get('login-id', 'login-id'),
  ),
  c(
    promptsGroup,
    'update_rendering',
    { prompt: 'login-id', screen: 'login-id', body: { rendering_mode: 'standard' } },
    { method: 'PATCH', path: `${PR}/login-id/screen/login-id/rendering`, body: { rendering_mode: 'standard' } },
    (m) => m.prompts.rendering.update('login-id', 'login-id', { rendering_mode: 'standard' }),
  ),
  c(
    emailTemplatesGroup,
    'set',
    { template_name: 'verify_email', body: TEMPLATE },
    { method: 'PUT', path: '/api/v2/email-templates/verify_email', body: TEMPLATE },
    (m) => m.emailTemplates.set('verify_email', j(TEMPLATE)),
  ),
  c(
    customDomainsGroup,
    'all',
    { q: 'domain:login.example.com', fields: ['domain', 'status'], include_fields: true, sort: 'domain:1', take: 5, from_param: 'cd_1' },
    {
      method: 'GET',
      path: '/api/v2/custom-domains',
      query: { q: 'domain:login.example.com', fields: 'domain,status', include_fields: 'true', sort: 'domain:1', take: '5', from: 'cd_1' },
    },
    (m) =>
      m.customDomains.list(
        { fields: 'domain,status' },
        { queryParams: { q: 'domain:login.example.com', include_fields: true, sort: 'domain:1', take: 5, from: 'cd_1' } },
      ),
  ),
  c(
    customDomainsGroup,
    'update',
    { id: ODD, body: { tls_policy: 'recommended' } },
    { method: 'PATCH', path: `/api/v2/custom-domains/${E}`, body: { tls_policy: 'recommended' } },
    (m) => m.customDomains.update(ODD, { tls_policy: 'recommended' }),
  ),
  c(customDomainsGroup, 'get_default', {}, { method: 'GET', path: '/api/v2/custom-domains/default' }, (m) => m.customDomains.getDefault()),
  c(
    customDomainsGroup,
    'update_default',
    { body: { domain: 'login.example.com' } },
    { method: 'PATCH', path: '/api/v2/custom-domains/default', body: { domain: 'login.example.com' } },
    (m) => m.customDomains.setDefault({ domain: 'login.example.com' }),
  ),
  c(customDomainsGroup, 'test', { id: ODD }, { method: 'POST', path: `/api/v2/custom-domains/${E}/test` }, (m) => m.customDomains.test(ODD)),
];

const G = '/api/v2/guardian/factors';
const TWILIO = { from: '+15550100', sid: 'AC1', auth_token: 'tok' };
const MESSAGES = { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' };
const guardian: RequestCase[] = [
  c(guardianGroup, 'get_phone_templates', {}, { method: 'GET', path: `${G}/phone/templates` }, (m) => m.guardian.factors.phone.getTemplates()),
  c(guardianGroup, 'update_phone_templates', { body: MESSAGES }, { method: 'PUT', path: `${G}/phone/templates`, body: MESSAGES }, (m) =>
    m.guardian.factors.phone.setTemplates(MESSAGES),
  ),
  c(guardianGroup, 'get_phone_message_types', {}, { method: 'GET', path: `${G}/phone/message-types` }, (m) => m.guardian.factors.phone.getMessageTypes()),
  c(
    guardianGroup,
    'update_phone_message_types',
    { body: { message_types: ['sms', 'voice'] } },
    { method: 'PUT', path: `${G}/phone/message-types`, body: { message_types: ['sms', 'voice'] } },
    (m) => m.guardian.factors.phone.setMessageTypes({ message_types: ['sms', 'voice'] }),
  ),
  c(guardianGroup, 'get_phone_selected_provider', {}, { method: 'GET', path: `${G}/phone/selected-provider` }, (m) =>
    m.guardian.factors.phone.getSelectedProvider(),
  ),
  c(
    guardianGroup,
    'update_phone_selected_provider',
    { body: { provider: 'twilio' } },
    { method: 'PUT', path: `${G}/phone/selected-provider`, body: { provider: 'twilio' } },
    (m) => m.guardian.factors.phone.setProvider({ provider: 'twilio' }),
  ),
  c(guardianGroup, 'get_phone_twilio_provider', {}, { method: 'GET', path: `${G}/phone/providers/twilio` }, (m) =>
    m.guardian.factors.phone.getTwilioProvider(),
  ),
  c(guardianGroup, 'update_phone_twilio_provider', { body: TWILIO }, { method: 'PUT', path: `${G}/phone/providers/twilio`, body: TWILIO }, (m) =>
    m.guardian.factors.phone.setTwilioProvider(TWILIO),
  ),
  c(guardianGroup, 'get_sms_selected_provider', {}, { method: 'GET', path: `${G}/sms/selected-provider` }, (m) => m.guardian.factors.sms.getSelectedProvider()),
  c(
    guardianGroup,
    'update_sms_selected_provider',
    { body: { provider: 'auth0' } },
    { method: 'PUT', path: `${G}/sms/selected-provider`, body: { provider: 'auth0' } },
    (m) => m.guardian.factors.sms.setProvider({ provider: 'auth0' }),
  ),
  c(guardianGroup, 'get_sms_twilio_provider', {}, { method: 'GET', path: `${G}/sms/providers/twilio` }, (m) => m.guardian.factors.sms.getTwilioProvider()),
  c(guardianGroup, 'update_sms_twilio_provider', { body: TWILIO }, { method: 'PUT', path: `${G}/sms/providers/twilio`, body: TWILIO }, (m) =>
    m.guardian.factors.sms.setTwilioProvider(TWILIO),
  ),
  c(guardianGroup, 'get_push_notification_selected_provider', {}, { method: 'GET', path: `${G}/push-notification/selected-provider` }, (m) =>
    m.guardian.factors.pushNotification.getSelectedProvider(),
  ),
  c(
    guardianGroup,
    'update_push_notification_selected_provider',
    { body: { provider: 'sns' } },
    { method: 'PUT', path: `${G}/push-notification/selected-provider`, body: { provider: 'sns' } },
    (m) => m.guardian.factors.pushNotification.setProvider({ provider: 'sns' }),
  ),
  c(guardianGroup, 'get_apns_provider', {}, { method: 'GET', path: `${G}/push-notification/providers/apns` }, (m) =>
    m.guardian.factors.pushNotification.getApnsProvider(),
  ),
  c(
    guardianGroup,
    'set_apns_provider',
    { body: { sandbox: true, bundle_id: 'com.example', p12: 'cert' } },
    { method: 'PUT', path: `${G}/push-notification/providers/apns`, body: { sandbox: true, bundle_id: 'com.example', p12: 'cert' } },
    (m) => m.guardian.factors.pushNotification.setApnsProvider({ sandbox: true, bundle_id: 'com.example', p12: 'cert' }),
  ),
  c(
    guardianGroup,
    'update_apns_provider',
    { body: { sandbox: false } },
    { method: 'PATCH', path: `${G}/push-notification/providers/apns`, body: { sandbox: false } },
    (m) => m.guardian.factors.pushNotification.updateApnsProvider({ sandbox: false }),
  ),
  c(
    guardianGroup,
    'set_fcm_provider',
    { body: { server_key: 'k' } },
    { method: 'PUT', path: `${G}/push-notification/providers/fcm`, body: { server_key: 'k' } },
    (m) => m.guardian.factors.pushNotification.setFcmProvider({ server_key: 'k' }),
  ),
  c(
    guardianGroup,
    'update_fcm_provider',
    { body: { server_key: 'k2' } },
    { method: 'PATCH', path: `${G}/push-notification/providers/fcm`, body: { server_key: 'k2' } },
    (m) => m.guardian.factors.pushNotification.updateFcmProvider({ server_key: 'k2' }),
  ),
  c(
    guardianGroup,
    'set_fcmv1_provider',
    { body: { server_credentials: '{}' } },
    { method: 'PUT', path: `${G}/push-notification/providers/fcmv1`, body: { server_credentials: '{}' } },
    (m) => m.guardian.factors.pushNotification.setFcmv1Provider({ server_credentials: '{}' }),
  ),
  c(
    guardianGroup,
    'update_fcmv1_provider',
    { body: { server_credentials: '{}' } },
    { method: 'PATCH', path: `${G}/push-notification/providers/fcmv1`, body: { server_credentials: '{}' } },
    (m) => m.guardian.factors.pushNotification.updateFcmv1Provider({ server_credentials: '{}' }),
  ),
  c(guardianGroup, 'get_sns_provider', {}, { method: 'GET', path: `${G}/push-notification/providers/sns` }, (m) =>
    m.guardian.factors.pushNotification.getSnsProvider(),
  ),
  c(
    guardianGroup,
    'set_sns_provider',
    { body: { aws_region: 'eu-west-1' } },
    { method: 'PUT', path: `${G}/push-notification/providers/sns`, body: { aws_region: 'eu-west-1' } },
    (m) => m.guardian.factors.pushNotification.setSnsProvider({ aws_region: 'eu-west-1' }),
  ),
  c(
    guardianGroup,
    'update_sns_provider',
    { body: { aws_region: 'us-east-1' } },
    { method: 'PATCH', path: `${G}/push-notification/providers/sns`, body: { aws_region: 'us-east-1' } },
    (m) => m.guardian.factors.pushNotification.updateSnsProvider({ aws_region: 'us-east-1' }),
  ),
  c(guardianGroup, 'get_duo_settings', {}, { method: 'GET', path: `${G}/duo/settings` }, (m) => m.guardian.factors.duo.settings.get()),
  c(
    guardianGroup,
    'set_duo_settings',
    { body: { ikey: 'i', skey: 's', host: 'api-1.duosecurity.com' } },
    { method: 'PUT', path: `${G}/duo/settings`, body: { ikey: 'i', skey: 's', host: 'api-1.duosecurity.com' } },
    (m) => m.guardian.factors.duo.settings.set({ ikey: 'i', skey: 's', host: 'api-1.duosecurity.com' }),
  ),
  c(
    guardianGroup,
    'update_duo_settings',
    { body: { host: 'api-2.duosecurity.com' } },
    { method: 'PATCH', path: `${G}/duo/settings`, body: { host: 'api-2.duosecurity.com' } },
    (m) => m.guardian.factors.duo.settings.update({ host: 'api-2.duosecurity.com' }),
  ),
  c(guardianGroup, 'get_policies', {}, { method: 'GET', path: '/api/v2/guardian/policies' }, (m) => m.guardian.policies.list()),
  c(guardianGroup, 'update_policies', { body: ['all-applications'] }, { method: 'PUT', path: '/api/v2/guardian/policies', body: ['all-applications'] }, (m) =>
    m.guardian.policies.set(['all-applications']),
  ),
  c(guardianGroup, 'update_policies', { body: [] }, { method: 'PUT', path: '/api/v2/guardian/policies', body: [] }, (m) => m.guardian.policies.set([])),
];

export const SECURITY_BRANDING_CASES: readonly RequestCase[] = [...attackProtection, ...branding, ...keys, ...networkAcls, ...small, ...extended, ...guardian];
